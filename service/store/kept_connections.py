"""The connection a stream reader keeps, over SQLite or PostgreSQL (`reading`).

Reads go through one connection the reader keeps, rather than one taken from the
pool each time (over PostgreSQL, a read through the pool took half as long again); a
read that finds it in use by another thread, or broken, uses the pool's. Over an
in-memory SQLite database every read uses the pool's.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

import psycopg
from eventsourcing.persistence import PersistenceError
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.sqlite import SQLiteConnection, SQLiteDatastore
from psycopg.rows import tuple_row
from psycopg.sql import Composed

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


class KeptPostgres(KeptConnection["psycopg.Connection[Any]"]):
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
