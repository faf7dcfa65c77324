"""The stream tickets' table: one row per ticket, kept beside the events.

A ticket lets a browser's `EventSource`, which cannot send `Authorization`, open its
seat's stream (`service.usecases.tickets`). Each row holds the SHA-256 of the ticket
(never the ticket), the stream it opens (`kind`, `stream_id`), the seat, the SHA-256 of
the seat's token when the ticket was made, when it expires and when it was used.

Why a table rather than a signed, self-contained ticket: single use needs a write when
the ticket is used either way (a signed ticket's nonce recorded under a unique
constraint), and a table needs no key shared by every process over the database (a MAC
key would have to be distributed and rotated as the signing key is). The table also
tells each refusal apart (unknown, used, expired) and the ticket's text is 256 random
bits that say nothing. It costs one insert per ticket: one per stream opened.

Single use across processes: `use` is one `UPDATE … WHERE used IS NULL AND expires > now
RETURNING`. Of two processes using one ticket at once, PostgreSQL lets one update the
row and makes the other wait for it, then re-check `used IS NULL`, which no longer
holds; SQLite writes one at a time. Exactly one of them gets the row back.

Times are POSIX seconds (a float). Rows past their expiry by more than `KEEP_SECONDS`
are deleted whenever a ticket is added, so the table holds about a few minutes' tickets.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any, Final, NamedTuple, Protocol
from uuid import UUID

from eventsourcing.persistence import IntegrityError

TABLE: Final = "penangrummy_stream_tickets"
#: How long a ticket's row outlives its expiry, so that its use is refused as expired
#: (or as used) rather than as unknown for that long.
KEEP_SECONDS: Final = 600.0


class TicketRow(NamedTuple):
    """What a ticket opens, for whom, and until when."""

    kind: str
    stream_id: UUID
    seat: int
    token_sha256: str
    expires: float
    used: float | None = None


class _Cursor(Protocol):
    def execute(self, *args: Any, **kwargs: Any) -> Any: ...
    def fetchall(self) -> Any: ...


class _Datastore(Protocol):
    def transaction(self, *, commit: bool) -> AbstractContextManager[Any]: ...


class TicketTable:
    """The table over eventsourcing's datastore; `placeholder` is `?` (SQLite) or `%s`."""

    def __init__(self, datastore: _Datastore, placeholder: str, *, postgres: bool) -> None:
        self._datastore = datastore
        p = self._p = placeholder
        seconds = "DOUBLE PRECISION" if postgres else "REAL"
        self._create = (
            f"CREATE TABLE IF NOT EXISTS {TABLE} (ticket_sha256 TEXT PRIMARY KEY, "
            f"kind TEXT NOT NULL, stream_id TEXT NOT NULL, seat INTEGER NOT NULL, "
            f"token_sha256 TEXT NOT NULL, expires {seconds} NOT NULL, used {seconds})",
            f"CREATE INDEX IF NOT EXISTS {TABLE}_expires ON {TABLE} (expires)",
        )
        self._insert = (
            f"INSERT INTO {TABLE} (ticket_sha256, kind, stream_id, seat, token_sha256, "
            f"expires) VALUES ({p}, {p}, {p}, {p}, {p}, {p})"
        )
        self._use = (
            f"UPDATE {TABLE} SET used = {p} WHERE ticket_sha256 = {p} AND used IS NULL "
            f"AND expires > {p} RETURNING seat"
        )

    def create_table(self) -> None:
        # Two processes creating it at once: one of them loses a race over the catalog.
        with contextlib.suppress(IntegrityError), self._transaction(commit=True) as cursor:
            for statement in self._create:
                cursor.execute(statement)

    def add(self, ticket_sha256: str, row: TicketRow, now: float) -> None:
        """Store a new ticket, and forget the tickets long expired."""
        with self._transaction(commit=True) as cursor:
            cursor.execute(f"DELETE FROM {TABLE} WHERE expires < {self._p}", (now - KEEP_SECONDS,))
            values = (row.kind, str(row.stream_id), row.seat, row.token_sha256, row.expires)
            cursor.execute(self._insert, (ticket_sha256, *values))

    def find(self, ticket_sha256: str) -> TicketRow | None:
        """The ticket's row, used or not; None for a ticket never made (or long expired)."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT kind, stream_id, seat, token_sha256, expires, used FROM {TABLE} "
                f"WHERE ticket_sha256 = {self._p}",
                (ticket_sha256,),
            )
            found = cursor.fetchall()
        if not found:
            return None
        (row,) = found
        used = row["used"]
        return TicketRow(
            kind=str(row["kind"]),
            stream_id=UUID(str(row["stream_id"])),
            seat=int(row["seat"]),
            token_sha256=str(row["token_sha256"]),
            expires=float(row["expires"]),
            used=None if used is None else float(used),
        )

    def use(self, ticket_sha256: str, now: float) -> bool:
        """Mark the ticket used at `now`: True for exactly one caller, while it is unexpired."""
        with self._transaction(commit=True) as cursor:
            cursor.execute(self._use, (now, ticket_sha256, now))
            return bool(cursor.fetchall())

    @contextlib.contextmanager
    def _transaction(self, *, commit: bool) -> Iterator[_Cursor]:
        with self._datastore.transaction(commit=commit) as cursor:
            yield cursor
