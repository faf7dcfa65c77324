"""What differs between the two databases under `GameStore`: SQLite and PostgreSQL.

- SQLite: eventsourcing's pool, with `PRAGMA synchronous` set on each connection when
  the settings ask for other than SQLite's `full`; every write goes through one
  writing thread that shares a transaction and its sync among the writes that
  arrive together (`writer.GroupWriter`). A store in memory is one shared database
  (`memory_database`), kept alive by a connection held while the store is open
  (`hold_memory_database`).
- PostgreSQL: group commit too (`pg_writer.PostgresGroupWriter`): the writes that
  arrive together share one transaction, which locks the table once (so that
  notification ids never interleave), refuses the writes that lose a version race
  alone, and inserts and notifies the others in one statement; eventsourcing's recorder
  (`notices.NotifyingRecorder`, a transaction per write that locks, notifies and
  inserts) is left to what writes without `GameStore`.
- Both: the turn clocks' index (`clocks.ClockIndex`), the stream tickets
  (`tickets.TicketTable`), the finished games' snapshots (`snapshots.SnapshotTable`)
  and the ratings (`ratings.RatingTable`) in the same database, and eventsourcing's environment for
  either (`eventsourcing_env`).

Readiness (`ping`) asks PostgreSQL one question on a pooled connection and waits at
most `PING_SECONDS`: eventsourcing's own reads retry for up to a minute while the
server is down, and a probe needs its answer before its own timeout (a probe waiting
that long also holds a worker thread the whole time).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Final
from uuid import UUID, uuid4

import psycopg
import psycopg_pool
from eventsourcing.persistence import InfrastructureFactory, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresFactory
from eventsourcing.sqlite import (
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteCursor,
    SQLiteFactory,
)

from service.metrics import Metrics
from service.settings import Settings
from service.store.clocks import TABLE as CLOCK_TABLE
from service.store.clocks import ClockIndex
from service.store.notices import NotifyingRecorder
from service.store.pg_writer import PostgresGroupWriter
from service.store.ratings import RatingTable
from service.store.snapshots import SnapshotTable
from service.store.tickets import TicketTable
from service.store.writer import BatchWriter, GroupWriter, Insert


def eventsourcing_env(settings: Settings) -> dict[str, str]:
    """The eventsourcing environment of the store `settings` name (`Application(env=...)`)."""
    if settings.store == "postgres":
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": settings.postgres_db,
            "POSTGRES_HOST": settings.postgres_host,
            "POSTGRES_PORT": str(settings.postgres_port),
            "POSTGRES_USER": settings.postgres_user,
            "POSTGRES_PASSWORD": settings.postgres_password,
            "POSTGRES_POOL_SIZE": str(settings.postgres_pool_size),
            "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_LOCK_TIMEOUT": "5",
        }
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": memory_database() if settings.in_memory else settings.sqlite_path,
        "SQLITE_LOCK_TIMEOUT": "5",
    }


def memory_database() -> str:
    """The name of a new SQLite database in memory that every connection opening it
    shares: `:memory:` itself gives each connection a database of its own, so each
    connection the pool added was empty ("no such table"). Unique, so that two stores
    in one process never share one. eventsourcing's pool sees `mode=memory` and keeps
    readers and writers apart, which a shared cache needs."""
    return f"file:penang-rummy-{uuid4().hex}?mode=memory&cache=shared"


def hold_memory_database(factory: InfrastructureFactory) -> sqlite3.Connection | None:
    """A connection that keeps a database in memory alive while the store is open
    (SQLite drops it with its last connection, and the pool may close all of its own);
    None for a database on disk."""
    if not isinstance(factory, SQLiteFactory) or not factory.datastore.pool.is_sqlite_memory_mode:
        return None
    return sqlite3.connect(factory.datastore.pool.db_name, uri=True, check_same_thread=False)


class _SyncedSQLitePool(SQLiteConnectionPool):
    """eventsourcing's SQLite pool, setting `PRAGMA synchronous` on each new connection."""

    def __init__(self, *, db_name: str, lock_timeout: int | None, synchronous: str) -> None:
        self.synchronous = synchronous
        super().__init__(db_name=db_name, lock_timeout=lock_timeout)

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        connection.cursor().execute(f"PRAGMA synchronous = {self.synchronous}")
        return connection


def set_synchronous(factory: InfrastructureFactory, synchronous: str) -> None:
    """Give an SQLite factory's datastore a pool that sets `synchronous` (before any
    connection exists: the recorder creates the table next)."""
    if not isinstance(factory, SQLiteFactory) or synchronous == "full":
        return
    default = factory.datastore.pool
    factory.datastore.pool = _SyncedSQLitePool(
        db_name=default.db_name, lock_timeout=default.lock_timeout, synchronous=synchronous
    )
    default.close()


