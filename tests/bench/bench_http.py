"""Turn throughput over HTTP next to a bare JSON endpoint of the same server.

    python tests/bench/bench_http.py [--seconds 6] [--clients 8]

Starts `penang-rummy serve` (uvicorn, one process, a fresh SQLite file) on a free
loopback port and deals a pool of seeded games. Before timing, the client plays each
game through once with the domain (a game is a pure function of its seed and its
moves), so that the timed loop sends ready turns, each a legal move, and checks that
the server answers each at the version the client expects: the client's own thinking
stays out of the figure, as it stays out of the bare loop. Then it measures, in
alternate one-second slices, how many turns per second the clients get recorded and
how many `GET /health` per second the same clients get (the baseline, measured in the
same run), and where /proc shows it, the server process's CPU time in each slice.

After each pair of slices, the rows that slice's turns wrote are read back and appended
again, one transaction per turn, into a fresh SQLite file by `sqlite3` alone
(`storage_floor`), in a third slice of at most a second: the storage's own limit,
measured under the same load as the turns, printed beside the turn rate with the share
of it the turns reach.

The goals, with SQLite's default `synchronous = full` (every commit synced to disk):
turns per second at least 0.6 of the bare rate, and server CPU per turn at most 3 times
a bare request's. Each is printed with its figure and `met` or `not met`. The run is
repeated with `normal` (PENANG_RUMMY_SQLITE_SYNCHRONOUS) for comparison, so the cost
of the disk sync shows. Bounded in time; no assertions on timings.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
from planned_games import PLAYERS, ROOT, Game
from storage_floor import Floor, Played, turn_rows

__all__ = ["PLAYERS", "Game"]
#: Turns per second, as a share of bare `GET /health` requests per second (at least).
RATE_GOAL = 0.6
#: Server CPU time per turn, as a multiple of a bare request's (at most).
CPU_GOAL = 3.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(directory: Path, synchronous: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env.update(
        PYTHONPATH=str(ROOT),
        PENANG_RUMMY_SQLITE_PATH=str(directory / "bench.sqlite"),
        PENANG_RUMMY_SQLITE_SYNCHRONOUS=synchronous,
        # One client sends thousands of requests a second: the limits would measure themselves.
        PENANG_RUMMY_RATE_LIMIT="off",
    )
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    command += ["--log-level", "warning"]
    server = subprocess.Popen(command, cwd=directory, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(base + "/health", timeout=1)
            return server, base
        except httpx.TransportError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


def deal_pool(base: str, count: int) -> list[Game]:
    games = []
    with httpx.Client(base_url=base) as client:
        for i in range(count):
            seed = f"bench-{i}"
            body = {"players": PLAYERS, "seed": seed}
            games.append(Game(client.post("/games", json=body).json(), seed))
    return games


def play_turns(
    base: str, pool: list[Game], lock: threading.Lock, stop: float, played: list[Played]
) -> int:
    """Send ready turns until `stop`, each noted in `played`; a game in progress goes back
    to the pool."""
    turns = 0
    with httpx.Client(base_url=base) as client:
        game = None
        while time.monotonic() < stop:
            if game is None or not game.turns:
                with lock:
                    if not pool:
                        break
                    game = pool.pop(0)
            seat, body, version = game.turns.pop(0)
            headers = {
                "Authorization": f"Bearer {game.tokens[seat]}",
                "Content-Type": "application/json",
            }
            if body is not None:
                path = f"/games/{game.id}/seats/{seat}/turns"
                response = client.post(path, content=body, headers=headers)
            else:
                response = client.post(f"/games/{game.id}/seats/{seat}/dead", headers=headers)
            if response.status_code != 200 or response.json()["version"] != version:
                raise SystemExit(f"turn answered otherwise: {response.status_code} {response.text}")
            played.append((game.id, game.version, version))
            game.version = version
            turns += 1
        if game is not None and game.turns:
            with lock:
                pool.append(game)
    return turns


def bare(base: str, stop: float) -> int:
    requests = 0
    with httpx.Client(base_url=base) as client:
        while time.monotonic() < stop:
            client.get("/health").raise_for_status()
            requests += 1
    return requests


def run_clients(clients: int, target: Any, *args: Any) -> tuple[int, float]:
    """Run `target` in `clients` threads; its counts summed, and the time taken."""
    results: list[int] = []
    failures: list[BaseException] = []

    def work() -> None:
        try:
            results.append(target(*args))
        except BaseException as failure:  # a thread's SystemExit would pass unseen
            failures.append(failure)

    threads = [threading.Thread(target=work) for _ in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return sum(results), time.monotonic() - started


def server_cpu(pid: int) -> float | None:
    """The process's user and system CPU seconds so far, where /proc shows them."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Measurement:
    """Counts, wall time and server CPU seconds (None: not measured) of both loops."""

    turns: int = 0
    turn_time: float = 0.0
    turn_cpu: float | None = 0.0
    health: int = 0
    health_time: float = 0.0
    health_cpu: float | None = 0.0
    #: Each timed turn (`storage_floor.Played`), and the storage's own rate of such turns.
    played: list[Played] = field(default_factory=list)
    floor: float | None = None


