"""Reading one stream's records with one plain SELECT, straight into structs.

Rebuilding a game reads every event of its stream. eventsourcing's `EventStore.get`
builds a `StoredEvent` and then an `Envelope` for each record, and its SQLite recorder
reads rows by name and makes a UUID for each; a game of 74 events spent six times as
long there as in decoding them. Here the same table is read with one plain SELECT.

A reader of one family of events (a game's, a match's: its `EventCodec`) selects the
stream's stored states alone, in version order (PostgreSQL's in binary), joins them
into one JSON array, and decodes it in one call
(`EventCodec.decode_json_array`): no Python per event. A stream holding any other
record (an event stored at an older schema version, to be upcast; a record of another
kind) is read again as before: a SELECT of the three columns a fold needs, and each
record decoded by its topic (`envelopes.decode_record`), which upcasts, names what
is wrong, or gives the record of another kind that the caller refuses.

Reads go through one connection the reader keeps, rather than one taken from the
pool each time (over PostgreSQL, a read through the pool took half as long again); a
read that finds it in use by another thread, or broken, uses the pool's. Over an
in-memory SQLite database every read uses the pool's. Reading a record's stored time
stays with the store (`GameStore.turn_began`), which asks for one record.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any, Final, Generic, TypeVar
from uuid import UUID

import msgspec
import psycopg
from eventsourcing.persistence import PersistenceError, Recorder
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore
from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteConnection, SQLiteDatastore
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Composed, Identifier

from domain.codec import EventCodec
from service.store.envelopes import decode_record

#: A stream's records after a version (up to another), decoded, in version order.
ReadStream = Callable[[UUID, int, "int | None"], list[msgspec.Struct]]
Row = tuple[int, str, bytes]
#: The rows' SELECT, and the stored states' as one JSON array (b"[]" for none).
SelectRows = Callable[[UUID, int, "int | None"], list[Row]]
SelectArray = Callable[[UUID, int, "int | None"], bytes]
#: A first load's rows: (0, version, state, format) for the snapshot, if any, then
#: (1, version, state, None) for each event after it.
SelectFirst = Callable[[UUID], list[tuple[Any, ...]]]
#: How long a reader leaves its own connection unmade after failing to make one (the
#: server down, say): meanwhile its reads go through the pool, which says what is wrong.
RECONNECT_SECONDS: Final = 5.0
C = TypeVar("C")
T = TypeVar("T")


class StreamReader:
    """Reads the streams of `recorder`'s table (SQLite or PostgreSQL): with `codec`, a
    stream of that family's events in one decode (module doc); with `snapshots` (a
    table of `snapshots.SnapshotTable`'s), a first load too (`first_load`)."""

    def __init__(
        self,
        recorder: Recorder,
        codec: EventCodec[Any] | None = None,
        snapshots: str | None = None,
    ) -> None:
        self._codec = codec
        self._kept: _KeptConnection[Any]
        self._rows: SelectRows
        self._array: SelectArray
        self._first: SelectFirst | None = None
        if isinstance(recorder, SQLiteAggregateRecorder):
            sqlite = self._kept = _KeptSQLite(recorder.datastore)
            self._rows, self._array = (
                _sqlite_rows(recorder, sqlite),
                _sqlite_array(recorder, sqlite),
            )
            if snapshots is not None:
                self._first = _sqlite_first(recorder, sqlite, snapshots)
        elif isinstance(recorder, PostgresAggregateRecorder):
            postgres = self._kept = _KeptPostgres(recorder.datastore)
            self._rows = _postgres_rows(recorder, postgres)
            self._array = _postgres_array(recorder, postgres)
            if snapshots is not None:
                self._first = _postgres_first(recorder, postgres, snapshots)
        else:
            raise TypeError(f"no stream reader for {type(recorder).__name__}")

    def first_load(
        self, stream: UUID
    ) -> tuple[tuple[int, str, bytes] | None, list[msgspec.Struct] | None]:
        """A stream's snapshot row (version, format, state) where it has one and no
        event is stored after it, else None; and the stream's events, else None (the
        snapshot's current): in one SELECT (`snapshots`). A snapshot with events after
        it answers the events, read again in full."""
        if self._first is None:
            raise TypeError("this reader reads no snapshots")
        rows = self._first(stream)
        if rows and rows[0][0] == 0:
            if len(rows) == 1:
                _, version, state, form = rows[0]
                return (version, form, bytes(state)), None
            return None, self(stream, 0, None)  # stale: the events after it alone do not do
        if self._codec is not None:
            found = self._codec.decode_json_array(b"[" + b",".join(map(_third, rows)) + b"]")
            if found is not None:
                return None, found
        return None, self(stream, 0, None)

    def __call__(self, stream: UUID, after: int, upto: int | None) -> list[msgspec.Struct]:
        if self._codec is not None:
            found = self._codec.decode_json_array(self._array(stream, after, upto))
            if found is not None:
                return found
        return [
            decode_record(topic, state, stream, version)
            for version, topic, state in self._rows(stream, after, upto)
        ]

    def select(self, stream: UUID, after: int, upto: int | None) -> bytes:
        """The stored states alone, as one JSON array: what a read of one decode selects."""
        return self._array(stream, after, upto)

    def rows(self, stream: UUID, after: int, upto: int | None) -> list[Row]:
        """The rows (version, topic, state) a read record by record selects."""
        return self._rows(stream, after, upto)

    def close(self) -> None:
        """Close the connection the reader keeps, if any."""
        self._kept.close()


