"""Rating a finished game, and rebuilding the ratings, against openskill's bare rate().

    python tests/bench/bench_ratings.py [--games N] [--full]

Plays 40 three-seat Penang games between bots in process and stores them again and
again, each time seating three of 60 players drawn from a seed, to `--games` rated
games (CI's size 300, the full size 1,000) in a fresh SQLite file (and in a fresh
PostgreSQL database where one answers at PENANG_RUMMY_TEST_POSTGRES). The baseline,
measured in the same run on the same results in the same order: a loop of openskill's
`PlackettLuce.rate` over them, each player's openskill rating kept in a dict, nothing
else.

A. The update per finished game in the rules engine (`domain.ratings.table.apply`:
   each seat's rating looked up, rated, as the projection applies it): goal at most 2 x
   the bare rate() of the same result.
B. The update per finished game as the service makes it, one game finished at a time:
   the game stored, then `catch_up` (the log read after the position, the deal read,
   one transaction moving the position and writing the ratings and the history): per
   game against the bare rate() of that game. Goal at most 2 x as A's; a write to the
   database is most of it, so B is printed with its parts, and again (B') with the
   games applied in batches, as the projection applies the games finished since its
   last look (`BATCH` deals and ends a transaction).
C. Rebuilding the ratings from the N stored games (`penang-rummy ratings rebuild`: the
   log's end events and each game's deal read, every result applied, the tables
   replaced in one transaction) against the bare loop over the same N results. Goal at
   most 3 x: reading each game's deal from the store may cost as much again as rating it.
No assertions on timings.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import msgspec  # noqa: E402
from openskill.models import PlackettLuce  # noqa: E402
from rated_games import rated_games, store_games  # noqa: E402
from scale_support import full_size, postgres_database, size_line  # noqa: E402

from domain.events import Event  # noqa: E402
from domain.ratings.results import Result  # noqa: E402
from domain.ratings.table import apply, ratings_after  # noqa: E402
from service.settings import Settings  # noqa: E402
from service.store import GameStore  # noqa: E402
from service.usecases import ratings  # noqa: E402

GOAL_UPDATE = 2.0
GOAL_REBUILD = 3.0
PLAYED = 40
PLAYERS = [f"{n:08x}-0000-4000-8000-{n:012x}" for n in range(60)]


def best(runs: int, work: Callable[[], object]) -> float:
    """The best time of `runs` calls of `work`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def games(count: int) -> list[tuple[list[Event], bytes]]:
    """`count` finished three-seat games, 40 played and re-seated from 60 players."""
    played = rated_games(PLAYERS[:3], PLAYED, "bench-ratings", seats=3)
    draw = random.Random("bench-ratings")
    found = []
    for n in range(count):
        events, seed = played[n % PLAYED]
        seated = tuple(draw.sample(PLAYERS, 3))
        found.append(([msgspec.structs.replace(events[0], seated=seated), *events[1:]], seed))
    return found


def bare(results: list[Result]) -> None:
    """The baseline: openskill's rate() over the results, its ratings kept in a dict."""
    model = PlackettLuce()
    table: dict[tuple[str, str], Any] = {}
    for r in results:
        teams = [[table.get((r.game, p)) or model.rating()] for p in r.players]
        rated = model.rate(teams, ranks=list(r.ranks))
        for p, team in zip(r.players, rated, strict=True):
            table[(r.game, p)] = team[0]


def engine(results: list[Result]) -> None:
    """A: the rules engine's update of each result, in order."""
    table: dict[tuple[str, str], Any] = {}
    for n, r in enumerate(results):
        table.update(ratings_after(apply(n, r, table.get)))


def verdict(ratio: float, goal: float) -> str:
    return "met" if ratio <= goal else "not met"


def measure(settings: Settings, played: list[tuple[list[Event], bytes]], runs: int) -> None:
    store = GameStore(settings)
    try:
        # B: one game finished at a time, its update timed.
        singles = played[:50]
        per_game: list[float] = []
        for game in singles:
            store_games(store, [game])
            start = time.perf_counter()
            ratings.catch_up(store)
            per_game.append(time.perf_counter() - start)
        store_games(store, played[len(singles) :])
        results = [item.result for item in ratings.read_rated(store, 0, 2 * len(played) + 10)[0]]
        assert len(results) == len(played), (len(results), len(played))
        base = best(runs, lambda: bare(results)) / len(results)
        first = [item.result for item in ratings.read_rated(store, 0, 2 * len(singles))[0]]
        base_b = best(runs, lambda: bare(first)) / len(first)
        a = best(runs, lambda: engine(results)) / len(results)
        b = sorted(per_game)[len(per_game) // 2]
        read = best(runs, lambda: ratings.read_rated(store, 0, 2 * len(played) + 10)) / len(results)
        c = best(runs, lambda: ratings.rebuild(store))

        def batched() -> None:
            store.ratings.replace([], 0)
            ratings.catch_up(store)

        batches = best(runs, batched) / len(results)
        bare_all = base * len(results)
        print(f"  baseline: openskill's rate() over the same results: {base * 1e6:.0f} µs a game")
        print(
            f"  A. the engine's update: {a * 1e6:.0f} µs a game = {a / base:.2f} x; goal <= "
            f"{GOAL_UPDATE:.0f} x: {verdict(a / base, GOAL_UPDATE)}"
        )
        print(
            f"  B. the service's update of one finished game (median of {len(per_game)}): "
            f"{b * 1e6:.0f} µs = {b / base_b:.2f} x the bare rate() of the same games "
            f"({base_b * 1e6:.0f} µs); goal <= {GOAL_UPDATE:.0f} x: "
            f"{verdict(b / base_b, GOAL_UPDATE)}"
        )
        print(
            f"     its parts: reading a game's end and deal from the store {read * 1e6:.0f} µs, "
            f"rating it {a * 1e6:.0f} µs, the rest (the position read, the transaction that "
            f"writes the ratings and its commit) {(b - read - a) * 1e6:.0f} µs"
        )
        print(
            f"  B'. the same, the games applied in batches as a busy service finds them "
            f"({ratings.BATCH} deals and ends a transaction): {batches * 1e6:.0f} µs a game = "
            f"{batches / base:.2f} x; goal <= {GOAL_UPDATE:.0f} x: "
            f"{verdict(batches / base, GOAL_UPDATE)}"
        )
        print(
            f"  C. rebuild from {len(results)} stored games: {c * 1e3:.1f} ms = "
            f"{c / bare_all:.2f} x the bare loop ({bare_all * 1e3:.1f} ms); goal <= "
            f"{GOAL_REBUILD:.0f} x: {verdict(c / bare_all, GOAL_REBUILD)}"
        )
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    full = full_size(args.full)
    count = args.games or (1000 if full else 300)
    what = f"{count} rated three-seat Penang games, 60 players"
    print(size_line(full, what, "1,000 games", "bench_ratings.py", args.games is not None))
    played = games(count)
    with tempfile.TemporaryDirectory() as folder:
        print("SQLite:")
        measure(Settings(sqlite_path=str(Path(folder) / "ratings.sqlite")), played, args.runs)
    with postgres_database() as found:
        if isinstance(found, str):
            print(f"PostgreSQL: left out, {found}")
        else:
            print("PostgreSQL:")
            measure(found, played, args.runs)


if __name__ == "__main__":
    main()
