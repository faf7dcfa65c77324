"""Reading one stream's records with one plain SELECT, straight into structs.

Rebuilding a game reads every event of its stream. eventsourcing's `EventStore.get`
builds a `StoredEvent` and then an `Envelope` for each record, and its SQLite recorder
reads rows by name and makes a UUID for each; a game of 74 events spent six times as
long there as in decoding them. Here the same table is read with one SELECT of the three
columns a fold needs, rows as plain tuples, and each record decoded by its topic
(`envelopes.decode_record`, straight into its class by its tag). Reading a record's
stored time stays with the store (`GameStore.turn_began`), which asks for one record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import Recorder
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Identifier

from service.store.envelopes import decode_record

#: A stream's records after a version (up to another), decoded, in version order.
ReadStream = Callable[[UUID, int, "int | None"], list[msgspec.Struct]]
Row = tuple[int, str, bytes]


def stream_reader(recorder: Recorder) -> ReadStream:
    """How to read a stream of `recorder`'s table (SQLite or PostgreSQL)."""
    if isinstance(recorder, SQLiteAggregateRecorder):
        select = _sqlite_rows(recorder)
    elif isinstance(recorder, PostgresAggregateRecorder):
        select = _postgres_rows(recorder)
    else:
        raise TypeError(f"no stream reader for {type(recorder).__name__}")

    def read(stream: UUID, after: int, upto: int | None) -> list[msgspec.Struct]:
        return [
            decode_record(topic, state, stream, version)
            for version, topic, state in select(stream, after, upto)
        ]

    return read


_COLUMNS = "SELECT originator_version, topic, state FROM "


def _sqlite_rows(recorder: SQLiteAggregateRecorder) -> Callable[[UUID, int, int | None], list[Row]]:
    statement = _COLUMNS + recorder.events_table_name
    statement += " WHERE originator_id = ? AND originator_version > ?"
    upto_statement = statement + " AND originator_version <= ? ORDER BY originator_version"
    statement += " ORDER BY originator_version"

    def rows(stream: UUID, after: int, upto: int | None) -> list[Row]:
        params: list[Any] = [stream.hex, after]
        if upto is not None:
            params.append(upto)
        # One SELECT reads a consistent snapshot by itself: no BEGIN, no ROLLBACK.
        with recorder.datastore.get_connection(commit=False) as connection:
            cursor = connection.cursor().sqlite_cursor
            try:
                cursor.row_factory = None  # tuples, not rows read by name
                cursor.execute(statement if upto is None else upto_statement, params)
                found: list[Row] = cursor.fetchall()
            finally:
                cursor.close()
            return found

    return rows


def _postgres_rows(
    recorder: PostgresAggregateRecorder,
) -> Callable[[UUID, int, int | None], list[Row]]:
    table = SQL("{schema}.{table}").format(
        schema=Identifier(recorder.datastore.schema),
        table=Identifier(recorder.events_table_name),
    )
    statement = SQL(_COLUMNS) + table
    statement += SQL(" WHERE originator_id = %s AND originator_version > %s")
    upto_statement = statement + SQL(" AND originator_version <= %s ORDER BY originator_version")
    statement += SQL(" ORDER BY originator_version")

    def rows(stream: UUID, after: int, upto: int | None) -> list[Row]:
        params: list[Any] = [stream, after]
        if upto is not None:
            params.append(upto)
        query = statement if upto is None else upto_statement
        with (
            recorder.datastore.get_connection() as connection,
            connection.cursor(row_factory=tuple_row) as cursor,
        ):
            cursor.execute(query, params, prepare=True)
            return [(version, topic, bytes(state)) for version, topic, state in cursor.fetchall()]

    return rows
