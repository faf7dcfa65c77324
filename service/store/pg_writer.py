"""Group commit over PostgreSQL: writes that arrive together share one transaction.

eventsourcing's recorder gives each write a transaction of its own: it locks the events
table (so that notification ids are handed out in commit order), notifies, inserts and
commits, and a process's writes queue behind one another's table lock and commit.
Here the writes go through `writer.BatchWriter` as over SQLite (who leads a commit, how
the writes that arrive meanwhile wait and share the next one, how callers on the event
loop are answered), and each batch is one transaction:

- the table is locked once (eventsourcing's own lock timeout and `LOCK TABLE ... IN
  EXCLUSIVE MODE`): the batch's notification ids are handed out, and committed, before
  any other transaction's;
- a batch is first sent whole, in one round trip: one query of three statements (the
  lock timeout, the lock, and one INSERT of all its writes with their notices), which
  PostgreSQL runs as one transaction and commits before it answers; its values are
  bound by psycopg on this side (`ClientCursor`), as a query of several statements
  takes none apart. A write that loses a version race is rare, and each round trip is
  dear on a busy machine: the writer's thread sleeps, then waits for a core and for
  the interpreter's lock before it goes on (psycopg's pipeline mode, which polls for
  each statement it sends, was no faster). A lone write is done then, accepted or
  refused;
- each write stays all or nothing: when that INSERT meets a version stored already,
  or taken by an earlier write of the batch, the transaction is rolled back and the
  batch committed again, refusing such writes alone (their callers get eventsourcing's
  `IntegrityError`, exactly as from a transaction of their own); of two writes racing
  for one version in one batch, the first queued lands. Under the lock no other writer
  inserts, so one look-up of the batch's versions finds the writes to refuse, and the
  others go in one INSERT (eventsourcing's, of the stored events' composite type).
  Should that INSERT meet a version all the same (a writer that does not lock the
  table), the transaction is rolled back and the batch is committed once more with
  each write in its own savepoint, rolled back to it alone when refused;
- the notices go out in the INSERT's own statement: eventsourcing's channel once, and
  on `notices.CHANNEL` one payload per stream the batch's landed writes moved (its
  highest version), the payloads `notices.PostgresListener` reads; PostgreSQL delivers
  them at the commit, and drops them on a rollback;
- a write's statements (`writer.Statement`: the indexes' rows) follow the INSERT in the
  same transaction, in the query sent whole, or once the writes to refuse are known
  (in a write's savepoint when each is committed alone): only a write that lands runs
  them;
- each caller is answered only once the transaction is committed; a failure of the
  transaction itself (the server, the lock timeout) is raised to every caller whose
  write was in it, and nothing of it was stored. A batch whose connection failed
  (`OperationalError`, `InterfaceError`) is tried again as eventsourcing's recorder tries
  a write again: up to `ATTEMPTS` times, `RETRY_SECONDS` apart.

A batch costs one round trip to the server whatever the number of writes; one that
holds a lost race, one more and then five (begin, lock, look-up, insert with its
notices, commit).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Final

import psycopg
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    OperationalError,
    ProgrammingError,
    StoredEvent,
)
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import ClientCursor, Cursor, sql
from psycopg.rows import DictRow

from service.metrics import Metrics
from service.store.notices import CHANNEL, stored_changes
from service.store.writer import BatchWriter, Statement, Write

#: A batch whose connection failed is tried this many times in all (as eventsourcing's
#: recorder tries a write).
ATTEMPTS: Final = 10
#: Seconds between two tries of a batch.
RETRY_SECONDS: Final = 0.2

_NOTIFY: Final = sql.SQL(
    "SELECT pg_notify(channel, payload) FROM unnest(%s::text[], %s::text[]) AS n(channel, payload)"
)

_TAKEN: Final = "a version of this write is stored already"


def _key(record: StoredEvent) -> tuple[str, int]:
    return str(record.originator_id), record.originator_version


class PostgresGroupWriter(BatchWriter):
    """The writes of a process over PostgreSQL, through `recorder`'s table and statements."""

    def __init__(
        self,
        datastore: PostgresDatastore,
        recorder: PostgresApplicationRecorder,
        metrics: Metrics | None = None,
    ) -> None:
        super().__init__(metrics)
        self._datastore = datastore
        self._recorder = recorder
        self._lock_table = sql.SQL("; ").join(recorder.lock_table_statements)
        self._insert_notify = sql.SQL("WITH inserted AS ({insert}) {notify}").format(
            insert=recorder.insert_events_statement, notify=_NOTIFY
        )
        # Eventsourcing's INSERT takes one array of a composite type, which psycopg binds
        # on the server's side alone: here the same columns, as four arrays.
        self._whole_query = sql.SQL(
            "{lock}; WITH inserted AS (INSERT INTO {schema}.{table} "
            "(originator_id, originator_version, topic, state) SELECT * FROM "
            "unnest(%s::{id_type}[], %s::bigint[], %s::text[], %s::bytea[])) {notify}"
        ).format(
            lock=self._lock_table,
            schema=sql.Identifier(datastore.schema),
            table=sql.Identifier(recorder.events_table_name),
            id_type=sql.Identifier(datastore.originator_id_type),
            notify=_NOTIFY,
        )
        self._select_taken = sql.SQL(
            "SELECT t.originator_id, t.originator_version FROM {schema}.{table} AS t "
            "JOIN unnest(%s::{id_type}[], %s::bigint[]) AS k(originator_id, originator_version) "
            "USING (originator_id, originator_version)"
        ).format(
            schema=sql.Identifier(datastore.schema),
            table=sql.Identifier(recorder.events_table_name),
            id_type=sql.Identifier(datastore.originator_id_type),
        )

    def _store(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return self._transaction(batch)
            except (InterfaceError, OperationalError):
                if attempt == ATTEMPTS:
                    raise
                time.sleep(RETRY_SECONDS)
        raise AssertionError("unreachable")

    def _transaction(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        try:
            self._whole(batch)
        except IntegrityError as error:  # rolled back: nothing of the batch is stored
            if len(batch) == 1:
                return {0: error}
        else:
            return {}
        try:
            return self._at_once(batch)
        except _Collided:
            return self._one_by_one(batch)

    def _whole(self, batch: Sequence[Write]) -> None:
        """The batch in one transaction, one INSERT (then the writes' statements), one
        round trip; IntegrityError (and nothing stored) when one of its versions is taken."""
        records = [record for write in batch for record in write.records]
        statements = [statement for write in batch for statement in write.statements]
        query: sql.Composed = self._whole_query
        if statements:
            query = sql.SQL("; ").join([query, *(sql.SQL(s.sql) for s in statements)])
        values = (
            [str(record.originator_id) for record in records],
            [record.originator_version for record in records],
            [record.topic for record in records],
            [record.state for record in records],
            *self._notices(records),
            *(param for statement in statements for param in statement.params),
        )
        with self._datastore.get_connection() as connection:
            if not connection.autocommit:  # else the query would open a transaction
                raise ProgrammingError("the writer's connection must be in autocommit")
            with ClientCursor(connection) as cursor:
                cursor.execute(query, values)

    def _at_once(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        """The batch with the writes that lose a version race refused first: the rest in
        one INSERT (`_Collided` when it meets a version stored all the same), then their
        statements."""
        refused: dict[int, BaseException] = {}
        with self._locked() as (_, cursor):
            # Under the lock no other writer inserts: the versions stored now are all
            # that a write of the batch can lose to, besides the batch's earlier writes.
            taken = self._taken(cursor, batch)
            landed: list[StoredEvent] = []
            statements: list[Statement] = []
            for index, write in enumerate(batch):
                keys = [_key(record) for record in write.records]
                if taken.isdisjoint(keys) and len(set(keys)) == len(keys):
                    taken.update(keys)
                    landed.extend(write.records)
                    statements.extend(write.statements)
                else:
                    refused[index] = IntegrityError(_TAKEN)
            if landed:
                try:
                    self._insert(cursor, landed)
                except psycopg.IntegrityError as error:
                    raise _Collided from error  # the transaction is rolled back
            _run(cursor, statements)
        return refused

    def _one_by_one(self, batch: Sequence[Write]) -> dict[int, BaseException]:
        """The batch with each write in its own savepoint, refused alone (a version was
        stored by a writer that does not lock the table)."""
        refused: dict[int, BaseException] = {}
        with self._locked() as (connection, cursor):
            landed: list[StoredEvent] = []
            for index, write in enumerate(batch):
                try:
                    with connection.transaction():  # a savepoint: this write alone
                        self._insert(cursor, write.records, notify=False)
                        _run(cursor, write.statements)
                except psycopg.IntegrityError as error:
                    refused[index] = IntegrityError(str(error))
                else:
                    landed.extend(write.records)
            if landed:
                cursor.execute(_NOTIFY, self._notices(landed), prepare=True)
        return refused

    @contextmanager
    def _locked(self) -> Iterator[tuple[psycopg.Connection[DictRow], Cursor[DictRow]]]:
        """A transaction holding the events table's lock (committed on leaving)."""
        with (
            self._datastore.get_connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            # eventsourcing's lock timeout and lock, in one round trip.
            cursor.execute(self._lock_table)
            yield connection, cursor

    def _taken(self, cursor: Cursor[DictRow], batch: Sequence[Write]) -> set[tuple[str, int]]:
        """The (stream, version) pairs of `batch` that are stored already."""
        ids = [str(record.originator_id) for write in batch for record in write.records]
        versions = [record.originator_version for write in batch for record in write.records]
        cursor.execute(self._select_taken, (ids, versions), prepare=True)
        return {(str(row["originator_id"]), row["originator_version"]) for row in cursor}

    def _insert(
        self, cursor: Cursor[DictRow], records: Sequence[StoredEvent], *, notify: bool = True
    ) -> None:
        """Insert `records` (eventsourcing's INSERT) and, in the same statement unless not
        `notify`, send their notices."""
        recorder = self._recorder
        rows = [
            recorder.construct_pg_stored_event(
                record.originator_id, record.originator_version, record.topic, record.state
            )
            for record in records
        ]
        if notify:
            cursor.execute(self._insert_notify, (rows, *self._notices(records)), prepare=True)
        else:
            cursor.execute(recorder.insert_events_statement, (rows,), prepare=True)

    def _notices(self, landed: Sequence[StoredEvent]) -> tuple[list[str], list[str]]:
        """The channels and payloads: eventsourcing's NOTIFY (no payload), and a notice
        per stream moved (its highest version)."""
        payloads = [change.payload for change in stored_changes(landed)]
        return [self._recorder.channel_name, *[CHANNEL] * len(payloads)], ["", *payloads]


def _run(cursor: Cursor[DictRow], statements: Sequence[Statement]) -> None:
    for statement in statements:
        cursor.execute(statement.sql, statement.params, prepare=True)


class _Collided(Exception):
    """A version of the batch was stored by a writer that does not lock the table."""
