"""Group commit over SQLite: writes that arrive together share one transaction, one sync.

With `synchronous = full` every commit waits for the disk, and one transaction per
request caps a process at the disk's rate of syncs, however fast the rest is. Here a
write that finds no commit under way commits itself at once, leading; the writes that
arrive while a commit is under way wait, and the first of them to wake leads the next
commit for all of them (up to `MAX_BATCH`), in one transaction, each write inside its
own savepoint. A write from a thread is committed by that thread when no commit is
under way, with no hand-over (handing every write to a writing thread cost more CPU
than it saved). A write awaited on the event loop (`submit`, whose thread must
never wait for the disk) is led by the writer's own thread instead, started with the
first such write; its callers on the loop are answered with one call per commit, not
one per write.

- Each write is still all or nothing: a write whose row takes a version another
  write took first (the version check of `GameStore.append`) is rolled back to its
  savepoint, alone, and its caller gets eventsourcing's `IntegrityError`, exactly as
  from a transaction of its own; the other writes of the batch are unaffected, and of
  two writes racing for one version in one batch the first queued lands. A batch is
  first inserted whole, in one statement (one `insert` of all its rows): a lost race
  is rare, and only a batch that holds one is rolled back and committed again, each
  write inside its own savepoint.
- A write may carry statements that commit with it (`Statement`: the turn clocks'
  and the bot turns' indexes, `clocks.ClockIndex`), run after its records in its
  transaction (in its savepoint when it is refused alone): they are stored exactly when
  its records are, so no crash can keep the one without the other.
- Each caller is answered only once the transaction that holds its write is
  committed (durable, with `synchronous = full`): a crash before the commit loses
  writes no one was told of.
- A failure of the transaction itself (the disk, the lock timeout) is raised to every
  caller whose write was in it; nothing of it was stored.

Only the leader takes eventsourcing's writer connection, one at a time, so readers
never queue behind writers waiting for one another. The batching (`BatchWriter`) is
the same for PostgreSQL, whose transaction is `pg_writer.PostgresGroupWriter`'s: one
table lock, one INSERT of the writes not refused, with the notices in its statement.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteCursor, SQLiteDatastore

from service.metrics import Metrics

#: At most this many writes share one transaction (the rest go in the next one).
MAX_BATCH: Final = 64
Insert = Callable[[SQLiteCursor, Sequence[StoredEvent]], Any]


class Statement(NamedTuple):
    """A statement of the database's own placeholders (`?`, `%s`) and its parameters."""

    sql: str
    params: tuple[object, ...]


class Write:
    """One caller's write: its records, and the statements that commit with them."""

    __slots__ = ("done", "failure", "future", "records", "statements")

    def __init__(
        self,
        records: Sequence[StoredEvent],
        statements: Sequence[Statement] = (),
        future: asyncio.Future[None] | None = None,
    ) -> None:
        self.records = records
        self.statements = statements
        self.done = False
        self.failure: BaseException | None = None
        #: Set once the write is committed or refused, for a write awaited on a loop.
        self.future = future


class WriterClosed(RuntimeError):
    """The store is closed: nothing more is written."""


