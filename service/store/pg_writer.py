"""Group commit over PostgreSQL: writes that arrive together share one transaction.

eventsourcing's recorder gives each write a transaction of its own: it locks the events
table (so that notification ids are handed out in commit order), notifies, inserts and
commits, and a process's writes queue behind one another's table lock and commit.
Here the writes go through `writer.BatchWriter` as over SQLite (who leads a commit, how
the writes that arrive meanwhile wait and share the next one, how callers on the event
loop are answered), and each batch is one transaction:

- the table is locked once (eventsourcing's own `LOCK TABLE ... IN EXCLUSIVE MODE`,
  with its lock timeout): the batch's notification ids are handed out, and committed,
  before any other transaction's;
- each write is inserted inside its own savepoint (eventsourcing's own INSERT of the
  stored events' composite type): a write whose row takes a version another write took
  first is rolled back to its savepoint, alone, and its caller gets eventsourcing's
  `IntegrityError`, exactly as from a transaction of its own; of two writes racing for
  one version in one batch, the first queued lands;
- the notices go out in one statement, after the inserts: eventsourcing's channel once,
  and on `notices.CHANNEL` one payload per stream the batch's landed writes moved (its
  highest version), the payloads `notices.PostgresListener` reads; PostgreSQL delivers
  them at the commit, and drops them on a rollback;
- each caller is answered only once the transaction is committed; a failure of the
  transaction itself (the server, the lock timeout) is raised to every caller whose
  write was in it, and nothing of it was stored. A batch whose connection failed
  (`OperationalError`, `InterfaceError`) is tried again as eventsourcing's recorder tries
  a write again: up to `ATTEMPTS` times, `RETRY_SECONDS` apart.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

import psycopg
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    OperationalError,
    StoredEvent,
)
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import Cursor, sql
from psycopg.rows import DictRow

from service.metrics import Metrics
from service.store.notices import CHANNEL, stored_changes
from service.store.writer import BatchWriter

#: A batch whose connection failed is tried this many times in all (as eventsourcing's
#: recorder tries a write).
ATTEMPTS: Final = 10
#: Seconds between two tries of a batch.
RETRY_SECONDS: Final = 0.2

_NOTIFY: Final = sql.SQL(
    "SELECT pg_notify(channel, payload) FROM unnest(%s::text[], %s::text[]) AS n(channel, payload)"
)


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

    def _store(self, batch: Sequence[Sequence[StoredEvent]]) -> dict[int, BaseException]:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return self._transaction(batch)
            except (InterfaceError, OperationalError):
                if attempt == ATTEMPTS:
                    raise
                time.sleep(RETRY_SECONDS)
        raise AssertionError("unreachable")

    def _transaction(self, batch: Sequence[Sequence[StoredEvent]]) -> dict[int, BaseException]:
        refused: dict[int, BaseException] = {}
        landed: list[StoredEvent] = []
        recorder = self._recorder
        with (
            self._datastore.get_connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            recorder._lock_table(cursor)
            for index, records in enumerate(batch):
                if not records:
                    continue
                try:
                    with connection.transaction():  # a savepoint: this write alone
                        self._insert(cursor, records)
                except psycopg.IntegrityError as error:
                    refused[index] = IntegrityError(str(error))
                else:
                    landed.extend(records)
            if landed:
                self._notify(cursor, landed)
        return refused

    def _insert(self, cursor: Cursor[DictRow], records: Sequence[StoredEvent]) -> None:
        recorder = self._recorder
        rows = [
            recorder.construct_pg_stored_event(
                record.originator_id, record.originator_version, record.topic, record.state
            )
            for record in records
        ]
        cursor.execute(recorder.insert_events_statement, (rows,), prepare=True)

    def _notify(self, cursor: Cursor[DictRow], landed: Sequence[StoredEvent]) -> None:
        """eventsourcing's NOTIFY (no payload), and a notice per stream moved."""
        payloads = [change.payload for change in stored_changes(landed)]
        channels = [self._recorder.channel_name, *[CHANNEL] * len(payloads)]
        cursor.execute(_NOTIFY, (channels, ["", *payloads]), prepare=True)
