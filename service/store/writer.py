"""Group commit over SQLite: writes that arrive together share one transaction, one sync.

With `synchronous = full` every commit waits for the disk, and one transaction per
request caps a process at the disk's rate of syncs, however fast the rest is. Here
one thread does every write of the process: it takes all the writes queued while the
previous commit was under way and stores them in one transaction, each inside its own
savepoint, so that

- each write is still all or nothing: a write whose row takes a version another
  write took first (the version check of `GameStore.append`) is rolled back to its
  savepoint, alone, and its caller gets eventsourcing's `IntegrityError`, exactly as
  from a transaction of its own; the other writes of the batch are unaffected, and of
  two writes racing for one version in one batch the first queued lands;
- each caller is answered only once the transaction that holds its write is
  committed (durable, with `synchronous = full`): a crash before the commit loses
  writes no one was told of;
- a failure of the transaction itself (the disk, the lock timeout) is raised to every
  caller whose write was in it; nothing of it was stored.

Only this thread takes eventsourcing's writer connection, so readers never queue
behind writers waiting for one another. PostgreSQL keeps a transaction per write
(`GameStore`): its recorder locks the table and notifies inside each insert.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, Final

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteCursor, SQLiteDatastore

#: At most this many writes share one transaction (the rest go in the next one).
MAX_BATCH: Final = 64
Insert = Callable[[SQLiteCursor, Sequence[StoredEvent]], Any]


class _Write:
    __slots__ = ("done", "records")

    def __init__(self, records: Sequence[StoredEvent]) -> None:
        self.records = records
        self.done: Future[None] = Future()


class WriterClosed(RuntimeError):
    """The store is closed: nothing more is written."""


class GroupWriter:
    """The process's one writing thread over `datastore`; `insert` stores records with a
    cursor inside a transaction (the recorder's own insert)."""

    def __init__(self, datastore: SQLiteDatastore, insert: Insert) -> None:
        self._datastore = datastore
        self._insert = insert
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
        self._thread.start()

    def write(self, records: Sequence[StoredEvent]) -> None:
        """Store `records` atomically; return once they are committed.

        Raises IntegrityError when one of them takes a version already stored (nothing
        of this write is then stored), or what the transaction failed with.
        """
        if self._closed:
            raise WriterClosed("the store is closed")
        write = _Write(records)
        self._queue.put(write)
        write.done.result()

    def close(self) -> None:
        """Write what is queued, then stop the thread."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            batch, stop = self._next_batch()
            if batch:
                self._commit(batch)
            if stop:
                return

    def _next_batch(self) -> tuple[list[_Write], bool]:
        """The writes queued now (waiting for the first); True when told to stop."""
        first = self._queue.get()
        if first is None:
            return [], True
        batch = [first]
        while len(batch) < MAX_BATCH:
            try:
                more = self._queue.get_nowait()
            except queue.Empty:
                break
            if more is None:
                return batch, True
            batch.append(more)
        return batch, False

    def _commit(self, batch: list[_Write]) -> None:
        refused: dict[int, BaseException] = {}
        try:
            with self._datastore.transaction(commit=True) as cursor:
                for index, write in enumerate(batch):
                    failure = self._one(cursor, write)
                    if failure is not None:
                        refused[index] = failure
        except BaseException as failure:  # every caller of the batch must hear of it
            for write in batch:
                write.done.set_exception(failure)
            return
        for index, write in enumerate(batch):
            if index in refused:
                write.done.set_exception(refused[index])
            else:
                write.done.set_result(None)

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