def stream_reader(
    recorder: Recorder, codec: EventCodec[Any] | None = None, snapshots: str | None = None
) -> StreamReader:
    """How to read a stream of `recorder`'s table (SQLite or PostgreSQL)."""
    return StreamReader(recorder, codec, snapshots)


_COLUMNS = "SELECT originator_version, topic, state FROM "
_STATES = "SELECT state FROM "
_state_of = itemgetter(0)
_third = itemgetter(2)


def _first_statement(events: str, snapshots: str, p: str) -> str:
    """The snapshot's row, then the events after its version (all, with none), by version."""
    return (
        f"SELECT 0, version, state, format FROM {snapshots} WHERE game_id = {p} "
        f"UNION ALL SELECT 1, originator_version, state, NULL FROM {events} "
        f"WHERE originator_id = {p} AND originator_version > "
        f"COALESCE((SELECT version FROM {snapshots} WHERE game_id = {p}), 0) "
        "ORDER BY 1, 2"
    )


def _sqlite_first(
    recorder: SQLiteAggregateRecorder, kept: _KeptSQLite, snapshots: str
) -> SelectFirst:
    statement = _first_statement(recorder.events_table_name, snapshots, "?")

    def first(stream: UUID) -> list[tuple[Any, ...]]:
        key = stream.hex
        return kept.fetch(statement, [key, key, key])

    return first


def _postgres_first(
    recorder: PostgresAggregateRecorder, kept: _KeptPostgres, snapshots: str
) -> SelectFirst:
    events = SQL("{schema}.{table}").format(
        schema=Identifier(recorder.datastore.schema),
        table=Identifier(recorder.events_table_name),
    )
    statement = SQL(_first_statement("{events}", snapshots, "%s")).format(events=events)

    def first(stream: UUID) -> list[tuple[Any, ...]]:
        return kept.fetch(statement, [stream, stream, stream])

    return first


def _sqlite_statements(recorder: SQLiteAggregateRecorder, columns: str) -> tuple[str, str]:
    """The SELECT of `columns` after a version, and after a version up to another."""
    statement = columns + recorder.events_table_name
    statement += " WHERE originator_id = ? AND originator_version > ?"
    upto = statement + " AND originator_version <= ? ORDER BY originator_version"
    return statement + " ORDER BY originator_version", upto


def _sqlite_select(
    recorder: SQLiteAggregateRecorder, columns: str, kept: _KeptSQLite
) -> Callable[[UUID, int, int | None], list[Any]]:
    statement, upto_statement = _sqlite_statements(recorder, columns)

    def rows(stream: UUID, after: int, upto: int | None) -> list[Any]:
        params: list[Any] = [stream.hex, after]
        if upto is not None:
            params.append(upto)
        return kept.fetch(statement if upto is None else upto_statement, params)

    return rows


def _sqlite_rows(recorder: SQLiteAggregateRecorder, kept: _KeptSQLite) -> SelectRows:
    return _sqlite_select(recorder, _COLUMNS, kept)


def _sqlite_array(recorder: SQLiteAggregateRecorder, kept: _KeptSQLite) -> SelectArray:
    select = _sqlite_select(recorder, _STATES, kept)

    def array(stream: UUID, after: int, upto: int | None) -> bytes:
        return b"[" + b",".join(map(_state_of, select(stream, after, upto))) + b"]"

    return array


def _postgres_statements(
    recorder: PostgresAggregateRecorder, columns: str
) -> tuple[Composed, Composed]:
    """The SELECT of `columns` after a version, and after a version up to another."""
    table = SQL("{schema}.{table}").format(
        schema=Identifier(recorder.datastore.schema),
        table=Identifier(recorder.events_table_name),
    )
    statement = SQL(columns) + table
    statement += SQL(" WHERE originator_id = %s AND originator_version > %s")
    return statement, statement + SQL(" AND originator_version <= %s")


def _postgres_rows(recorder: PostgresAggregateRecorder, kept: _KeptPostgres) -> SelectRows:
    statement, upto_statement = _postgres_statements(recorder, _COLUMNS)
    order = SQL(" ORDER BY originator_version")
    statement, upto_statement = statement + order, upto_statement + order

    def rows(stream: UUID, after: int, upto: int | None) -> list[Row]:
        params: list[Any] = [stream, after]
        if upto is not None:
            params.append(upto)
        found = kept.fetch(statement if upto is None else upto_statement, params)
        return [(version, topic, bytes(state)) for version, topic, state in found]

    return rows