def _cpu_spent(pid: int, before: float | None, total: float | None) -> float | None:
    after = server_cpu(pid)
    if before is None or after is None or total is None:
        return None
    return total + after - before


def measure(args: argparse.Namespace, synchronous: str) -> Measurement:
    result = Measurement()
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        server, base = start_server(Path(directory), synchronous)
        floor = Floor(Path(directory), synchronous)
        try:
            pool = deal_pool(base, args.games)
            lock, played = threading.Lock(), result.played
            # Alternate one-second slices, so every figure meets the same machine load:
            # turns, the bare endpoint, then the storage floor of that slice's turns.
            for _ in range(max(1, round(args.seconds))):
                stop, cpu = time.monotonic() + 1.0, server_cpu(server.pid)
                first = len(played)
                count, spent = run_clients(args.clients, play_turns, base, pool, lock, stop, played)
                result.turns, result.turn_time = result.turns + count, result.turn_time + spent
                result.turn_cpu = _cpu_spent(server.pid, cpu, result.turn_cpu)
                stop, cpu = time.monotonic() + 1.0, server_cpu(server.pid)
                count, spent = run_clients(args.clients, bare, base, stop)
                result.health, result.health_time = (
                    result.health + count,
                    result.health_time + spent,
                )
                result.health_cpu = _cpu_spent(server.pid, cpu, result.health_cpu)
                floor.slice(turn_rows(Path(directory) / "bench.sqlite", played[first:]))
        finally:
            floor.close()
            server.terminate()
            server.wait(timeout=10)
    result.floor = floor.rate()
    return result


def verdict(met: bool) -> str:
    return "met" if met else "not met"


def floor_line(floor: float | None, turn_rate: float, synchronous: str) -> str:
    """The storage's own limit (`storage_floor`) and the share of it the turns reach."""
    if not floor:
        return "  storage floor: not measured (no turn's rows found)"
    return (
        f"  storage floor, bare synchronous={synchronous} SQLite appends of the same rows, "
        f"one transaction per turn: {floor:,.0f}/s; turns reach {turn_rate / floor:.2f} of it"
    )


def report(m: Measurement, synchronous: str) -> list[str]:
    """The figures, the baseline, and each goal with `met` or `not met` (for `full`)."""
    turn_rate, health_rate = m.turns / m.turn_time, m.health / m.health_time
    ratio = turn_rate / health_rate
    lines = [f"SQLite synchronous={synchronous}"]
    cpu_ratio = None
    if m.turn_cpu is not None and m.health_cpu is not None and m.turns and m.health:
        turn_ms, health_ms = 1000 * m.turn_cpu / m.turns, 1000 * m.health_cpu / m.health
        cpu_ratio = turn_ms / health_ms if health_ms else None
        turn_cpu, health_cpu = f"; server CPU {turn_ms:.2f} ms each", f"; {health_ms:.2f} ms each"
    else:
        turn_cpu = health_cpu = "; server CPU not measured (no /proc)"
    lines.append(
        f"  turn submissions: {m.turns} in {m.turn_time:.1f} s = {turn_rate:,.0f}/s{turn_cpu}"
    )
    lines.append(
        f"  baseline GET /health (same run): {m.health} in {m.health_time:.1f} s = "
        f"{health_rate:,.0f}/s{health_cpu}"
    )
    lines.append(floor_line(m.floor, turn_rate, synchronous))
    if synchronous != "full":
        cpu = "" if cpu_ratio is None else f", server CPU per turn {cpu_ratio:.2f}x a bare one"
        lines.append(f"  for comparison (the goals are set for full): turns/bare {ratio:.2f}{cpu}")
        return lines
    lines.append(
        f"  goal turns/s >= {RATE_GOAL:.2f} x the baseline: {ratio:.2f} x, "
        f"{verdict(ratio >= RATE_GOAL)}"
    )
    if cpu_ratio is None:
        lines.append(
            f"  goal server CPU per turn <= {CPU_GOAL:.1f} x a bare request's: not measured"
        )
    else:
        lines.append(
            f"  goal server CPU per turn <= {CPU_GOAL:.1f} x a bare request's: "
            f"{cpu_ratio:.2f} x, {verdict(cpu_ratio <= CPU_GOAL)}"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per measurement")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument("--games", type=int, default=600, help="games dealt before timing")
    args = parser.parse_args()
    for synchronous in ("full", "normal"):
        print("\n".join(report(measure(args, synchronous), synchronous)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
