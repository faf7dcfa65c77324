"""What an operator's stop and backup cost a running service (SQLite).

    python tests/bench/bench_operations.py [--full]

- stop: the seconds from SIGTERM to the exit of `penang-rummy serve` while 8 clients
  play turns, against the same for an idle process (the baseline), with its exit code.
  The goal: under load, at most the idle figure and 1 s (each request under way is a
  few milliseconds; streams end at once), and exit code 0.
- backup: `service.store.backup.backup` (what `penang-rummy backup` runs) of a store
  seeded with finished games (`penang-rummy simulate --store`), taken while 8 clients
  play turns on it: the copy's seconds and size, the turns answered per second while it
  copies against the same clients' rate just before it (the baseline: the copy's own
  CPU and disk are taken from the server's where the cores are few), and the longest
  wait between two answered turns during the copy against the longest in as long a
  time before it. The goal: the copy never holds the writers up (it reads one
  snapshot; in WAL mode the writers go on), so the longest wait during it is at most
  twice the longest before; a lock held for the copy would show as a wait as long as
  the copy. The copy is written to the store's own disk, then, where /dev/shm is
  memory, to another device: on one disk, the copy's writes delay the server's commit
  syncs (the disk's time is shared, not a lock), which the second figure tells apart.

CI's size seeds 2,000 games; the full size, 20,000 (`--full`, or
PENANG_RUMMY_BENCH_FULL=1). No assertions on timings.
"""

from __future__ import annotations

import argparse
import bisect
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import itertools

import httpx
from bench_http import Game, deal_pool
from scale_support import full_size, seed, served, size_line, store_env, verdict

from service.settings import Settings
from service.store.backup import backup

CLIENTS = 8
#: Under load, a stop may take at most this many seconds more than an idle one.
STOP_GOAL = 1.0
#: The longest wait between two turns while a backup copies, as a multiple of the
#: longest before (at most).
BACKUP_GOAL = 2.0


class Load:
    """CLIENTS threads sending ready turns until told to stop or the server goes away;
    the time of each turn answered."""

    def __init__(self, base: str, pool: list[Game]) -> None:
        self.answered: list[float] = []
        self.failures: list[BaseException] = []
        self._pool, self._lock, self._stop = pool, threading.Lock(), threading.Event()
        self._threads = [threading.Thread(target=self._run, args=(base,)) for _ in range(CLIENTS)]
        for thread in self._threads:
            thread.start()

    def _run(self, base: str) -> None:
        try:
            self._play(base)
        except BaseException as failure:  # a thread's SystemExit would pass unseen
            self.failures.append(failure)

    def _play(self, base: str) -> None:
        with httpx.Client(base_url=base, timeout=30) as client:
            while not self._stop.is_set():
                with self._lock:
                    game = next((game for game in self._pool if game.turns), None)
                    if game is None:
                        return
                    self._pool.remove(game)
                seat, body, _ = game.turns.pop(0)
                auth = {"Authorization": f"Bearer {game.tokens[seat]}"}
                auth["Content-Type"] = "application/json"
                path = f"/games/{game.id}/seats/{seat}"
                try:
                    if body is None:
                        response = client.post(path + "/dead", headers=auth)
                    else:
                        response = client.post(path + "/turns", content=body, headers=auth)
                except httpx.TransportError:
                    return  # the server is gone
                if response.status_code != 200:
                    raise SystemExit(f"turn answered otherwise: {response.text}")
                self.answered.append(time.monotonic())
                with self._lock:
                    self._pool.append(game)

    def rate(self, start: float, end: float) -> float:
        """Turns answered per second between `start` and `end`."""
        times = sorted(self.answered)
        count = bisect.bisect_right(times, end) - bisect.bisect_left(times, start)
        return count / (end - start)

    def longest_wait(self, start: float, end: float) -> float:
        """The longest time between two turns answered from `start` to `end` (and its ends)."""
        times = [start, *(t for t in sorted(self.answered) if start <= t <= end), end]
        return max(later - earlier for earlier, later in itertools.pairwise(times))

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()
        if self.failures:
            raise self.failures[0]


