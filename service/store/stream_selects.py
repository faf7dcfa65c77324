"""The SELECTs of a stream reader (`reading`), over SQLite or PostgreSQL.

For each database: the stream's rows (version, topic, state) after a version (up to
another), its stored states alone as one JSON array, and a first load's rows (a
snapshot's and the events after it), each through the reader's kept connection
(`kept_connections`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any
from uuid import UUID

from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder
from psycopg.sql import SQL, Composed, Identifier

from service.store.kept_connections import KeptPostgres, KeptSQLite

Row = tuple[int, str, bytes]
#: The rows' SELECT, and the stored states' as one JSON array (b"[]" for none).
SelectRows = Callable[[UUID, int, "int | None"], list[Row]]
SelectArray = Callable[[UUID, int, "int | None"], bytes]
#: A first load's rows: (0, version, state, format) for the snapshot, if any, then
#: (1, version, state, None) for each event after it.
SelectFirst = Callable[[UUID], list[tuple[Any, ...]]]

_COLUMNS = "SELECT originator_version, topic, state FROM "
_STATES = "SELECT state FROM "
_state_of = itemgetter(0)


def _first_statement(events: str, snapshots: str, p: str) -> str:
    """The snapshot's row, then the events after its version (all, with none), by version."""
    return (
        f"SELECT 0, version, state, format FROM {snapshots} WHERE game_id = {p} "
        f"UNION ALL SELECT 1, originator_version, state, NULL FROM {events} "
        f"WHERE originator_id = {p} AND originator_version > "
        f"COALESCE((SELECT version FROM {snapshots} WHERE game_id = {p}), 0) "
        "ORDER BY 1, 2"
    )


def sqlite_first(
    recorder: SQLiteAggregateRecorder, kept: KeptSQLite, snapshots: str
) -> SelectFirst:
    statement = _first_statement(recorder.events_table_name, snapshots, "?")

    def first(stream: UUID) -> list[tuple[Any, ...]]:
        key = stream.hex
        return kept.fetch(statement, [key, key, key])

    return first


def postgres_first(
    recorder: PostgresAggregateRecorder, kept: KeptPostgres, snapshots: str
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
    recorder: SQLiteAggregateRecorder, columns: str, kept: KeptSQLite
) -> Callable[[UUID, int, int | None], list[Any]]:
    statement, upto_statement = _sqlite_statements(recorder, columns)

    def rows(stream: UUID, after: int, upto: int | None) -> list[Any]:
        params: list[Any] = [stream.hex, after]
        if upto is not None:
            params.append(upto)
        return kept.fetch(statement if upto is None else upto_statement, params)

    return rows


def sqlite_rows(recorder: SQLiteAggregateRecorder, kept: KeptSQLite) -> SelectRows:
    return _sqlite_select(recorder, _COLUMNS, kept)


def sqlite_array(recorder: SQLiteAggregateRecorder, kept: KeptSQLite) -> SelectArray:
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


def postgres_rows(recorder: PostgresAggregateRecorder, kept: KeptPostgres) -> SelectRows:
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


def postgres_array(recorder: PostgresAggregateRecorder, kept: KeptPostgres) -> SelectArray:
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
