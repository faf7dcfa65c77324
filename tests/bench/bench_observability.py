"""The turn rate with metrics and access lines on, against the same run with them off.

    python tests/bench/bench_observability.py [--seconds 4] [--clients 8] [--games 200]

Starts two `penang-rummy serve` processes on free loopback ports, each over a fresh
SQLite file with `synchronous = normal` (so that the disk's syncs, the same for both,
do not hide what the figures cost): one counting its figures (`PENANG_RUMMY_METRICS`
open) and writing an access line for every request as JSON at level info to a file,
the other with both off (the baseline, measured in the same run). Both deal the same
seeded games, played through once with the domain beforehand (`planned_games`), so
that the timed loop sends ready turns. The clients play turns against each server in
alternate one-second slices, the order swapped each round, so that both meet the
same machine load; where /proc shows it, each server's CPU time is summed over its
slices.

Afterwards the measured server is scraped once: the commands it counted and its
access lines are printed beside the turns played, to show that it counted them all.
The goal: with them on, at most 10% slower (turns per second at least 0.90 of the
baseline's). Printed with `met` or `not met`; no assertions on timings.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
from bench_http import server_cpu, verdict
from planned_games import PLAYERS, ROOT, Game
from prometheus_client.parser import text_string_to_metric_families

#: Turns per second with the figures and lines on, as a share of the baseline's (at least).
GOAL = 0.90
ON = {
    "PENANG_RUMMY_METRICS": "open",
    "PENANG_RUMMY_ACCESS_LOG": "on",
    "PENANG_RUMMY_LOG_FORMAT": "json",
}
OFF = {"PENANG_RUMMY_METRICS": "off", "PENANG_RUMMY_ACCESS_LOG": "off"}


@dataclass
class Server:
    """One served process, its games and what its slices measured."""

    name: str
    process: subprocess.Popen[bytes]
    base: str
    log: Path
    pool: list[Game] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0
    cpu: float | None = 0.0
    #: Its games ran out during a slice (its rate then counts idle clients: deal more).
    ran_out: bool = False


def start(directory: Path, name: str, env: dict[str, str], log: IO[bytes]) -> Server:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    clean.update(
        PYTHONPATH=str(ROOT),
        PENANG_RUMMY_SQLITE_PATH=str(directory / f"{name}.sqlite"),
        PENANG_RUMMY_SQLITE_SYNCHRONOUS="normal",
        PENANG_RUMMY_RATE_LIMIT="off",
        PENANG_RUMMY_LOG_LEVEL="info",
        **env,
    )
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(command, cwd=directory, env=clean, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(base + "/health", timeout=1)
            return Server(name, process, base, Path(log.name))
        except httpx.TransportError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit(f"the {name} server did not start")


def deal(servers: list[Server], count: int) -> None:
    """The same seeded games on every server, each planned once with the domain."""
    clients = [httpx.Client(base_url=server.base) for server in servers]
    try:
        for i in range(count):
            seed = f"bench-{i}"
            body = {"players": PLAYERS, "seed": seed}
            planned: Game | None = None
            for client, server in zip(clients, servers, strict=True):
                created = client.post("/games", json=body).json()
                if planned is None:
                    planned = Game(created, seed)
                    game = planned
                else:
                    game = _twin(planned, created)
                server.pool.append(game)
    finally:
        for client in clients:
            client.close()


def _twin(planned: Game, created: dict[str, Any]) -> Game:
    """The same game dealt by another server: its own id and tokens, the same turns."""
    # The deal is a function of the seed: the plan holds for every server.
    assert created["version"] == planned.version
    twin = copy.copy(planned)
    twin.id, twin.tokens, twin.turns = created["game_id"], created["tokens"], list(planned.turns)
    return twin


def play(client: httpx.Client, pool: list[Game], lock: threading.Lock, stop: float) -> int:
    """Send ready turns until `stop`; a game in progress goes back to the pool."""
    turns, game = 0, None
    while time.monotonic() < stop:
        if game is None or not game.turns:
            with lock:
                if not pool:
                    break
                game = pool.pop(0)
        seat, body, version = game.turns.pop(0)
        headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
        if body is None:
            response = client.post(f"/games/{game.id}/seats/{seat}/dead", headers=headers)
        else:
            headers["Content-Type"] = "application/json"
            path = f"/games/{game.id}/seats/{seat}/turns"
            response = client.post(path, content=body, headers=headers)
        if response.status_code != 200 or response.json()["version"] != version:
            raise SystemExit(f"turn answered otherwise: {response.status_code} {response.text}")
        turns += 1
    if game is not None and game.turns:
        with lock:
            pool.append(game)
    return turns


def slice_of(server: Server, clients: list[httpx.Client]) -> None:
    """One second of turns from every client at once, against `server`."""
    lock, counts, failures = threading.Lock(), [], []
    stop, cpu = time.monotonic() + 1.0, server_cpu(server.process.pid)

    def work(client: httpx.Client) -> None:
        try:
            counts.append(play(client, server.pool, lock, stop))
        except BaseException as failure:  # a thread's SystemExit would pass unseen
            failures.append(failure)

    threads = [threading.Thread(target=work, args=(client,)) for client in clients]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    server.turns += sum(counts)
    server.seconds += time.monotonic() - started
    server.ran_out = server.ran_out or not server.pool
    after = server_cpu(server.process.pid)
    if cpu is None or after is None or server.cpu is None:
        server.cpu = None
    else:
        server.cpu += after - cpu


def counted(server: Server) -> float:
    """The commands the server counted, as its /metrics says."""
    text = httpx.get(server.base + "/metrics").text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "penang_rummy_turns_total"
    )


def logged(server: Server) -> int:
    """The access lines of commands the server wrote (read once it stopped: all written)."""
    commands = ("submitTurn", "declareDead")
    return sum(
        1
        for line in server.log.read_text(encoding="utf-8").splitlines()
        if line.startswith("{") and json.loads(line).get("operation") in commands
    )


def report(on: Server, off: Server, commands: float, lines: int) -> list[str]:
    on_rate, off_rate = on.turns / on.seconds, off.turns / off.seconds
    ratio = on_rate / off_rate

    def cpu(server: Server) -> str:
        if server.cpu is None or not server.turns:
            return "server CPU not measured (no /proc)"
        return f"server CPU {1000 * server.cpu / server.turns:.3f} ms a turn"

    lines_out = [
        f"  metrics and access lines on: {on.turns} turns in {on.seconds:.1f} s = "
        f"{on_rate:,.0f}/s; {cpu(on)}; counted {commands:.0f} commands, "
        f"{lines} access lines of commands",
        f"  baseline, both off (same run): {off.turns} turns in {off.seconds:.1f} s = "
        f"{off_rate:,.0f}/s; {cpu(off)}",
    ]
    if on.cpu is not None and off.cpu is not None and on.turns and off.turns:
        cpu_ratio = (on.cpu / on.turns) / (off.cpu / off.turns)
        lines_out.append(f"  server CPU per turn: {cpu_ratio:.2f} x the baseline's")
    lines_out.append(
        f"  goal turns/s >= {GOAL:.2f} x the baseline (at most 10% slower): {ratio:.2f} x, "
        f"{verdict(ratio >= GOAL)}"
    )
    if on.ran_out or off.ran_out:
        lines_out.append("  the games ran out during the timing: run again with more --games")
    return lines_out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=4, help="one-second slices per server")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument("--games", type=int, default=200, help="games dealt on each server")
    args = parser.parse_args()
    print(
        f"observability: {args.seconds} one-second slices per server, {args.clients} client "
        f"threads, {args.games} games each, SQLite synchronous=normal "
        "(a longer run: --seconds 10 --games 500)",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as folder:
        directory = Path(folder)
        with (
            (directory / "on.log").open("wb") as on_log,
            (directory / "off.log").open("wb") as off_log,
        ):
            on, off = start(directory, "on", ON, on_log), start(directory, "off", OFF, off_log)
            clients = {
                server.name: [httpx.Client(base_url=server.base) for _ in range(args.clients)]
                for server in (on, off)
            }
            try:
                deal([on, off], args.games)
                for round_ in range(args.seconds):
                    for server in (on, off) if round_ % 2 == 0 else (off, on):
                        slice_of(server, clients[server.name])
                commands = counted(on)
            finally:
                for server in (on, off):
                    for client in clients[server.name]:
                        client.close()
                    server.process.terminate()
                    server.process.wait(timeout=15)
        lines = logged(on)
    print("\n".join(report(on, off, commands, lines)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
