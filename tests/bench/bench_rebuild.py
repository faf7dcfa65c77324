"""Loading a finished game from the store, next to the bare decode of its events.

    python tests/bench/bench_rebuild.py [--games 40]

Plays `--games` four-seat games (two-seat for Gin) of `--game` (Penang Rummy unless
named) between bots in process (`service.simulation`), stores
them in a fresh SQLite file (and in a fresh PostgreSQL database where one answers at
PENANG_RUMMY_TEST_POSTGRES, default `host=127.0.0.1 port=5432 dbname=test user=postgres`),
then rebuilds each as the service does when it is not cached: the store's read of the
game stream (one SELECT of the stored states as one JSON array, decoded in one call)
and the fold (`GameStore.games.state` with a cache too small to hold it: the store's
reader and `fold_game`). The baseline, measured in the same run on the same bytes:
msgspec decoding each stored event into the tagged union of event types, nothing else.
Each figure is the best of `--runs` for each game; the ratio is the median over games.
The parts are printed too: the SELECT alone (its one value as it comes), the read
(SELECT and decode), the fold, and eventsourcing's own read (`EventStore.get`, which
built the events the service folded before).

Then the load the service does of a finished game that is not cached: through its
snapshot (`service.store.snapshots`: one statement selects the snapshot's row and any
event stored after it, and one state is decoded), with its parts (that statement, the
state's decode). Each game's snapshot is written before (by the seeding, or by a
first load), and checked to be at the stream's version.

The goal, for each of the two (the rebuild from events, the load through the
snapshot): at most 2 times the bare decode on SQLite, 4 times on PostgreSQL (whose
SELECT is a round trip to the server). No assertions on timings.
"""

from __future__ import annotations

import argparse
import functools
import operator
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
from scale_support import postgres_database  # noqa: E402

from domain.events import Event  # noqa: E402
from domain.games import ALL_GAME_EVENTS, DEFAULT_GAME, GAMES  # noqa: E402
from domain.penang.events import AnyEvent  # noqa: E402
from service.errors import GameNotFound  # noqa: E402
from service.settings import Settings  # noqa: E402
from service.simulation.local import play_game  # noqa: E402
from service.simulation.plan import SimulationOptions, plan_game  # noqa: E402
from service.store import GameStore  # noqa: E402
from service.store.folds import FoldedStreams  # noqa: E402
from service.store.game_folds import fold_game  # noqa: E402
from service.store.reading import stream_reader  # noqa: E402
from service.store.seeding import StoreSeeder  # noqa: E402
from service.store.snapshot_codec import SnapshotCodec  # noqa: E402

#: A rebuild takes at most this many times the bare decode of the game's events.
GOAL = 2.0
#: On PostgreSQL, where each read is a round trip to the server.
POSTGRES_GOAL = 4.0


def decoder_for(game: str) -> msgspec.json.Decoder[Any]:
    """The baseline's decoder: into the tagged union of the game's event types."""
    if game == DEFAULT_GAME:
        return msgspec.json.Decoder(AnyEvent)
    union: Any = functools.reduce(operator.or_, GAMES[game].codec.types.values())
    return msgspec.json.Decoder(union)


def best(runs: int, work: Callable[[], object]) -> float:
    """The best time of `runs` calls of `work`, in seconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def cold_rebuild(cold: FoldedStreams[Event, Any], game_id: UUID, other: UUID, runs: int) -> float:
    """The best time of reading `game_id` when the one state `cold` keeps is `other`'s."""
    times = []
    for _ in range(runs):
        cold.state(other)
        started = time.perf_counter()
        cold.state(game_id)
        times.append(time.perf_counter() - started)
    return min(times)


def seats(game: str) -> int:
    """The seats each game is played with: four, or the most the game takes."""
    return min(4, GAMES[game].players.stop - 1)


def seed(settings: Settings, games: int, game: str = DEFAULT_GAME) -> list[UUID]:
    options = SimulationOptions(
        games=games, players=seats(game), bots=("greedy", "random"), seed="rebuild", game=game
    )
    seeder = StoreSeeder(settings)
    try:
        ids = []
        for number in range(1, games + 1):
            plan = plan_game(options, number)
            ids.append(seeder.add(play_game(plan), plan.server_seed))
    finally:
        seeder.close()
    return ids


