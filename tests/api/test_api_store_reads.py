"""A stream read in one decode is read as its records one by one (`service.store.reading`).

Over both stores: a game's events read as one JSON array are the events its records
decode to, from any version to any other; a stream holding an event of an older schema
version is read record by record and upcast; a stream of another kind is not a game;
a read that finds the reader's own connection in use or broken reads through the pool,
as does one whose statements the server forgot on it (PostgreSQL's, prepared there
once); over an in-memory SQLite database none is kept.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from uuid import UUID, uuid4

import msgspec
import pytest
from eventsourcing.persistence import StoredEvent

from domain.games import ALL_GAME_EVENTS
from domain.match.codec import MATCH_EVENTS
from domain.penang.codec import encode_event
from domain.penang.events import Dealt
from service.errors import GameNotFound, MatchNotFound
from service.settings import Settings
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store import GameStore
from service.store.envelopes import Envelope, decode_record, secrets_id
from service.store.reading import StreamReader, stream_reader
from service.store.seeding import StoreSeeder
from service.store.snapshots import TABLE as SNAPSHOTS


@pytest.fixture
def store(settings: Settings) -> Iterator[GameStore]:
    opened = GameStore(settings)
    yield opened
    opened.close()


@pytest.fixture
def reader(store: GameStore) -> Iterator[StreamReader]:
    opened = stream_reader(store.recorder, ALL_GAME_EVENTS)
    yield opened
    opened.close()


def _seeded(settings: Settings) -> UUID:
    options = SimulationOptions(games=1, players=3, bots=("greedy", "random"), seed=str(uuid4()))
    plan = plan_game(options, 1)
    seeder = StoreSeeder(settings)
    try:
        return seeder.add(play_game(plan), plan.server_seed)
    finally:
        seeder.close()


def _one_by_one(reader: StreamReader, stream: UUID, after: int, upto: int | None) -> list[object]:
    return [decode_record(t, s, stream, v) for v, t, s in reader.rows(stream, after, upto)]


def test_a_stream_read_in_one_decode_is_its_records_decoded_one_by_one(
    settings: Settings, reader: StreamReader
) -> None:
    game_id = _seeded(settings)
    whole = reader(game_id, 0, None)
    assert len(whole) > 10 and isinstance(whole[0], Dealt)
    assert whole == _one_by_one(reader, game_id, 0, None)
    for after, upto in ((0, 1), (3, None), (2, 9), (len(whole), None), (5, 5)):
        assert reader(game_id, after, upto) == whole[after:upto]
    assert reader(uuid4(), 0, None) == []


def test_a_stream_with_an_event_of_an_older_schema_version_is_upcast(
    settings: Settings, store: GameStore, reader: StreamReader
) -> None:
    game_id = _seeded(settings)
    current = reader(game_id, 0, None)
    dealt = encode_event(current[0])
    del dealt["rules_version"]
    dealt["v"] = 1  # the codec's example: a v1 deal is Penang's first rules
    older = uuid4()
    records = [
        StoredEvent(
            originator_id=older,
            originator_version=1,
            topic="domain.events:Dealt",
            state=msgspec.json.encode(dealt),
        ),
        *(store.mapper.to_stored_event(e) for e in _envelopes(store, game_id, older)[1:]),
    ]
    store.recorder.insert_events(records)
    assert reader(older, 0, None) == current
    assert store.games.state(older) == store.games.state(game_id)


def _envelopes(store: GameStore, game_id: UUID, into: UUID) -> list[Envelope]:
    events = store.game_events(game_id)
    return [Envelope(into, version, event) for version, event in enumerate(events, start=1)]


def test_a_stream_of_another_kind_is_no_game_and_no_match(
    settings: Settings, store: GameStore
) -> None:
    game_id = _seeded(settings)
    with pytest.raises(GameNotFound):
        store.games.state(secrets_id(game_id))
    with pytest.raises(MatchNotFound):
        store.matches.state(game_id)
    match_reader = stream_reader(store.recorder, MATCH_EVENTS)
    try:
        assert match_reader(game_id, 0, None) == _one_by_one(match_reader, game_id, 0, None)
    finally:
        match_reader.close()


def test_a_read_uses_the_pool_while_the_kept_connection_is_busy_or_broken(
    settings: Settings, reader: StreamReader
) -> None:
    game_id = _seeded(settings)
    whole = reader(game_id, 0, None)
    kept = reader._kept
    assert kept is not None and kept._connection is not None
    held = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with kept._lock:
            held.set()
            done.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        held.wait(10)
        assert reader(game_id, 0, None) == whole  # through the pool
    finally:
        done.set()
        holder.join()
    first = kept._connection
    first.close()
    assert reader(game_id, 0, None) == whole  # through the pool, or a new connection
    assert reader(game_id, 0, None) == whole
    assert kept._connection is not None and kept._connection is not first
    reader.close()
    assert kept._connection is None
    assert reader(game_id, 0, None) == whole  # closed: through the pool


@pytest.mark.postgres
def test_statements_forgotten_by_the_kept_connection_are_read_through_the_pool(
    postgres_settings: Settings,
) -> None:
    game_id = _seeded(postgres_settings)
    store = GameStore(postgres_settings)
    reader = stream_reader(store.recorder, ALL_GAME_EVENTS, SNAPSHOTS)
    try:
        whole = reader(game_id, 0, None)
        rows, part = reader.rows(game_id, 0, None), reader(game_id, 2, 9)
        store.game_snapshots.flush()
        first_load = reader.first_load(game_id)
        assert first_load[0] is not None  # finished: its snapshot, prepared on the kept one
        kept = reader._kept
        with kept._lock:  # every statement as the pool's connections run them
            assert reader.rows(game_id, 0, None) == rows
            assert reader(game_id, 2, 9) == part and reader(game_id, 0, None) == whole
            assert reader.first_load(game_id) == first_load
        first = kept._connection
        assert first is not None
        first.execute("DEALLOCATE ALL")  # the server forgets what the reader prepared
        assert reader.first_load(game_id) == first_load  # failed on it: through the pool
        assert kept._connection is None
        assert reader(game_id, 2, 9) == part  # a new connection, prepared anew
        assert kept._connection is not None and kept._connection is not first
        assert reader.rows(game_id, 0, None) == rows
        assert reader.first_load(game_id) == first_load
    finally:
        reader.close()
        store.close()


@pytest.mark.postgres
def test_a_stream_with_a_null_state_is_never_read_one_event_short(
    postgres_settings: Settings,
) -> None:
    game_id = _seeded(postgres_settings)
    store = GameStore(postgres_settings)
    reader = stream_reader(store.recorder, ALL_GAME_EVENTS)
    try:
        whole = reader(game_id, 0, None)
        table = store.recorder.events_table_name
        with store.recorder.datastore.get_connection() as connection:
            connection.execute(
                f"UPDATE {table} SET state = NULL "
                "WHERE originator_id = %s AND originator_version = 3",
                (game_id,),
            )
            connection.commit()
        with pytest.raises(TypeError):  # as the record-by-record read of it says
            reader(game_id, 0, None)
        assert reader(game_id, 3, None) == whole[3:]  # the events after it read as before
    finally:
        reader.close()
        store.close()


def test_no_connection_is_kept_over_an_in_memory_sqlite_database() -> None:
    memory = GameStore(Settings(sqlite_path="file:reads?mode=memory&cache=shared"))
    try:
        reader = stream_reader(memory.recorder, ALL_GAME_EVENTS)
        assert reader(uuid4(), 0, None) == []
        assert reader._kept._connection is None
    finally:
        memory.close()
