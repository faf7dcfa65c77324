"""Group commit: writes that arrive together share a transaction, each stays all or nothing,
and each caller is answered only once its own write is committed."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore

from service.store.writer import GroupWriter, Statement, WriterClosed


class _Recorder(SQLiteApplicationRecorder):
    """The real recorder; each insert may wait at a gate, and the commits are counted."""

    def __init__(self, datastore: SQLiteDatastore) -> None:
        super().__init__(datastore)
        self.gate: threading.Event | None = None
        self.entered = threading.Event()
        self.inserts = 0

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        self.inserts += 1
        self.entered.set()
        if self.gate is not None:
            self.gate.wait(5)
        return super()._insert_events(c, stored_events, **kwargs)


class _Datastore(SQLiteDatastore):
    """The real datastore, counting the transactions that commit (and those rolled back)."""

    commits = 0
    rollbacks = 0

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[SQLiteCursor]:
        try:
            with super().transaction(commit=commit) as cursor:
                yield cursor
        except BaseException:
            self.rollbacks += commit
            raise
        self.commits += commit


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[_Recorder, GroupWriter, Path]]:
    path = tmp_path / "events.sqlite"
    datastore = _Datastore(str(path))
    recorder = _Recorder(datastore)
    recorder.create_table()
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (stream TEXT, version INTEGER)")
    datastore.commits = 0
    writer = GroupWriter(datastore, recorder._insert_events)
    yield recorder, writer, path
    writer.close()
    datastore.close()


def _record(stream: UUID, version: int) -> StoredEvent:
    return StoredEvent(originator_id=stream, originator_version=version, topic="t", state=b"{}")


def _stored(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT originator_id, originator_version FROM stored_events "
            "ORDER BY originator_id, originator_version"
        ).fetchall()


def _notes(records: Sequence[StoredEvent]) -> list[Statement]:
    """A statement per record that commits with its write (as the indexes' rows do)."""
    return [
        Statement(
            "INSERT INTO notes (stream, version) VALUES (?, ?)",
            (r.originator_id.hex, r.originator_version),
        )  # type: ignore[union-attr]
        for r in records
    ]


def _noted(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT stream, version FROM notes").fetchall()


def _in_thread(
    writer: GroupWriter, records: list[StoredEvent]
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


def test_a_write_is_answered_once_committed(store: tuple[_Recorder, GroupWriter, Path]) -> None:
    _, writer, path = store
    stream = uuid4()
    writer.write([_record(stream, 1), _record(stream, 2)])
    assert _stored(path) == [(stream.hex, 1), (stream.hex, 2)]


def test_writes_queued_during_a_commit_share_the_next_transaction_each_all_or_nothing(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, path = store
    taken, fresh, racing = uuid4(), uuid4(), uuid4()
    recorder.gate = threading.Event()
    first, first_outcome = _in_thread(writer, [_record(taken, 1)])
    assert recorder.entered.wait(5)  # the first write holds the writer inside its transaction
    # Queued meanwhile: a write that lands, a write whose second row takes a version the
    # first write took (refused whole), and two writes racing for one version.
    queued = [
        _in_thread(writer, [_record(fresh, 1)]),
        _in_thread(writer, [_record(uuid4(), 1), _record(taken, 1)]),
        _in_thread(writer, [_record(racing, 1)]),
    ]
    while len(writer._pending) < 3:
        threading.Event().wait(0.01)
    loser = _in_thread(writer, [_record(racing, 1)])
    while len(writer._pending) < 4:
        threading.Event().wait(0.01)
    recorder.gate.set()
    for thread, _ in [(first, first_outcome), *queued, loser]:
        thread.join(5)
    assert first_outcome == ["stored"]
    assert queued[0][1] == ["stored"]
    assert isinstance(queued[1][1][0], IntegrityError)
    assert queued[2][1] == ["stored"]
    assert isinstance(loser[1][0], IntegrityError)
    rows = _stored(path)
    assert sorted(rows) == sorted([(taken.hex, 1), (fresh.hex, 1), (racing.hex, 1)])
    # Each write's statements committed with it, and only the landed writes'.
    assert sorted(_noted(path)) == rows
    # Two transactions: the first write's, and one for the four that waited meanwhile,
    # whose batch was first inserted whole, refused (a lost race) and rolled back, then
    # inserted again one write at a time, each in its savepoint.
    assert recorder.inserts == 1 + 1 + 4
    assert isinstance(recorder.datastore, _Datastore)
    assert recorder.datastore.commits == 2
    assert recorder.datastore.rollbacks == 1


def test_a_batch_with_no_lost_race_is_inserted_whole_in_one_statement(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, path = store
    recorder.gate = threading.Event()
    first, first_outcome = _in_thread(writer, [_record(uuid4(), 1)])
    assert recorder.entered.wait(5)
    streams = [uuid4() for _ in range(3)]
    queued = [_in_thread(writer, [_record(s, 1), _record(s, 2)]) for s in streams]
    while len(writer._pending) < 3:
        threading.Event().wait(0.01)
    recorder.gate.set()
    for thread, _ in [(first, first_outcome), *queued]:
        thread.join(5)
    assert first_outcome == ["stored"] and all(outcome == ["stored"] for _, outcome in queued)
    assert {(s.hex, v) for s in streams for v in (1, 2)} <= set(_stored(path))
    assert recorder.inserts == 2  # the first write's, and the batch's six rows at once
    assert isinstance(recorder.datastore, _Datastore)
    assert (recorder.datastore.commits, recorder.datastore.rollbacks) == (2, 0)


def test_a_failed_transaction_fails_every_write_in_it_and_stores_none(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, path = store
    recorder.gate = threading.Event()
    blocker, _ = _in_thread(writer, [_record(uuid4(), 1)])
    assert recorder.entered.wait(5)
    original = recorder._insert_events

    def broken(c: SQLiteCursor, records: Sequence[StoredEvent], **kwargs: Any) -> Any:
        if any(record.topic == "boom" for record in records):
            raise OperationalError("disk I/O error")
        return original(c, records, **kwargs)

    writer._insert = broken
    good = _in_thread(writer, [_record(uuid4(), 1)])
    bad_record = StoredEvent(originator_id=uuid4(), originator_version=1, topic="boom", state=b"")
    bad = _in_thread(writer, [bad_record])
    while len(writer._pending) < 2:
        threading.Event().wait(0.01)
    recorder.gate.set()
    for thread, _ in (good, bad):
        thread.join(5)
    blocker.join(5)
    assert isinstance(good[1][0], OperationalError)
    assert isinstance(bad[1][0], OperationalError)
    assert len(_stored(path)) == 1  # the first batch's write only


def test_a_closed_writer_refuses_writes(store: tuple[_Recorder, GroupWriter, Path]) -> None:
    _, writer, _ = store
    writer.close()
    with pytest.raises(WriterClosed):
        writer.write([_record(uuid4(), 1)])


def test_a_lone_write_is_committed_by_its_own_thread(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, _ = store
    threads: list[int] = []
    original = writer._insert

    def noting(c: SQLiteCursor, records: Sequence[StoredEvent]) -> Any:
        threads.append(threading.get_ident())
        return original(c, records)

    writer._insert = noting
    writer.write([_record(uuid4(), 1)])
    assert threads == [threading.get_ident()]
    assert recorder.datastore.commits == 1  # type: ignore[attr-defined]


# --- writes awaited on an event loop ------------------------------------------------------


def test_writes_awaited_on_a_loop_are_committed_by_the_writers_thread_each_all_or_nothing(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, path = store
    taken, fresh, racing = uuid4(), uuid4(), uuid4()
    threads: list[int] = []
    original = writer._insert

    def noting(c: SQLiteCursor, records: Sequence[StoredEvent]) -> Any:
        threads.append(threading.get_ident())
        return original(c, records)

    writer._insert = noting

    recorder.gate = threading.Event()

    async def together() -> list[Any]:
        first = asyncio.ensure_future(writer.submit([_record(taken, 1)]))
        while not recorder.entered.is_set():  # the writer's thread holds its transaction
            await asyncio.sleep(0.01)
        queued = [
            [_record(fresh, 1)],
            [_record(uuid4(), 1), _record(taken, 1)],  # its second row's version is taken
            [_record(racing, 1)],
            [_record(racing, 1)],  # loses the race to the write before it
        ]
        rest = [asyncio.ensure_future(writer.submit(r, _notes(r))) for r in queued]
        while len(writer._pending) < len(queued):
            await asyncio.sleep(0.01)
        recorder.gate.set()  # type: ignore[union-attr]
        return await asyncio.gather(first, *rest, return_exceptions=True)

    outcomes = asyncio.run(together())
    assert outcomes[0] is None and outcomes[1] is None and outcomes[3] is None
    assert isinstance(outcomes[2], IntegrityError) and isinstance(outcomes[4], IntegrityError)
    assert sorted(_stored(path)) == sorted([(taken.hex, 1), (fresh.hex, 1), (racing.hex, 1)])
    assert sorted(_noted(path)) == sorted([(fresh.hex, 1), (racing.hex, 1)])  # first: none
    # Never the loop's thread: the writer's own; the four queued meanwhile in one transaction.
    assert threads and threading.get_ident() not in threads
    assert recorder.datastore.commits == 2  # type: ignore[attr-defined]


def test_an_awaited_write_and_a_threads_write_share_the_writer(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    recorder, writer, path = store
    recorder.gate = threading.Event()
    stream = uuid4()
    blocker, blocked = _in_thread(writer, [_record(uuid4(), 1)])
    assert recorder.entered.wait(5)  # a thread's write holds the writer

    async def awaited() -> None:
        pending = asyncio.ensure_future(writer.submit([_record(stream, 1)]))
        await asyncio.sleep(0.05)
        assert not pending.done()  # answered only once committed
        recorder.gate.set()  # type: ignore[union-attr]
        await asyncio.wait_for(pending, 5)

    asyncio.run(awaited())
    blocker.join(5)
    assert blocked == ["stored"]
    assert (stream.hex, 1) in _stored(path)


def test_closing_commits_the_awaited_writes_then_refuses_more(
    store: tuple[_Recorder, GroupWriter, Path],
) -> None:
    _, writer, path = store

    async def write_then_close() -> None:
        await writer.submit([_record(uuid4(), 1)])
        writer.close()
        with pytest.raises(WriterClosed):
            await writer.submit([_record(uuid4(), 1)])

    asyncio.run(write_then_close())
    assert len(_stored(path)) == 1
    assert writer._thread is not None and not writer._thread.is_alive()
