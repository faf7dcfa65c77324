"""Group commit over SQLite: writes that arrive together share one transaction, one sync.

With `synchronous = full` every commit waits for the disk, and one transaction per
request caps a process at the disk's rate of syncs, however fast the rest is. Here a
write that finds no commit under way commits itself at once, leading; the writes that
arrive while a commit is under way wait, and the first of them to wake leads the next
commit for all of them (up to `MAX_BATCH`), in one transaction, each write inside its
own savepoint. No thread of its own: a lone write is committed by its own thread, with
no hand-over (handing every write to a writing thread cost more CPU than it saved).

- Each write is still all or nothing: a write whose row takes a version another
  write took first (the version check of `GameStore.append`) is rolled back to its
  savepoint, alone, and its caller gets eventsourcing's `IntegrityError`, exactly as
  from a transaction of its own; the other writes of the batch are unaffected, and of
  two writes racing for one version in one batch the first queued lands.
- Each caller is answered only once the transaction that holds its write is
  committed (durable, with `synchronous = full`): a crash before the commit loses
  writes no one was told of.
- A failure of the transaction itself (the disk, the lock timeout) is raised to every
  caller whose write was in it; nothing of it was stored.

Only the leader takes eventsourcing's writer connection, one at a time, so readers
never queue behind writers waiting for one another. PostgreSQL keeps a transaction
per write (`GameStore`): its recorder locks the table and notifies inside each insert.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteCursor, SQLiteDatastore

#: At most this many writes share one transaction (the rest go in the next one).
MAX_BATCH: Final = 64
Insert = Callable[[SQLiteCursor, Sequence[StoredEvent]], Any]


class _Write:
    __slots__ = ("done", "failure", "records")

    def __init__(self, records: Sequence[StoredEvent]) -> None:
        self.records = records
        self.done = False
        self.failure: BaseException | None = None


class WriterClosed(RuntimeError):
    """The store is closed: nothing more is written."""


class GroupWriter:
    """The writes of a process over `datastore`; `insert` stores records with a cursor
    inside a transaction (the recorder's own insert)."""

    def __init__(self, datastore: SQLiteDatastore, insert: Insert) -> None:
        self._datastore = datastore
        self._insert = insert
        self._lock = threading.Lock()
        #: Told when a commit ends: its writes are done, and another may lead.
        self._committed = threading.Condition(self._lock)
        self._pending: list[_Write] = []
        self._leading = False
        self._closed = False

    def write(self, records: Sequence[StoredEvent]) -> None:
        """Store `records` atomically; return once they are committed.

        Raises IntegrityError when one of them takes a version already stored (nothing
        of this write is then stored), or what the transaction failed with.
        """
        write = _Write(records)
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

    def close(self) -> None:
        """Refuse new writes; return once the writes under way are committed."""
        with self._lock:
            self._closed = True
            while self._leading or self._pending:
                self._committed.wait()

    def _lead_or_wait(self, write: _Write) -> list[_Write]:
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

    def _commit(self, batch: list[_Write]) -> None:
        refused: dict[int, BaseException] = {}
        try:
            with self._datastore.transaction(commit=True) as cursor:
                for index, write in enumerate(batch):
                    failure = self._one(cursor, write)
                    if failure is not None:
                        refused[index] = failure
        except BaseException as failure:  # every caller of the batch must hear of it
            refused = dict.fromkeys(range(len(batch)), failure)
        with self._lock:
            for index, write in enumerate(batch):
                write.failure = refused.get(index)
                write.done = True

    def _one(self, cursor: SQLiteCursor, write: _Write) -> BaseException | None:
        """Insert one write inside its savepoint; its refusal, or None once it is in."""
        cursor.execute("SAVEPOINT one_write")
        try:
            self._insert(cursor, write.records)
        except sqlite3.IntegrityError as error:
            cursor.execute("ROLLBACK TO one_write")
            cursor.execute("RELEASE one_write")
            return IntegrityError(error)
        cursor.execute("RELEASE one_write")
        return None
