"""Snapshots of finished games: a finished game's folded state, kept beside its events.

A finished game never changes, yet loading one into the cache (to show it, to export
its record) read and folded every event of it. Once a game is over its final state is
stored in its own table (`TABLE`, one row per game: the game's id, the version the
state is at, the state's `format` and the state, msgspec's MessagePack), so that a
load reads one row and decodes one state.

A snapshot is a cache and nothing else:

- it is read only where a game's current state is loaded into the cache
  (`FoldedStreams.state` of a game not cached); the events, a record, an export, the
  history views (`state_at` below the current version), a stream and an audit read
  the events, never the snapshot;
- it is used only when its version is the stream's latest and its `format` is this
  code's: the state's class, `FOLD_VERSION`, and a digest of the state's shape
  (msgspec's description of its fields and theirs, rules and events within), so a
  change of a state's fields leaves the old snapshots unread; a missing, stale or
  unreadable snapshot, or one of another format, is passed over and the game folded
  from its events, as before snapshots were;
- it is written with the write that ends the game (or that reveals its seed, after
  its end), from the state that write reached, in the write's own transaction
  (`GameSnapshots.statement`, committed as the turn clocks' rows are): no read, no
  fold and no commit of its own. Where a load folds a finished game from its events
  because its snapshot was missing or stale (a store written before snapshots, a
  snapshot lost), the state that fold gave is written, by one thread of the store's
  own (`SnapshotWriter`), so the load never waits for it; that thread never reads
  the events or folds them again, and its commit does not wait for the disk (SQLite's
  `synchronous = normal` for it, PostgreSQL's `synchronous_commit` off: a crash may
  lose it, never corrupt it, and the next load folds the events). Each write keeps
  the newer of two: a write cut short (a process killed) leaves the row as it was or
  as it became, and either loads. A write that fails is logged and forgotten: the
  next load folds the events.

The load is one statement (`reading.StreamReader.first_load`): the snapshot's row and
the stream's events after the snapshot's version, so a game with no snapshot (every
game still playing) costs no more round trips than before.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any, Final, NamedTuple, Protocol
from uuid import UUID

import msgspec
from eventsourcing.persistence import IntegrityError, PersistenceError

from service.store.game_folds import AnyGameState
from service.store.snapshot_codec import SnapshotCodec
from service.store.writer import Statement

TABLE: Final = "penangrummy_game_snapshots"
#: How long closing the store waits for the snapshots still queued to be written.
CLOSE_SECONDS: Final = 5.0
_log = logging.getLogger("service.store")


class _Datastore(Protocol):
    def transaction(self, *, commit: bool) -> AbstractContextManager[Any]: ...


class SnapshotTable:
    """The table over eventsourcing's datastore; `placeholder` is `?` (SQLite) or `%s`."""

    def __init__(self, datastore: _Datastore, placeholder: str, *, postgres: bool) -> None:
        self._datastore = datastore
        self._postgres = postgres
        p = placeholder
        key, blob = ("UUID", "BYTEA") if postgres else ("TEXT", "BLOB")
        self._create = (
            f"CREATE TABLE IF NOT EXISTS {TABLE} (game_id {key} PRIMARY KEY, "
            f"version BIGINT NOT NULL, format TEXT NOT NULL, state {blob} NOT NULL)"
        )
        # The newer of two writes stays; at one version the later (a format anew).
        self._upsert = (
            f"INSERT INTO {TABLE} (game_id, version, format, state) VALUES ({p}, {p}, {p}, {p}) "
            f"ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
            f"format = excluded.format, state = excluded.state "
            f"WHERE excluded.version >= {TABLE}.version"
        )
        self._delete = f"DELETE FROM {TABLE} WHERE game_id = {p}"
        self._get = f"SELECT version, format, state FROM {TABLE} WHERE game_id = {p}"

    def create_table(self) -> None:
        # Two processes creating it at once: one of them loses a race over the catalog.
        with contextlib.suppress(IntegrityError), self._transaction(commit=True) as cursor:
            cursor.execute(self._create)

    def put(
        self, game_id: UUID, version: int, form: str, data: bytes, *, synced: bool = True
    ) -> None:
        """Store the game's snapshot at `version`, unless a newer one is stored; not
        `synced`: committed without waiting for the disk (module doc)."""
        key: object = game_id if self._postgres else game_id.hex
        params = (key, version, form, data)
        if synced or self._postgres:
            with self._transaction(commit=True) as cursor:
                if not synced:
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
                cursor.execute(self._upsert, params)
            return
        # SQLite's level is set outside a transaction, on the connection, then set back.
        sqlite: Any = self._datastore  # eventsourcing's SQLiteDatastore
        with sqlite.get_connection(commit=True) as connection:
            level = connection.cursor()
            level.execute("PRAGMA synchronous")
            (was,) = level.fetchone()
            level.execute("PRAGMA synchronous = NORMAL")
            try:
                with connection.transaction(commit=True) as cursor:
                    cursor.execute(self._upsert, params)
            finally:
                level.execute(f"PRAGMA synchronous = {int(was)}")

    def statement(self, game_id: UUID, version: int, form: str, data: bytes) -> Statement:
        """`put` as a statement to run in another write's transaction."""
        key: object = game_id if self._postgres else game_id.hex
        return Statement(self._upsert, (key, version, form, data))

    def get(self, game_id: UUID) -> tuple[int, str, bytes] | None:
        """The game's snapshot row as stored (version, format, state), if any."""
        key: object = game_id if self._postgres else game_id.hex
        with self._transaction(commit=False) as cursor:
            cursor.execute(self._get, (key,))
            found = cursor.fetchall()
        if not found:
            return None
        (row,) = found
        return int(row["version"]), str(row["format"]), bytes(row["state"])

    def drop(self, game_id: UUID) -> None:
        """Forget the game's snapshot, if any."""
        key: object = game_id if self._postgres else game_id.hex
        with self._transaction(commit=True) as cursor:
            cursor.execute(self._delete, (key,))

    @contextlib.contextmanager
    def _transaction(self, *, commit: bool) -> Iterator[Any]:
        with self._datastore.transaction(commit=commit) as cursor:
            yield cursor