def measure(
    settings: Settings, games: int, runs: int, game: str = DEFAULT_GAME
) -> dict[str, list[float]]:
    """Per game: each figure in seconds (best of `runs`), and its events' count."""
    ids = seed(settings, games, game)
    decoder = decoder_for(game)
    store = GameStore(settings)
    figures: dict[str, list[float]] = {
        k: []
        for k in (
            *("events", "decode", "rebuild", "select", "read", "fold", "es_get"),
            *("snapshot", "snapshot_select", "snapshot_decode"),
        )
    }
    snapshots = store.game_snapshots
    for game_id in ids:
        store.state(game_id)  # a first load writes a snapshot the seeding did not
    snapshots.flush()
    codec = SnapshotCodec()
    try:
        read = stream_reader(store.recorder, ALL_GAME_EVENTS)
        rows = read.rows
        cold = FoldedStreams[Event, Any](read, Event, fold_game, GameNotFound, 1)
        kept = FoldedStreams[Event, Any](
            read, Event, fold_game, GameNotFound, 1, first_load=snapshots.load
        )
        first_load = store._readers[0].first_load
        other = ids[-1]
        for game_id in ids:
            stored = [state for _, _, state in rows(game_id, 0, None)]
            events = [decoder.decode(state) for state in stored]
            snapshot, none = first_load(game_id)
            if snapshot is None or none is not None or snapshot[0] != len(events):
                raise SystemExit(f"game {game_id} has no snapshot at its version")
            _, form, data = snapshot
            if codec.decode(form, data) != fold_game(events):
                raise SystemExit(f"game {game_id}: its snapshot is not its fold")

            figures["events"].append(len(events))
            figures["decode"].append(best(runs, lambda s=stored: [decoder.decode(x) for x in s]))
            figures["rebuild"].append(cold_rebuild(cold, game_id, other, runs))
            figures["select"].append(best(runs, lambda g=game_id: read.select(g, 0, None)))
            figures["read"].append(best(runs, lambda g=game_id: read(g, 0, None)))
            figures["fold"].append(best(runs, lambda e=events: fold_game(e)))
            figures["es_get"].append(best(runs, lambda g=game_id: list(store.events.get(g))))
            figures["snapshot"].append(cold_rebuild(kept, game_id, other, runs))
            figures["snapshot_select"].append(best(runs, lambda g=game_id: first_load(g)))
            figures["snapshot_decode"].append(best(runs, lambda f=form, d=data: codec.decode(f, d)))
            other = game_id
    finally:
        read.close()
        store.close()
    return figures


def report(
    name: str, figures: dict[str, list[float]], goal: float = GOAL, game: str = DEFAULT_GAME
) -> list[str]:
    decode = figures["decode"]

    def ratio(key: str) -> float:
        return statistics.median(f / d for f, d in zip(figures[key], decode, strict=True))

    def micros(key: str) -> str:
        return f"{statistics.median(figures[key]) * 1e6:,.0f} µs"

    def verdict(figure: float) -> str:
        return "met" if figure <= goal else "not met"

    count = statistics.median(figures["events"])
    rebuild = ratio("rebuild")
    snapshot = ratio("snapshot")
    return [
        f"{name}: {len(decode)} finished {seats(game)}-seat games of {game}, "
        f"median {count:.0f} events each",
        f"  baseline, msgspec decode of the stored events (same run): {micros('decode')}",
        f"  A. rebuild from the events (read and fold, not cached, no snapshot): "
        f"{micros('rebuild')} = {rebuild:.2f} x the decode",
        f"    its SELECT alone (the states as one JSON array): {micros('select')} = "
        f"{ratio('select'):.2f} x",
        f"    its read (SELECT and one decode): {micros('read')} = {ratio('read'):.2f} x",
        f"    its fold: {micros('fold')} = {ratio('fold'):.2f} x",
        f"  for comparison, eventsourcing's EventStore.get (the read before): "
        f"{micros('es_get')} = {ratio('es_get'):.2f} x",
        f"  goal A, a rebuild from the events <= {goal:.1f} x the decode: {rebuild:.2f} x, "
        f"{verdict(rebuild)}",
        f"  B. load of the finished game through its snapshot (not cached; what the "
        f"service does): {micros('snapshot')} = {snapshot:.2f} x the decode",
        f"    its statement alone (the snapshot's row, no event after it): "
        f"{micros('snapshot_select')} = {ratio('snapshot_select'):.2f} x",
        f"    its decode of the one state: {micros('snapshot_decode')} = "
        f"{ratio('snapshot_decode'):.2f} x",
        f"  goal B, a load through the snapshot <= {goal:.1f} x the decode: {snapshot:.2f} x, "
        f"{verdict(snapshot)}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games played and rebuilt")
    parser.add_argument("--runs", type=int, default=15, help="timed runs per game (best kept)")
    parser.add_argument("--game", choices=sorted(GAMES), default=DEFAULT_GAME, help="the game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        settings = Settings(sqlite_path=str(Path(directory) / "rebuild.sqlite"))
        figures = measure(settings, args.games, args.runs, args.game)
        print("\n".join(report("SQLite", figures, GOAL, args.game)), flush=True)
    with postgres_database() as found:
        if isinstance(found, str):
            print(f"PostgreSQL: not measured ({found})")
        else:
            figures = measure(found, args.games, args.runs, args.game)
            print("\n".join(report("PostgreSQL", figures, POSTGRES_GOAL, args.game)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
