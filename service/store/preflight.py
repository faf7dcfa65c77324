"""Before `serve` starts: can the configured store be opened?

Opening the store inside the server's start-up turns every mistake into a long
traceback (and, for an unreachable PostgreSQL, only after the pool's timeout). Here
each is one line saying what is wrong, checked before the server starts:

- SQLite: the file opens (its directory exists, it is a database), creating it if new;
  a store in memory (`:memory:`) has nothing to check, and a note saying what it is not;
- PostgreSQL: the server answers and the database exists. The documented default
  database, `penang_rummy`, is created when missing (through the `postgres`
  maintenance database); any other must exist, so that a mistyped name does not
  quietly start an empty store.
"""

from __future__ import annotations

import os
import re
import sqlite3

import psycopg
from psycopg import sql

from service.settings import Settings

#: The default database, created when missing.
DEFAULT_DATABASE = Settings().postgres_db
_MAINTENANCE_DATABASE = "postgres"
_CONNECT_TIMEOUT = 5


class StoreUnavailable(Exception):
    """The store cannot be opened; the message is one line saying why."""


#: The start-up note of a store in memory: what it is not.
IN_MEMORY_NOTE = (
    "the store is in memory: every game is lost when this process stops, no other process "
    "can share it (each has its own), and `penang-rummy backup` cannot copy it; for a store "
    "that lasts, serve an SQLite file (--sqlite-path FILE) or PostgreSQL"
)


def prepare_store(settings: Settings) -> str:
    """Check (or create) the store; answers a note for the start-up line ("" for none)."""
    if settings.store == "postgres":
        return _prepare_postgres(settings)
    if settings.in_memory:
        return IN_MEMORY_NOTE
    _prepare_sqlite(settings.sqlite_path)
    return ""


def _prepare_sqlite(path: str) -> None:
    try:
        connection = sqlite3.connect(path)
        try:
            connection.execute("PRAGMA schema_version").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as failure:
        where = os.path.abspath(path)
        raise StoreUnavailable(f"cannot open the SQLite file {where}: {failure}") from None


def _connect(settings: Settings, database: str) -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        dbname=database,
        user=settings.postgres_user,
        password=settings.postgres_password or None,
        connect_timeout=_CONNECT_TIMEOUT,
        autocommit=True,
    )


def _prepare_postgres(settings: Settings) -> str:
    database = settings.postgres_db
    where = f"{settings.postgres_host}:{settings.postgres_port}"
    try:
        _connect(settings, database).close()
        return ""
    except psycopg.OperationalError as failure:
        if not _database_missing(settings, failure):
            raise StoreUnavailable(
                f"cannot connect to PostgreSQL at {where} (database {database}, user "
                f"{settings.postgres_user}): {_reason(failure)}"
            ) from None
    if database != DEFAULT_DATABASE:
        raise StoreUnavailable(
            f"the PostgreSQL database {database} does not exist at {where}: create it "
            f"(createdb {database}), or leave PENANG_RUMMY_POSTGRES_DB unset to use "
            f"{DEFAULT_DATABASE}, which is created when missing"
        )
    try:
        with _connect(settings, _MAINTENANCE_DATABASE) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    except psycopg.errors.DuplicateDatabase:
        return ""  # another process created it meanwhile
    except psycopg.Error as failure:
        raise StoreUnavailable(
            f"the PostgreSQL database {database} does not exist at {where} and cannot be "
            f"created as {settings.postgres_user}: {_reason(failure)}"
        ) from None
    return f"created database {database}: it did not exist"


def _database_missing(settings: Settings, failure: psycopg.OperationalError) -> bool:
    """Whether the server refused only because the database does not exist.

    Asked of the maintenance database, whose answer does not depend on the server's
    message language; the message is the fallback where that database is closed to us.
    """
    try:
        with _connect(settings, _MAINTENANCE_DATABASE) as connection:
            row = connection.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (settings.postgres_db,)
            ).fetchone()
            return row is None
    except psycopg.Error:
        return re.search(r'database ".*" does not exist', str(failure)) is not None


def _reason(failure: psycopg.Error) -> str:
    """libpq's message in one line: its first line, after the connection details."""
    first = str(failure).strip().splitlines()[0] if str(failure).strip() else repr(failure)
    reason = first.rsplit(" failed: ", 1)[-1]
    return reason.removeprefix("FATAL:").strip()