def _postgres_array(recorder: PostgresAggregateRecorder, kept: _KeptPostgres) -> SelectArray:
    statement, upto_statement = _postgres_statements(recorder, _STATES)
    order = SQL(" ORDER BY originator_version")
    statement, upto_statement = statement + order, upto_statement + order

    def array(stream: UUID, after: int, upto: int | None) -> bytes:
        params: list[Any] = [stream, after]
        if upto is not None:
            params.append(upto)
        found = kept.fetch(statement if upto is None else upto_statement, params)
        return b"[" + b",".join(map(_state_of, found)) + b"]"

    return array


class _KeptConnection(Generic[C]):
    """A connection of a reader's own, for one thread at a time; the others, and every
    read while it cannot be made, use the datastore's pool."""

    #: What a read through the kept connection may raise: it is then dropped (made anew
    #: for the next read), and the read asked again through the pool, which says what is
    #: wrong as the store's other reads do.
    failures: tuple[type[Exception], ...] = ()

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._connection: C | None = None
        self._unmade_until = 0.0
        self._closed = False

    def run(self, work: Callable[[C], T], pooled: Callable[[], T]) -> T:
        """`work` done with the kept connection, or `pooled()` where it cannot be."""
        if self._lock.acquire(blocking=False):
            try:
                connection = self._connected()
                if connection is not None:
                    try:
                        return work(connection)
                    except self.failures:
                        self._drop()
            finally:
                self._lock.release()
        return pooled()

    def _connected(self) -> C | None:
        if self._connection is not None:
            return self._connection
        if self._closed or time.monotonic() < self._unmade_until:
            return None
        try:
            self._connection = self._make()
        except self.failures:
            self._unmade_until = time.monotonic() + RECONNECT_SECONDS
        return self._connection

    def _make(self) -> C:
        raise NotImplementedError

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            self._close(connection)

    def _close(self, connection: C) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Close the kept connection; every read from now on uses the pool."""
        with self._lock:
            self._closed = True
            self._drop()


class _KeptPostgres(_KeptConnection["psycopg.Connection[Any]"]):
    failures = (psycopg.Error,)

    def __init__(self, datastore: PostgresDatastore) -> None:
        super().__init__()
        self._datastore = datastore

    def fetch(self, query: Composed, params: list[Any]) -> list[tuple[Any, ...]]:
        """The rows of `query` with `params`, as tuples."""

        def pooled() -> list[tuple[Any, ...]]:
            with self._datastore.get_connection() as connection:
                return _fetch(connection, query, params)

        return self.run(lambda connection: _fetch(connection, query, params), pooled)

    def _connected(self) -> psycopg.Connection[Any] | None:
        if self._connection is not None and self._connection.closed:
            self._drop()  # closed by the server, or broken
        return super()._connected()

    def _make(self) -> psycopg.Connection[Any]:
        pool = self._datastore.pool
        given = pool.kwargs
        kwargs = dict((given() if callable(given) else given) or {})
        kwargs.pop("row_factory", None)
        kwargs.setdefault("connect_timeout", max(1, int(pool.timeout)))
        return psycopg.connect(**kwargs, autocommit=True)

    def _close(self, connection: psycopg.Connection[Any]) -> None:
        connection.close()


def _fetch(
    connection: psycopg.Connection[Any], query: Composed, params: list[Any]
) -> list[tuple[Any, ...]]:
    # In binary: the states come as they are stored, not as hex text to be decoded (a
    # game's SELECT took half as long again in text).
    with connection.cursor(row_factory=tuple_row, binary=True) as cursor:
        cursor.execute(query, params, prepare=True)
        return cursor.fetchall()


class _KeptSQLite(_KeptConnection[SQLiteConnection]):
    """Over an SQLite file; none over an in-memory database, whose connections the pool
    keeps from reading while another writes."""

    failures = (sqlite3.Error, PersistenceError)

    def __init__(self, datastore: SQLiteDatastore) -> None:
        super().__init__()
        self._datastore = datastore
        self._closed = datastore.pool.is_sqlite_memory_mode

    def fetch(self, statement: str, params: list[Any]) -> list[Any]:
        """The rows of `statement` with `params`, as tuples."""

        def pooled() -> list[Any]:
            # One SELECT reads a consistent snapshot by itself: no BEGIN, no ROLLBACK.
            with self._datastore.get_connection(commit=False) as connection:
                return _sqlite_fetch(connection, statement, params)

        return self.run(lambda connection: _sqlite_fetch(connection, statement, params), pooled)

    def _make(self) -> SQLiteConnection:
        # As the pool makes its own (with the store's `PRAGMA synchronous`: `backends`).
        return self._datastore.pool._create_connection()

    def _close(self, connection: SQLiteConnection) -> None:
        connection.close()


def _sqlite_fetch(connection: SQLiteConnection, statement: str, params: list[Any]) -> list[Any]:
    cursor = connection.cursor().sqlite_cursor
    try:
        cursor.row_factory = None  # tuples, not rows read by name
        cursor.execute(statement, params)
        found: list[Any] = cursor.fetchall()
    finally:
        cursor.close()
    return found