def stop_seconds(directory: Path, loaded: bool) -> tuple[float, int | None]:
    """Seconds from SIGTERM to exit, and the exit code, of a served process."""
    name = "loaded" if loaded else "idle"
    settings = Settings(sqlite_path=str(directory / f"stop-{name}.sqlite"))
    with served(store_env(settings, directory), directory) as (server, base):
        load = Load(base, deal_pool(base, 40)) if loaded else None
        time.sleep(1.0)
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
        took = time.monotonic() - started
        if load is not None:
            load.stop()
    return took, code


@dataclass(frozen=True)
class Copy:
    """A backup under load: where it went, its seconds and bytes; turns per second and
    the longest wait between two turns, during it and in as long a time before it."""

    where: str
    seconds: float
    size: int
    rate: tuple[float, float]
    wait: tuple[float, float]


def backup_figures(directory: Path, games: int) -> list[Copy]:
    """A backup to the store's own disk, then (where /dev/shm is memory) to another."""
    settings = Settings(sqlite_path=str(directory / "backup.sqlite"))
    seed(settings, games, "bench-operations")
    places = [("the store's disk", directory / "copy.sqlite")]
    if Path("/dev/shm").is_dir():
        places.append(
            ("another device (/dev/shm)", Path(f"/dev/shm/penang-rummy-bench-{os.getpid()}"))
        )
    copies = []
    with served(store_env(settings, directory), directory) as (_, base):
        load = Load(base, deal_pool(base, 160))
        for where, dest in places:
            time.sleep(2.0)
            started = time.monotonic()
            try:
                copied = backup(Path(settings.sqlite_path), dest)
            finally:
                ended = time.monotonic()
                dest.unlink(missing_ok=True)
            before = started - max(1.0, ended - started)
            rates = (load.rate(started, ended), load.rate(before, started))
            waits = (load.longest_wait(started, ended), load.longest_wait(before, started))
            copies.append(Copy(where, ended - started, copied.size, rates, waits))
        time.sleep(0.2)
        load.stop()
    return copies


def report(
    idle: tuple[float, int | None], loaded: tuple[float, int | None], games: int, copies: list[Copy]
) -> list[str]:
    """The figures, the baselines and the goals, each `met` or `not met`."""
    (idle_s, idle_code), (load_s, load_code) = idle, loaded
    stop_met = load_s <= idle_s + STOP_GOAL and load_code == 0
    lines = [
        f"stop, SIGTERM to exit, {CLIENTS} clients playing: {load_s:.2f} s, exit code {load_code}",
        f"  baseline, an idle process: {idle_s:.2f} s, exit code {idle_code}",
        f"  goal under load <= idle + {STOP_GOAL:.0f} s and exit code 0: {verdict(stop_met)}",
    ]
    for copy in copies:
        (during, before), (waited, waited_before) = copy.rate, copy.wait
        ratio = waited / waited_before if waited_before else float("inf")
        lines += [
            f"backup of a store of {games:,} games ({copy.size / 1e6:,.1f} MB) to "
            f"{copy.where}, while {CLIENTS} clients play: {copy.seconds:.2f} s",
            f"  turns during the copy: {during:,.0f}/s, the longest wait between two "
            f"{waited * 1000:,.0f} ms",
            f"  baseline, as long just before it: {before:,.0f}/s, the longest wait "
            f"{waited_before * 1000:,.0f} ms",
            f"  goal longest wait during <= {BACKUP_GOAL:.0f} x before: {ratio:.2f} x, "
            f"{verdict(ratio <= BACKUP_GOAL)}",
        ]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="a store of 20,000 games")
    full = full_size(parser.parse_args().full)
    games = 20_000 if full else 2_000
    print(
        size_line(full, f"a store of {games:,} games", "20,000", "bench_operations.py"), flush=True
    )
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        folder = Path(directory)
        idle, loaded = stop_seconds(folder, False), stop_seconds(folder, True)
        lines = report(idle, loaded, games, backup_figures(folder, games))
    print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