class _Job(NamedTuple):
    game_id: UUID
    #: The state, over, that a load folded from the events.
    state: AnyGameState


class SnapshotWriter:
    """Writes the snapshots of states that loads folded, in one thread of its own,
    started on the first one asked for, so that no load waits for one."""

    def __init__(self, table: SnapshotTable, codec: SnapshotCodec) -> None:
        self._table = table
        self._codec = codec
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        #: Once closing: until when queued snapshots are still written.
        self._until = float("inf")

    def folded(self, game_id: UUID, state: AnyGameState) -> None:
        """A load folded the game's stored events into `state`, over: snapshot it."""
        self._put(_Job(game_id, state))

    def flush(self) -> None:
        """Wait until every snapshot asked for so far is written (or given up)."""
        self._jobs.join()

    def close(self) -> None:
        """Write what is queued for `CLOSE_SECONDS` at most, forget the rest, and stop
        (before the store closes its connections: no write is left running)."""
        with self._lock:
            self._closed = True
            self._until = time.monotonic() + CLOSE_SECONDS
            thread = self._thread
        if thread is not None:
            self._jobs.put(None)
            thread.join()

    def _put(self, job: _Job) -> None:
        with self._lock:
            if self._closed:
                return
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="penang-rummy-snapshots", daemon=True
                )
                self._thread.start()
            self._jobs.put(job)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                if time.monotonic() < self._until:
                    self._write(job)
            finally:
                self._jobs.task_done()

    def _write(self, job: _Job) -> None:
        try:
            state = job.state
            form, data = self._codec.encode(state)
            self._table.put(job.game_id, state.version, form, data, synced=False)
        except (PersistenceError, OSError) as error:
            _log.warning("the snapshot of game %s was not written: %s", job.game_id, error)
        except Exception:
            # A snapshot is never needed: the game loads from its events without one.
            _log.exception("the snapshot of game %s was not written", job.game_id)


class _Reader(Protocol):
    def first_load(
        self, stream: UUID
    ) -> tuple[tuple[int, str, bytes] | None, list[msgspec.Struct] | None]: ...

    def __call__(self, stream: UUID, after: int, upto: int | None) -> list[msgspec.Struct]: ...


class GameSnapshots:
    """The snapshots of a store's finished games: loaded through `read` (the games'
    reader, `reading.StreamReader`), written by a `SnapshotWriter` (module doc)."""

    def __init__(self, table: SnapshotTable, read: _Reader) -> None:
        self.table = table
        self._read = read
        self._codec = SnapshotCodec()
        self.writer = SnapshotWriter(table, self._codec)

    def load(self, stream: UUID) -> tuple[AnyGameState | None, list[Any] | None]:
        """The game's state from its snapshot, where it has one of this format at the
        stream's latest version that decodes; else None and the stream's events."""
        row, events = self._read.first_load(stream)
        if row is None:
            return None, events
        version, form, data = row
        state = self._codec.decode(form, data)
        if state is not None and state.version == version:
            return state, None
        return None, self._read(stream, 0, None)

    def statement(self, game_id: UUID, state: AnyGameState) -> Statement | None:
        """The statement that stores `state`, over, as the game's snapshot, to commit
        with the write that reached it; None where it does not encode (logged: the game
        then loads from its events, and that load writes it)."""
        try:
            form, data = self._codec.encode(state)
        except Exception:
            _log.exception("the snapshot of game %s was not written", game_id)
            return None
        return self.table.statement(game_id, state.version, form, data)

    def folded(self, game_id: UUID, state: AnyGameState) -> None:
        """A load folded `state`, over, from the stored events: written by the
        snapshots' thread (`SnapshotWriter`)."""
        self.writer.folded(game_id, state)

    def flush(self) -> None:
        """Wait until every snapshot asked for so far is written (or given up)."""
        self.writer.flush()

    def close(self) -> None:
        self.writer.close()