class BatchWriter:
    """The writes of a process, led in batches; `_store` commits one batch (a database's
    own transaction: `GroupWriter` for SQLite, `pg_writer.PostgresGroupWriter`)."""

    def __init__(self, metrics: Metrics | None = None) -> None:
        self._metrics = metrics or Metrics()
        self._lock = threading.Lock()
        #: Told when a commit ends: its writes are done, and another may lead.
        self._committed = threading.Condition(self._lock)
        self._pending: list[Write] = []
        self._leading = False
        self._closed = False
        #: Leads the commits of the writes awaited on an event loop (`submit`).
        self._thread: threading.Thread | None = None

    def write(self, records: Sequence[StoredEvent], statements: Sequence[Statement] = ()) -> None:
        """Store `records`, and run `statements` after them, atomically; return once they
        are committed.

        Raises IntegrityError when one of them takes a version already stored (nothing
        of this write is then stored), or what the transaction failed with.
        """
        write = Write(records, statements)
        with self._lock:
            if self._closed:
                raise WriterClosed("the store is closed")
            self._pending.append(write)
        while not write.done:
            batch = self._lead_or_wait(write)
            if not batch:
                continue
            try:
                self._commit(batch)
            finally:
                with self._lock:
                    self._leading = False
                    self._committed.notify_all()
        if write.failure is not None:
            raise write.failure

    def submit(
        self, records: Sequence[StoredEvent], statements: Sequence[Statement] = ()
    ) -> asyncio.Future[None]:
        """As `write`, for the running event loop, which never waits for the disk: the
        writer's thread commits `records` (with the writes that arrive meanwhile), and
        the answer, a future of the loop, is done once they are committed or refused
        (with what `write` raises). Cancelling a wait for it leaves the write as it is."""
        write = Write(records, statements, asyncio.get_running_loop().create_future())
        with self._lock:
            if self._closed:
                raise WriterClosed("the store is closed")
            self._pending.append(write)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._lead_for_loops, name="group-writer", daemon=True
                )
                self._thread.start()
            if not self._leading:  # else the commit under way tells the thread as it ends
                self._committed.notify_all()
        assert write.future is not None
        return write.future

    def close(self) -> None:
        """Refuse new writes; return once the writes under way are committed."""
        with self._lock:
            self._closed = True
            self._committed.notify_all()
            while self._leading or self._pending:
                self._committed.wait()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _lead_for_loops(self) -> None:
        """The writer's thread: lead a commit whenever writes wait and no one leads."""
        while True:
            with self._lock:
                while self._leading or not self._pending:
                    if self._closed and not self._leading:
                        return
                    self._committed.wait()
                self._leading = True
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            try:
                self._commit(batch)
            finally:
                with self._lock:
                    self._leading = False
                    self._committed.notify_all()

    def _lead_or_wait(self, write: Write) -> list[Write]:
        """The batch to commit when this thread leads; empty when it waited instead."""
        with self._lock:
            if self._leading:
                self._committed.wait()
                return []
            if write.done:
                return []
            self._leading = True
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            return batch

    def _store(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        """Commit the writes of `batch` in one transaction; by index, the writes refused
        (each rolled back alone). Raises when the transaction itself fails."""
        raise NotImplementedError

    def _commit(self, batch: list[Write]) -> None:
        started = time.perf_counter()
        try:
            refused = self._store(batch)
        except BaseException as failure:  # every caller of the batch must hear of it
            refused = dict.fromkeys(range(len(batch)), failure)
            self._metrics.commit_failed()
        else:
            seconds = time.perf_counter() - started
            self._metrics.committed(len(batch) - len(refused), seconds, len(refused))
        awaited: dict[asyncio.AbstractEventLoop, list[Write]] = {}
        with self._lock:
            for index, write in enumerate(batch):
                write.failure = refused.get(index)
                write.done = True
                if write.future is not None:
                    awaited.setdefault(write.future.get_loop(), []).append(write)
        for loop, writes in awaited.items():
            # A closed loop has no one left waiting for these answers.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_answer, writes)


class GroupWriter(BatchWriter):
    """The writes of a process over SQLite's `datastore`; `insert` stores records with a
    cursor inside a transaction (the recorder's own rows: `backends.sqlite_insert`)."""

    def __init__(
        self, datastore: SQLiteDatastore, insert: Insert, metrics: Metrics | None = None
    ) -> None:
        super().__init__(metrics)
        self._datastore = datastore
        self._insert = insert

    def _store(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        try:
            with self._datastore.transaction(commit=True) as cursor:
                self._insert(cursor, [record for write in batch for record in write.records])
                for write in batch:
                    _run(cursor, write.statements)
        except IntegrityError as refusal:  # the transaction rolled back: nothing is stored
            if len(batch) == 1:
                return {0: refusal}
        else:
            return {}
        # Some write of the batch lost a race: each in its own savepoint, in the order queued.
        refused: dict[int, BaseException] = {}
        with self._datastore.transaction(commit=True) as cursor:
            for index, write in enumerate(batch):
                failure = self._one(cursor, write)
                if failure is not None:
                    refused[index] = failure
        return refused

    def _one(self, cursor: SQLiteCursor, write: Write) -> BaseException | None:
        """Insert one write inside its savepoint; its refusal, or None once it is in."""
        cursor.execute("SAVEPOINT one_write")
        try:
            self._insert(cursor, write.records)
            _run(cursor, write.statements)
        except sqlite3.IntegrityError as error:
            cursor.execute("ROLLBACK TO one_write")
            cursor.execute("RELEASE one_write")
            return IntegrityError(error)
        cursor.execute("RELEASE one_write")
        return None


def _run(cursor: SQLiteCursor, statements: Sequence[Statement]) -> None:
    for statement in statements:
        cursor.execute(statement.sql, statement.params)


def _answer(writes: list[Write]) -> None:
    """On their loop: tell each awaited write how it ended (unless its waiter left)."""
    for write in writes:
        future = write.future
        if future is None or future.done():
            continue
        if write.failure is None:
            future.set_result(None)
        else:
            future.set_exception(write.failure)
