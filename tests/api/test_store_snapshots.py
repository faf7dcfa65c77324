"""A finished game's snapshot (`service.store.snapshots`), over both stores.

For a finished game of every registered game, the snapshot written once the game ends
is its fold from the stored events, and a store opened again loads the game from it;
a snapshot missing, stale (below the stream's version), undecodable or of another
format is passed over: the game is folded from its events, and the snapshot written
anew. A store made before snapshots (no table) opens and loads, and so does one whose
writer was killed (SIGKILL) while games ended. A snapshot is never served as events:
the events, and so a record, still come from the stream.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
import pytest

from domain.events import Event
from domain.games import GAMES
from service.settings import Settings
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store import GameStore
from service.store.game_folds import fold_game
from service.store.seeding import StoreSeeder
from service.store.snapshot_codec import FORMATS, SnapshotCodec
from service.store.snapshots import TABLE


def _games(game: str, count: int) -> list[list[Event]]:
    spec = GAMES[game]
    players = min(4, spec.players.stop - 1)
    options = SimulationOptions(
        games=count, players=players, bots=("greedy", "random"), seed=f"snap-{game}", game=game
    )
    return [play_game(plan_game(options, number)) for number in range(1, count + 1)]


def _seed(settings: Settings, games: list[list[Event]]) -> list[UUID]:
    seeder = StoreSeeder(settings)
    try:
        ids = [seeder.add(events, None) for events in games]
        seeder.flush()
        seeder.store.game_snapshots.flush()
    finally:
        seeder.close()
    return ids


@pytest.fixture
def reopen(settings: Settings) -> Iterator[Any]:
    """Open a store over the test's database (closing the one opened before)."""
    opened: list[GameStore] = []

    def make() -> GameStore:
        if opened:
            opened[-1].close()
        opened.append(GameStore(settings))
        return opened[-1]

    yield make
    if opened:
        opened[-1].close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_snapshot_of_a_finished_game_is_its_fold(
    settings: Settings, reopen: Any, game: str
) -> None:
    games = _games(game, 3)
    ids = _seed(settings, games)
    store = reopen()
    codec = SnapshotCodec()
    for game_id, events in zip(ids, games, strict=True):
        folded = fold_game(events)
        assert folded.over
        row = store.game_snapshots.table.get(game_id)
        assert row is not None, "a finished game's snapshot is written once it ends"
        version, form, data = row
        assert (version, form) == (len(events), FORMATS[type(folded)])
        assert codec.decode(form, data) == folded
        assert store.state(game_id) == folded
        assert store.game_events(game_id) == events


def test_a_store_opened_again_loads_a_finished_game_from_its_snapshot(
    settings: Settings, reopen: Any
) -> None:
    (events,) = _games("penang", 1)
    (game_id,) = _seed(settings, [events])
    store = reopen()
    folded = fold_game(events)
    # A snapshot unlike the fold, at the stream's version: what a load answers shows
    # that it read the snapshot, not the events.
    marked = dataclasses.replace(folded, dealer=(folded.dealer + 1) % folded.seats)
    form, data = SnapshotCodec().encode(marked)
    store.game_snapshots.table.put(game_id, folded.version, form, data)
    store = reopen()
    assert store.state(game_id) == marked
    # The events, and all read from them, come from the stream still.
    assert store.game_events(game_id) == events
    assert store.state_at(game_id, folded.version - 1)[0] == fold_game(events[:-1])


def _refolded(store: GameStore, game_id: UUID, events: list[Event]) -> None:
    """The game loads as its fold, and its snapshot is written anew, at its version."""
    folded = fold_game(events)
    assert store.state(game_id) == folded
    store.game_snapshots.flush()
    row = store.game_snapshots.table.get(game_id)
    assert row is not None
    assert row[:2] == (folded.version, FORMATS[type(folded)])
    assert SnapshotCodec().decode(row[1], row[2]) == folded


def test_a_missing_snapshot_is_folded_from_the_events_and_written(
    settings: Settings, reopen: Any
) -> None:
    (events,) = _games("rummy", 1)
    (game_id,) = _seed(settings, [events])
    store = reopen()
    store.game_snapshots.table.drop(game_id)
    assert store.game_snapshots.table.get(game_id) is None
    store = reopen()
    _refolded(store, game_id, events)


