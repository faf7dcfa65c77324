"""The connection a stream reader keeps, over SQLite or PostgreSQL (`reading`).

Reads go through one connection the reader keeps, rather than one taken from the
pool each time (over PostgreSQL, a read through the pool took half as long again); a
read that finds it in use by another thread, or broken, uses the pool's. Over an
in-memory SQLite database every read uses the pool's.

Over PostgreSQL a reader's statements are few and fixed (`Statement`): on the kept
connection each is prepared once, then run by name straight through libpq, its
parameters in binary and its rows loaded by psycopg's loaders. A psycopg cursor's
execute cost about as much again as the round trip itself (a new cursor, its
transformer, the query's conversion, the prepared statements' bookkeeping: 16-28 µs a
read, against 9-10 µs for libpq's round trip of a bare `SELECT 1` here). Through the
pool the same text runs in a psycopg cursor, as the store's other reads do.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import psycopg
from eventsourcing.persistence import PersistenceError
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.sqlite import SQLiteConnection, SQLiteDatastore
from psycopg import abc, adapt, pq
from psycopg.errors import error_from_result
from psycopg.rows import tuple_row

#: How long a reader leaves its own connection unmade after failing to make one (the
#: server down, say): meanwhile its reads go through the pool, which says what is wrong.
RECONNECT_SECONDS: Final = 5.0
C = TypeVar("C")
T = TypeVar("T")


class KeptConnection(Generic[C]):
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


#: PostgreSQL's type oids of the parameters a reader's statements take.
UUID_OID: Final = 2950
INT8_OID: Final = 20
_DUMPERS: Final[dict[int, Callable[[Any], bytes]]] = {
    UUID_OID: lambda value: value.bytes,
    INT8_OID: lambda value: int(value).to_bytes(8, "big", signed=True),
}


class Statement:
    """A reader's SELECT over PostgreSQL: its text, with `$1`... placeholders, and its
    parameters' types (`UUID_OID`, `INT8_OID`), dumped in binary."""

    __slots__ = ("dumpers", "name", "text", "types")

    def __init__(self, text: bytes, types: Sequence[int]) -> None:
        self.text = text
        self.types = tuple(types)
        self.dumpers = tuple(_DUMPERS[oid] for oid in self.types)
        #: Its prepared statement's name on a kept connection: the same text, the same name.
        self.name = b"penang_rummy_" + hashlib.sha256(text).hexdigest()[:16].encode()


class KeptPostgres(KeptConnection["psycopg.Connection[Any]"]):
    failures = (psycopg.Error,)

    def __init__(self, datastore: PostgresDatastore) -> None:
        super().__init__()
        self._datastore = datastore
        #: The statements prepared on the kept connection, and its rows' loaders.
        self._prepared: set[bytes] = set()
        self._loader: abc.Transformer | None = None

    def fetch(self, statement: Statement, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        """The rows of `statement` with `params`, as tuples."""

        def pooled() -> list[tuple[Any, ...]]:
            with self._datastore.get_connection() as connection:
                return _fetch(connection, statement, params)

        return self.run(lambda connection: self._run(connection, statement, params), pooled)

    def _run(
        self, connection: psycopg.Connection[Any], statement: Statement, params: Sequence[Any]
    ) -> list[tuple[Any, ...]]:
        pgconn = connection.pgconn
        encoding = connection.info.encoding
        if statement.name not in self._prepared:
            prepared = pgconn.prepare(statement.name, statement.text, statement.types)
            _check(prepared, pq.ExecStatus.COMMAND_OK, encoding)
            self._prepared.add(statement.name)
        values = [dump(value) for dump, value in zip(statement.dumpers, params, strict=True)]
        result = pgconn.exec_prepared(
            statement.name, values, [pq.Format.BINARY] * len(values), pq.Format.BINARY
        )
        _check(result, pq.ExecStatus.TUPLES_OK, encoding)
        loader = self._loader
        if loader is None:
            loader = self._loader = adapt.Transformer(connection)
        loader.set_pgresult(result, format=pq.Format.BINARY)
        try:
            return loader.load_rows(0, result.ntuples, tuple)
        finally:
            loader.set_pgresult(None)

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
        connection = psycopg.connect(**kwargs, autocommit=True)
        self._prepared, self._loader = set(), None  # a new session: nothing prepared
        return connection

    def _close(self, connection: psycopg.Connection[Any]) -> None:
        connection.close()


def _check(result: pq.abc.PGresult, expected: pq.ExecStatus, encoding: str) -> None:
    if result.status != expected:
        raise error_from_result(result, encoding=encoding)


def _fetch(
    connection: psycopg.Connection[Any], statement: Statement, params: Sequence[Any]
) -> list[tuple[Any, ...]]:
    # In binary: the states come as they are stored, not as hex text to be decoded (a
    # game's SELECT took half as long again in text).
    with psycopg.RawCursor(connection, row_factory=tuple_row) as cursor:
        cursor.execute(statement.text, params, prepare=True, binary=True)
        return cursor.fetchall()


class KeptSQLite(KeptConnection[SQLiteConnection]):
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