def group_writer(factory: InfrastructureFactory, recorder: object, metrics: Metrics) -> BatchWriter:
    """The group commit of the store: SQLite's (`writer`) or PostgreSQL's (`pg_writer`)."""
    if isinstance(factory, SQLiteFactory):
        if not isinstance(recorder, SQLiteApplicationRecorder):
            raise TypeError(f"no group commit through {type(recorder).__name__}")
        return GroupWriter(factory.datastore, sqlite_insert(recorder), metrics)
    if isinstance(factory, PostgresFactory):
        if not isinstance(recorder, NotifyingRecorder):
            raise TypeError(f"no group commit through {type(recorder).__name__}")
        return PostgresGroupWriter(factory.datastore, recorder, metrics)
    raise TypeError(f"no group commit over {type(factory).__name__}")


def sqlite_insert(recorder: SQLiteApplicationRecorder) -> Insert:
    """The recorder's rows, inserted inside the writer's transaction in one statement
    (`executemany`): the row the recorder's own insert writes for each record, without
    its statement per row and the row ids it reads back (nothing here asks for them)."""
    statement = recorder.insert_events_statement

    def insert(cursor: SQLiteCursor, records: Sequence[StoredEvent]) -> None:
        cursor.executemany(
            statement,
            [
                (
                    r.originator_id.hex if isinstance(r.originator_id, UUID) else r.originator_id,
                    r.originator_version,
                    r.topic,
                    r.state,
                )
                for r in records
            ],
        )

    return insert


def clock_index(factory: InfrastructureFactory, table: str = CLOCK_TABLE) -> ClockIndex:
    """The turn clocks' index in the store's database (or, by `table`, the bot turns')."""
    if isinstance(factory, SQLiteFactory):
        return ClockIndex(factory.datastore, "?", postgres=False, table=table)
    if isinstance(factory, PostgresFactory):
        return ClockIndex(factory.datastore, "%s", postgres=True, table=table)
    raise TypeError(f"no turn clocks over {type(factory).__name__}")


def ticket_table(factory: InfrastructureFactory) -> TicketTable:
    """The stream tickets' table in the store's database."""
    if isinstance(factory, SQLiteFactory):
        return TicketTable(factory.datastore, "?", postgres=False)
    if isinstance(factory, PostgresFactory):
        return TicketTable(factory.datastore, "%s", postgres=True)
    raise TypeError(f"no stream tickets over {type(factory).__name__}")


def snapshot_table(factory: InfrastructureFactory) -> SnapshotTable:
    """The finished games' snapshots' table in the store's database (`snapshots`)."""
    if isinstance(factory, SQLiteFactory):
        return SnapshotTable(factory.datastore, "?", postgres=False)
    if isinstance(factory, PostgresFactory):
        return SnapshotTable(factory.datastore, "%s", postgres=True)
    raise TypeError(f"no snapshots over {type(factory).__name__}")


def rating_table(factory: InfrastructureFactory) -> RatingTable:
    """The ratings' tables in the store's database (`ratings`, R70-R74)."""
    if isinstance(factory, SQLiteFactory):
        return RatingTable(factory.datastore, "?", postgres=False)
    if isinstance(factory, PostgresFactory):
        return RatingTable(factory.datastore, "%s", postgres=True)
    raise TypeError(f"no ratings over {type(factory).__name__}")


#: How long a readiness check waits for PostgreSQL to answer.
PING_SECONDS: Final = 2.0


def ping(factory: InfrastructureFactory, read: Callable[[], object]) -> None:
    """Ask the store one question, or raise OperationalError: over PostgreSQL a `SELECT 1`
    within `PING_SECONDS`, skipping the pool's connections that a restart of the server
    broke; over SQLite `read`."""
    if not isinstance(factory, PostgresFactory):
        read()
        return
    pool = factory.datastore.pool
    deadline = time.monotonic() + PING_SECONDS
    failure: Exception = OperationalError("PostgreSQL did not answer")
    # A broken connection is dropped by the pool when given back: try the next one.
    for _ in range(pool.max_size + 1):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            with pool.connection(timeout=left) as connection:
                connection.execute("SELECT 1")
            return
        except psycopg_pool.PoolTimeout as error:
            failure = error
            break
        except psycopg.OperationalError as error:
            failure = error
    raise OperationalError(str(failure)) from failure
