"""Group commit over PostgreSQL, against the real server: writes that arrive during a
commit share the next transaction, each stays all or nothing, a batch's notices wake
a listener on another connection, and a failed transaction fails every write in it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from eventsourcing.persistence import DataError, IntegrityError, StoredEvent
from psycopg import Cursor, sql
from psycopg.rows import DictRow

from service.settings import Settings
from service.store import GameStore
from service.store.envelopes import EVENT_TOPIC_PREFIX
from service.store.notices import CHANNEL, NotifyingRecorder
from service.store.pg_writer import PostgresGroupWriter
from service.store.writer import Statement, Write

pytestmark = pytest.mark.postgres


class _Gated(PostgresGroupWriter):
    """The real writer; the first insert may wait at a gate, and transactions are counted,
    those sent whole in one round trip also apart (`blind`: the versions stored are not
    looked up first)."""

    def __init__(self, store: GameStore) -> None:
        assert isinstance(store.recorder, NotifyingRecorder)
        super().__init__(store.factory.datastore, store.recorder)  # type: ignore[attr-defined]
        self.gate: threading.Event | None = None
        self.entered = threading.Event()
        self.transactions = 0
        self.whole = 0
        self.inserts = 0
        self.blind = False

    @contextmanager
    def _locked(self) -> Iterator[tuple[psycopg.Connection[DictRow], Cursor[DictRow]]]:
        self.transactions += 1
        with super()._locked() as found:
            yield found

    def _whole(self, batch: Sequence[Write]) -> None:
        self.transactions += 1
        self.whole += 1
        self._inserting()
        super()._whole(batch)

    def _insert(
        self, cursor: Cursor[DictRow], records: Sequence[StoredEvent], *, notify: bool = True
    ) -> None:
        self._inserting()
        super()._insert(cursor, records, notify=notify)

    def _inserting(self) -> None:
        self.inserts += 1
        self.entered.set()
        if self.gate is not None:
            gate, self.gate = self.gate, None
            gate.wait(5)

    def _taken(self, cursor: Cursor[DictRow], batch: Sequence[Write]) -> set[tuple[str, int]]:
        # Blind: as if the versions had been stored by a writer that does not lock.
        return set() if self.blind else super()._taken(cursor, batch)


@pytest.fixture
def store(postgres_store: GameStore) -> GameStore:
    return postgres_store


#: A table that the writes' statements fill, as the indexes' rows are (`writer.Statement`).
NOTES = "penangrummy_test_notes"


@pytest.fixture
def writer(store: GameStore, postgres_settings: Settings) -> Iterator[_Gated]:
    with _connect(postgres_settings) as connection:
        connection.execute(f"CREATE TABLE IF NOT EXISTS {NOTES} (stream UUID, version BIGINT)")
    gated = _Gated(store)
    yield gated
    gated.close()


def _record(stream: UUID, version: int, topic: str = "t") -> StoredEvent:
    return StoredEvent(originator_id=stream, originator_version=version, topic=topic, state=b"{}")


def _stored(settings: Settings, streams: Sequence[UUID]) -> list[tuple[UUID, int]]:
    with _connect(settings) as connection:
        rows = connection.execute(
            "SELECT originator_id, originator_version FROM penangrummy_events "
            "WHERE originator_id = ANY(%s) ORDER BY notification_id",
            (list(streams),),
        ).fetchall()
    return [(row[0], row[1]) for row in rows]


def _notes(records: Sequence[StoredEvent]) -> list[Statement]:
    """A statement per record that commits with its write."""
    insert = f"INSERT INTO {NOTES} (stream, version) VALUES (%s, %s)"
    return [Statement(insert, (str(r.originator_id), r.originator_version)) for r in records]


def _noted(settings: Settings, streams: Sequence[UUID]) -> list[tuple[UUID, int]]:
    with _connect(settings) as connection:
        rows = connection.execute(
            f"SELECT stream, version FROM {NOTES} WHERE stream = ANY(%s) ORDER BY stream, version",
            (list(streams),),
        ).fetchall()
    return [(row[0], row[1]) for row in rows]


def _connect(settings: Settings) -> psycopg.Connection[Any]:
    return psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        dbname=settings.postgres_db,
        user=settings.postgres_user,
        password=settings.postgres_password,
        autocommit=True,
    )


def _in_thread(
    writer: PostgresGroupWriter, records: list[StoredEvent]
) -> tuple[threading.Thread, list[Any]]:
    outcome: list[Any] = []

    def run() -> None:
        try:
            writer.write(records, _notes(records))
            outcome.append("stored")
        except Exception as failure:
            outcome.append(failure)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def _queued(writer: PostgresGroupWriter, count: int) -> None:
    while len(writer._pending) < count:
        threading.Event().wait(0.01)


def test_a_write_is_answered_once_committed(writer: _Gated, postgres_settings: Settings) -> None:
    stream = uuid4()
    writer.write([_record(stream, 1), _record(stream, 2)])
    assert _stored(postgres_settings, [stream]) == [(stream, 1), (stream, 2)]
    # A version taken already: refused, nothing of the write stored.
    with pytest.raises(IntegrityError):
        writer.write([_record(stream, 3), _record(stream, 2)])
    assert _stored(postgres_settings, [stream]) == [(stream, 1), (stream, 2)]


def test_writes_queued_during_a_commit_share_the_next_transaction_each_all_or_nothing(
    writer: _Gated, postgres_settings: Settings
) -> None:
    taken, fresh, other, racing = uuid4(), uuid4(), uuid4(), uuid4()
    writer.gate = threading.Event()
    gate = writer.gate
    first = _in_thread(writer, [_record(taken, 1)])
    assert writer.entered.wait(5)  # the first write holds the writer inside its transaction
    # Queued meanwhile: a write that lands, a write whose second row takes a version the
    # first write took (refused whole), and two writes racing for one version.
    queued = [
        _in_thread(writer, [_record(fresh, 1)]),
        _in_thread(writer, [_record(other, 1), _record(taken, 1)]),
        _in_thread(writer, [_record(racing, 1)]),
    ]
    _queued(writer, 3)
    loser = _in_thread(writer, [_record(racing, 1)])
    _queued(writer, 4)
    gate.set()
    for thread, _ in [first, *queued, loser]:
        thread.join(10)
    assert first[1] == ["stored"]
    assert queued[0][1] == ["stored"]
    assert isinstance(queued[1][1][0], IntegrityError)
    assert queued[2][1] == ["stored"]
    assert isinstance(loser[1][0], IntegrityError)
    stored = _stored(postgres_settings, [taken, fresh, other, racing])
    assert stored == [(taken, 1), (fresh, 1), (racing, 1)]  # in the order queued
    # Each write's statements committed with it, and only the landed writes'.
    assert _noted(postgres_settings, [taken, fresh, other, racing]) == sorted(stored)
    # The first write's transaction; for the four that waited meanwhile, one sent whole
    # (its one INSERT met the taken versions, rolled back), and one that looked the
    # versions up and inserted the two accepted writes in one statement.
    assert writer.inserts == 3
    assert (writer.transactions, writer.whole) == (3, 2)


def test_a_batch_that_loses_no_race_is_one_transaction_sent_whole(
    writer: _Gated, postgres_settings: Settings
) -> None:
    streams = [uuid4() for _ in range(4)]
    topic = EVENT_TOPIC_PREFIX + "Dealt"
    writer.gate = threading.Event()
    gate = writer.gate
    first = _in_thread(writer, [_record(streams[0], 1, topic)])
    assert writer.entered.wait(5)
    with _connect(postgres_settings) as listening:
        listening.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        batch = [
            _in_thread(writer, [_record(streams[0], 2, topic), _record(streams[0], 3, topic)]),
            _in_thread(writer, [_record(streams[1], 1, topic)]),
            _in_thread(writer, [_record(streams[2], 1, topic)]),
        ]
        _queued(writer, 3)
        gate.set()
        for thread, _ in [first, *batch]:
            thread.join(10)
        assert [outcome for _, outcome in batch] == [["stored"]] * 3
        payloads = [notice.payload for notice in listening.notifies(timeout=5, stop_after=4)]
    # The first write's notice, then one per stream the batch moved (its highest version).
    assert payloads[0] == f"game:{streams[0]}:1"
    assert sorted(payloads[1:]) == sorted(
        [f"game:{streams[0]}:3", f"game:{streams[1]}:1", f"game:{streams[2]}:1"]
    )
    assert _stored(postgres_settings, streams) == [
        (streams[0], 1),
        (streams[0], 2),
        (streams[0], 3),
        (streams[1], 1),
        (streams[2], 1),
    ]
    assert _noted(postgres_settings, streams) == sorted(_stored(postgres_settings, streams))
    # The first write's transaction and the batch's, each sent whole: no look-up.
    assert (writer.transactions, writer.whole, writer.inserts) == (2, 2, 2)


def test_a_version_stored_unseen_refuses_that_write_alone(
    writer: _Gated, postgres_settings: Settings
) -> None:
    taken, fresh, racing = uuid4(), uuid4(), uuid4()
    writer.write([_record(taken, 1)])
    writer.blind = True
    writer.gate = threading.Event()
    gate = writer.gate
    first = _in_thread(writer, [_record(uuid4(), 1)])
    assert writer.entered.wait(5)
    queued = [
        _in_thread(writer, [_record(fresh, 1)]),
        _in_thread(writer, [_record(taken, 2), _record(taken, 1)]),
        _in_thread(writer, [_record(racing, 1)]),
    ]
    _queued(writer, 3)
    loser = _in_thread(writer, [_record(racing, 1)])
    _queued(writer, 4)
    gate.set()
    for thread, _ in [first, *queued, loser]:
        thread.join(10)
    assert [outcome[0] == "stored" for _, outcome in queued] == [True, False, True]
    assert isinstance(queued[1][1][0], IntegrityError)
    assert isinstance(loser[1][0], IntegrityError)
    stored = _stored(postgres_settings, [taken, fresh, racing])
    assert stored == [(taken, 1), (fresh, 1), (racing, 1)]
    # `taken`'s first write had no statements; the batch's landed writes had theirs.
    assert _noted(postgres_settings, [taken, fresh, racing]) == sorted(stored[1:])
    # The first write's transaction, the batch's sent whole and then after a look-up
    # (each INSERT failed, rolled back), and the batch's again, write by write.
    assert writer.transactions == 1 + 4


def test_a_batchs_notices_wake_a_listener_on_another_connection(
    writer: _Gated, postgres_settings: Settings
) -> None:
    game, other, refused = uuid4(), uuid4(), uuid4()
    topic = EVENT_TOPIC_PREFIX + "Dealt"
    writer.write([_record(refused, 1, topic)])
    writer.entered.clear()
    with _connect(postgres_settings) as listening:
        listening.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        writer.gate = threading.Event()
        gate = writer.gate
        first = _in_thread(writer, [_record(uuid4(), 1)])
        assert writer.entered.wait(5)
        batch = [
            _in_thread(writer, [_record(game, 1, topic), _record(game, 2, topic)]),
            _in_thread(writer, [_record(other, 1, topic)]),
            _in_thread(writer, [_record(refused, 1, topic)]),  # taken: no notice of it
            _in_thread(writer, [_record(game, 3, topic)]),
        ]
        _queued(writer, 4)
        gate.set()
        for thread, _ in [first, *batch]:
            thread.join(10)
        assert [outcome[0] == "stored" for _, outcome in batch] == [True, True, False, True]
        assert writer.transactions == 4  # the batch's sent whole, then after a look-up
        payloads = [notice.payload for notice in listening.notifies(timeout=5, stop_after=2)]
    assert sorted(payloads) == sorted([f"game:{game}:3", f"game:{other}:1"])


def test_a_failed_transaction_fails_every_write_in_it_and_stores_none(
    writer: _Gated, postgres_settings: Settings
) -> None:
    writer.gate = threading.Event()
    gate = writer.gate
    blocker = _in_thread(writer, [_record(uuid4(), 1)])
    assert writer.entered.wait(5)
    good, bad = uuid4(), uuid4()
    before = _in_thread(writer, [_record(good, 1)])
    _queued(writer, 1)
    # PostgreSQL refuses a NUL in text: the transaction fails, not one write of it.
    failing = _in_thread(writer, [_record(bad, 1, "bo\x00om")])
    _queued(writer, 2)
    gate.set()
    for thread, _ in (blocker, before, failing):
        thread.join(10)
    assert blocker[1] == ["stored"]
    assert isinstance(before[1][0], DataError)
    assert isinstance(failing[1][0], DataError)
    assert _stored(postgres_settings, [good, bad]) == []
    # The writer goes on: the next write is committed.
    writer.write([_record(good, 1)])
    assert _stored(postgres_settings, [good]) == [(good, 1)]


def test_writes_awaited_on_a_loop_are_answered_once_committed(
    writer: _Gated, postgres_settings: Settings
) -> None:
    stream = uuid4()

    async def main() -> list[BaseException | None]:
        answers = [writer.submit([_record(stream, 1)]), writer.submit([_record(stream, 1)])]
        results = await asyncio.gather(*answers, return_exceptions=True)
        return [result if isinstance(result, BaseException) else None for result in results]

    first, second = asyncio.run(main())
    assert first is None
    assert isinstance(second, IntegrityError)
    assert _stored(postgres_settings, [stream]) == [(stream, 1)]


def test_the_store_writes_through_the_group_writer(store: GameStore) -> None:
    assert isinstance(store._writer, PostgresGroupWriter)
    # Its turns are decided in worker threads, on the stored game (`writes_on_loop`).
    assert not store.writes_on_loop
