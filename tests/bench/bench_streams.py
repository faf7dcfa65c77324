"""Live updates: how soon a turn reaches every stream open on its game.

    python tests/bench/bench_streams.py [--streams 200] [--games 1]

Starts `penang-rummy serve` (uvicorn, one process, a fresh SQLite file) on a free
loopback port, deals a seeded four-player game (the client works its turns out in
advance with the domain, as bench_http.py does, so its own thinking stays out of the
figure), and opens `--streams` spectator streams on it (`GET /games/{id}/stream`).
Then it plays the game turn by turn: for each turn, the time from the turn's 200 to
the moment its last event reached the last of the streams (0 when every stream had it
before the 200 came back). It prints p50 and p99 over every turn of the game, with the
goal (p99 under 50 ms on loopback) and `met` or `not met`, and the baseline measured in
the same run: the same with one stream. The streams are read from plain sockets in one
asyncio loop of the client, whose own reading still counts in the figure.

The default run takes a few seconds; a larger one: `--streams 1000 --games 5` (the
server's `PENANG_RUMMY_STREAMS_PER_ADDRESS` is raised to fit). No assertions on timings.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402
from bench_http import PLAYERS, Game, _free_port  # noqa: E402

#: The goal: a turn's events reach every stream within this many ms of its 200 (p99).
P99_GOAL_MS = 50.0


def start_server(directory: Path, streams: int) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env.update(
        PYTHONPATH=str(ROOT),
        PENANG_RUMMY_SQLITE_PATH=str(directory / "bench.sqlite"),
        PENANG_RUMMY_STREAMS_PER_ADDRESS=str(streams + 10),
        PENANG_RUMMY_RATE_LIMIT="off",  # the clients all come from one address
    )
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    server = subprocess.Popen([*command, "--log-level", "warning"], cwd=directory, env=env)
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


@dataclass
class Stream:
    """One open stream, read from a plain socket: when each event id arrived.

    A plain asyncio connection, not an HTTP client: the client reads as little as it
    can, so that what is measured is the server's delivery. The body is searched for
    `id:` lines only (the chunked encoding's size lines never start with one).
    """

    arrived: dict[int, float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    opened: asyncio.Event = field(default_factory=asyncio.Event)

    async def read(self, host: str, port: int, path: str) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await writer.drain()
        buffer = b""
        try:
            while chunk := await reader.read(65536):
                now = time.monotonic()
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"id: "):
                        self.arrived[int(line[4:])] = now
                    elif line.startswith(b"event: turn"):
                        self.opened.set()
                self.changed.set()
        finally:
            writer.close()


async def play(base: str, game: Game, streams: int) -> list[float]:
    """Open `streams` streams on `game`, play it; each turn's latency in ms."""
    address = httpx.URL(base)
    host, port, path = address.host, address.port or 80, f"/games/{game.id}/stream"
    latencies: list[float] = []
    async with httpx.AsyncClient(timeout=30) as client:
        readers = [Stream() for _ in range(streams)]
        tasks = [asyncio.create_task(reader.read(host, port, path)) for reader in readers]
        await asyncio.wait_for(asyncio.gather(*(r.opened.wait() for r in readers)), 60)
        for seat, body, version in game.turns:
            headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
            if body is None:
                response = await client.post(
                    f"{base}/games/{game.id}/seats/{seat}/dead", headers=headers
                )
            else:
                headers["Content-Type"] = "application/json"
                path = f"{base}/games/{game.id}/seats/{seat}/turns"
                response = await client.post(path, content=body, headers=headers)
            answered = time.monotonic()
            if response.status_code != 200 or response.json()["version"] != version:
                raise SystemExit(f"turn answered otherwise: {response.status_code} {response.text}")
            for reader in readers:
                while version not in reader.arrived:
                    reader.changed.clear()
                    await asyncio.wait_for(reader.changed.wait(), 30)
            last = max(reader.arrived[version] for reader in readers)
            latencies.append(max(0.0, last - answered) * 1000)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return latencies


def measure(streams: int, games: int) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        server, base = start_server(Path(directory), streams)
        try:
            latencies: list[float] = []
            with httpx.Client(base_url=base) as client:
                for number in range(games):
                    seed = f"bench-streams-{number}"
                    created = client.post("/games", json={"players": PLAYERS, "seed": seed})
                    game = Game(created.json(), seed)
                    latencies += asyncio.run(play(base, game, streams))
            return latencies
        finally:
            server.terminate()
            server.wait(timeout=15)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(streams: int, latencies: list[float], baseline: list[float]) -> list[str]:
    p50, p99 = percentile(latencies, 0.50), percentile(latencies, 0.99)
    b50, b99 = percentile(baseline, 0.50), percentile(baseline, 0.99)
    verdict = "met" if p99 < P99_GOAL_MS else "not met"
    return [
        f"live updates: {len(latencies)} turns, each from its 200 to its events on every stream",
        f"  {streams} streams: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"mean {statistics.fmean(latencies):.1f} ms",
        f"  baseline, 1 stream (same run): p50 {b50:.1f} ms, p99 {b99:.1f} ms",
        f"  goal p99 < {P99_GOAL_MS:.0f} ms with {streams} streams on loopback: "
        f"{p99:.1f} ms, {verdict}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=200, help="streams open on the game")
    parser.add_argument("--games", type=int, default=1, help="games played, one after another")
    args = parser.parse_args()
    baseline = measure(1, args.games)
    latencies = measure(args.streams, args.games)
    print("\n".join(report(args.streams, latencies, baseline)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