def test_a_stale_snapshot_is_passed_over(settings: Settings, reopen: Any) -> None:
    (events,) = _games("penang", 1)
    (game_id,) = _seed(settings, [events])
    store = reopen()
    earlier = fold_game(events[:-1])
    form, data = SnapshotCodec().encode(earlier)
    store.game_snapshots.table.drop(game_id)
    store.game_snapshots.table.put(game_id, earlier.version, form, data)
    store = reopen()
    _refolded(store, game_id, events)


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param(lambda form, data: (form, data[: len(data) // 2]), id="cut-short"),
        pytest.param(lambda form, data: (form, b"\xc1 not msgpack"), id="not-msgpack"),
        pytest.param(lambda form, data: (form, SnapshotCodec().encode(_other())[1]), id="other"),
        pytest.param(lambda form, data: ("GameState/0/old", data), id="old-format"),
    ],
)
def test_an_unreadable_snapshot_is_passed_over(
    settings: Settings, reopen: Any, stored: Any
) -> None:
    (events,) = _games("penang", 1)
    (game_id,) = _seed(settings, [events])
    store = reopen()
    row = store.game_snapshots.table.get(game_id)
    assert row is not None
    form, data = stored(row[1], row[2])
    store.game_snapshots.table.put(game_id, row[0], form, data)
    store = reopen()
    _refolded(store, game_id, events)


def _other() -> Any:
    """A finished state of another game: bytes that decode, as the wrong state."""
    (events,) = _games("gin", 1)
    return fold_game(events)


def test_a_store_without_the_snapshots_table_opens_and_loads(
    settings: Settings, reopen: Any
) -> None:
    games = _games("three-thirteen", 2)
    ids = _seed(settings, games)
    store = reopen()
    with store.factory.datastore.transaction(commit=True) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"DROP TABLE {TABLE}")
    store = reopen()
    for game_id, events in zip(ids, games, strict=True):
        _refolded(store, game_id, events)


def test_a_game_still_playing_has_no_snapshot(settings: Settings, reopen: Any) -> None:
    (events,) = _games("penang", 1)
    ongoing = events[:20]
    seeder = StoreSeeder(settings)
    try:
        game_id = seeder.add(ongoing, None)
        seeder.flush()
        seeder.store.game_snapshots.flush()
    finally:
        seeder.close()
    store = reopen()
    assert store.game_snapshots.table.get(game_id) is None
    assert store.state(game_id) == fold_game(ongoing)
    store.game_snapshots.flush()
    assert store.game_snapshots.table.get(game_id) is None


_WRITER = """
import sys
import msgspec
from service.settings import Settings
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store.seeding import StoreSeeder

settings = msgspec.json.decode(sys.argv[1], type=Settings)
options = SimulationOptions(games=10_000, players=4, bots=("greedy", "random"), seed="killed")
seeder = StoreSeeder(settings, batch=1)
for number in range(1, 10_000):
    game_id = seeder.add(play_game(plan_game(options, number)), None)
    print(game_id, flush=True)
"""


def test_a_store_killed_while_it_writes_snapshots_loads_every_game(
    settings: Settings, reopen: Any
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, msgspec.json.encode(settings).decode()],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    written = [child.stdout.readline() for _ in range(3)]
    time.sleep(0.2)  # games ended, their snapshots being written
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    written += child.stdout.read().splitlines()
    ids = [UUID(line.strip()) for line in written if line.strip()]
    assert len(ids) >= 3
    store = reopen()
    codec = SnapshotCodec()
    snapshots = 0
    for game_id in ids:
        events = store.game_events(game_id)
        folded = fold_game(events)
        row = store.game_snapshots.table.get(game_id)
        if row is not None:
            snapshots += 1
            assert row[0] == folded.version and codec.decode(row[1], row[2]) == folded
        assert store.state(game_id) == folded
    # The snapshots written before the kill are there (the first games' at least).
    assert snapshots >= 1
