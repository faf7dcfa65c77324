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

The SELECTs of each database are in `stream_selects`; reads go through one
connection the reader keeps (`kept_connections`). Reading a record's stored time
stays with the store (`GameStore.turn_began`), which asks for one record.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import Recorder
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder

from domain.codec import EventCodec
from service.store.envelopes import decode_record
from service.store.kept_connections import KeptConnection, KeptPostgres, KeptSQLite
from service.store.stream_selects import (
    Row,
    SelectArray,
    SelectFirst,
    SelectRows,
    postgres_array,
    postgres_first,
    postgres_rows,
    sqlite_array,
    sqlite_first,
    sqlite_rows,
)

#: A stream's records after a version (up to another), decoded, in version order.
ReadStream = Callable[[UUID, int, "int | None"], list[msgspec.Struct]]
_third = itemgetter(2)


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
        self._kept: KeptConnection[Any]
        self._rows: SelectRows
        self._array: SelectArray
        self._first: SelectFirst | None = None
        if isinstance(recorder, SQLiteAggregateRecorder):
            sqlite = self._kept = KeptSQLite(recorder.datastore)
            self._rows, self._array = (
                sqlite_rows(recorder, sqlite),
                sqlite_array(recorder, sqlite),
            )
            if snapshots is not None:
                self._first = sqlite_first(recorder, sqlite, snapshots)
        elif isinstance(recorder, PostgresAggregateRecorder):
            postgres = self._kept = KeptPostgres(recorder.datastore)
            self._rows = postgres_rows(recorder, postgres)
            self._array = postgres_array(recorder, postgres)
            if snapshots is not None:
                self._first = postgres_first(recorder, postgres, snapshots)
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
