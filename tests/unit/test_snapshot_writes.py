"""What a finished game's snapshot costs (`service.store.snapshots`): the write that ends
a game stores it in its own transaction, from the state it reached, with no read, no
fold of the game and no commit of its own; a cold read of a finished game whose
snapshot is missing reads the stream once and folds it once, and the snapshot it queues
is written from that fold, never from a second read or fold.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from domain.events import Event
from domain.games import END_TYPES
from service.errors import VersionConflict
from service.settings import Settings
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.store.game_folds import fold_game
from service.store.reading import StreamReader
from service.store.seeding import StoreSeeder
from service.store.snapshot_codec import SnapshotCodec


def _finished(game: str = "penang", number: int = 1) -> list[Event]:
    options = SimulationOptions(
        games=number, players=2, bots=("greedy", "random"), seed="snapshot-writes", game=game
    )
    return play_game(plan_game(options, number))


def _ending(events: list[Event]) -> int:
    """How many of a game's events come before the one that ends it."""
    return next(n for n, event in enumerate(events) if isinstance(event, END_TYPES))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "events.sqlite"))


@pytest.fixture
def store(settings: Settings) -> Iterator[GameStore]:
    opened = GameStore(settings)
    yield opened
    opened.close()


def _snapshot(store: GameStore, game_id: UUID) -> Any:
    row = store.game_snapshots.table.get(game_id)
    assert row is not None, "no snapshot stored"
    version, form, data = row
    state = SnapshotCodec().decode(form, data)
    assert state is not None and state.version == version
    return state


def _no_snapshot_thread(store: GameStore) -> bool:
    return store.game_snapshots.writer._thread is None


@pytest.mark.parametrize("given", [True, False], ids=["state-given", "cached-state"])
def test_the_write_that_ends_a_game_commits_its_snapshot(store: GameStore, given: bool) -> None:
    events = _finished()
    final = fold_game(events)
    assert final.over
    game_id, played = uuid4(), _ending(events)
    store.create(game_id, events[:played], GameSecrets(token_sha256=()))
    assert store.state(game_id).version == played  # cached, as a served turn finds it
    store.append(game_id, played, events[played:], after=final if given else None)
    # Stored by the write itself: no flush, and no thread of the snapshots' ever started.
    assert _no_snapshot_thread(store)
    assert _snapshot(store, game_id) == final


@pytest.mark.parametrize("on_loop", [True, False], ids=["group-writer", "worker-thread"])
def test_an_awaited_write_that_ends_a_game_commits_its_snapshot(
    store: GameStore, monkeypatch: pytest.MonkeyPatch, on_loop: bool
) -> None:
    # `append_async` is `append`'s write, whether the loop hands it to the group writer
    # (SQLite) or commits it in a worker thread (PostgreSQL's way, forced here): the
    # state the caller gives is snapshot with it either way.
    monkeypatch.setattr(type(store), "writes_on_loop", property(lambda _: on_loop))
    events = _finished("rummy")
    final = fold_game(events)
    game_id, played = uuid4(), _ending(events)
    store.create(game_id, events[:played], GameSecrets(token_sha256=()))
    stored = asyncio.run(store.append_async(game_id, played, events[played:], after=final))
    assert stored and _no_snapshot_thread(store)
    assert _snapshot(store, game_id) == final
    assert not asyncio.run(store.append_async(game_id, played, events[played:], after=final))


def test_a_game_dealt_over_is_snapshot_with_its_deal(store: GameStore) -> None:
    events = _finished("gin")
    game_id = uuid4()
    store.create(game_id, events, GameSecrets(token_sha256=()), after=fold_game(events))
    assert _no_snapshot_thread(store)
    assert _snapshot(store, game_id) == fold_game(events)


def test_a_write_ending_a_game_it_cannot_fold_without_a_read_stores_no_snapshot(
    settings: Settings, store: GameStore
) -> None:
    events = _finished()
    game_id, played = uuid4(), _ending(events)
    store.create(game_id, events[:played], GameSecrets(token_sha256=()))
    other = GameStore(settings)  # another process: nothing of the game cached
    reads = _counted_reads(other)
    try:
        other.append(game_id, played, events[played:])
        assert sum(reads.values()) == 0, "a write never reads the game for its snapshot"
        assert other.game_snapshots.table.get(game_id) is None
        assert _no_snapshot_thread(other)
    finally:
        other.close()


def test_a_refused_write_leaves_no_snapshot(store: GameStore) -> None:
    events = _finished()
    game_id, played = uuid4(), _ending(events)
    store.create(game_id, events[: played - 1], GameSecrets(token_sha256=()))
    store.append(game_id, played - 1, events[played - 1 : played])  # another write won
    with pytest.raises(VersionConflict):
        store.append(game_id, played - 1, events[played - 1 :], after=fold_game(events))
    assert store.game_snapshots.table.get(game_id) is None


def _counted_reads(store: GameStore) -> Counter[str]:
    """Count every read of the games' stream reader, by kind."""
    reads: Counter[str] = Counter()
    reader = store._readers[0]
    first_load, select, rows = reader.first_load, reader._array, reader._rows

    def counted_first(stream: UUID) -> Any:
        reads["first_load"] += 1
        return first_load(stream)

    def counted_select(stream: UUID, after: int, upto: int | None) -> Any:
        reads["events"] += 1
        return select(stream, after, upto)

    def counted_rows(stream: UUID, after: int, upto: int | None) -> Any:
        reads["records"] += 1
        return rows(stream, after, upto)

    reader.first_load = counted_first  # type: ignore[method-assign]
    reader._array, reader._rows = counted_select, counted_rows
    assert isinstance(reader, StreamReader)
    return reads


def _counted_folds(store: GameStore) -> Counter[str]:
    folds: Counter[str] = Counter()
    fold: Callable[..., Any] = store.games._fold

    def counted(events: Any, state: Any = None) -> Any:
        folds["fold"] += 1
        return fold(events, state)

    store.games._fold = counted
    return folds


def test_a_cold_read_without_a_snapshot_reads_once_and_folds_once(settings: Settings) -> None:
    events = _finished()
    seeder = StoreSeeder(settings)
    try:
        game_id = seeder.add(events, None)
        seeder.flush()
        assert _snapshot(seeder.store, game_id) == fold_game(events), "seeded with its snapshot"
        seeder.store.game_snapshots.table.drop(game_id)  # a store written before snapshots
    finally:
        seeder.close()
    cold = GameStore(settings)
    try:
        reads, folds = _counted_reads(cold), _counted_folds(cold)
        assert cold.state(game_id) == fold_game(events)
        cold.game_snapshots.flush()  # the snapshot the read queued, written
        assert reads == Counter(first_load=1) and folds == Counter(fold=1)
        assert _snapshot(cold, game_id) == fold_game(events)
        # Written without waiting for the disk, and the writer's connection set back.
        datastore: Any = cold.factory.datastore  # type: ignore[attr-defined]
        with datastore.get_connection(commit=True) as connection:
            level = connection.cursor()
            level.execute("PRAGMA synchronous")
            assert level.fetchone()[0] == 2  # FULL, the store's setting
        # The next cold read (another process) loads the snapshot: no fold.
        again = GameStore(settings)
        try:
            folds = _counted_folds(again)
            assert again.state(game_id) == fold_game(events)
            assert folds == Counter()
        finally:
            again.close()
    finally:
        cold.close()
