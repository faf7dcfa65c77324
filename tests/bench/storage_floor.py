"""The storage's own limit: bare synced SQLite appends of the rows the turns wrote.

`bench_http` measures turns through the whole service. This measures what the disk
allows for the same rows with nothing else in the way: each timed turn's rows, read
back from the server's database after its run, are inserted again into a fresh SQLite
file (the event store's table, WAL, the same `synchronous`), one transaction (one
sync) per turn, from one thread, by `sqlite3` alone (`Floor`, in slices a benchmark
interleaves with its own). That rate is the floor a service
writing one transaction per turn cannot pass; sharing one sync among turns (group
commit) is the only way past it.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from pathlib import Path

#: The event store's table, as eventsourcing's SQLite application recorder creates it.
_TABLE = (
    "CREATE TABLE IF NOT EXISTS stored_events (originator_id TEXT, "
    "originator_version INTEGER, topic TEXT, state BLOB, "
    "PRIMARY KEY (originator_id, originator_version))"
)
_INSERT = (
    "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
    "VALUES (?, ?, ?, ?)"
)
_SELECT = (
    "SELECT originator_id, originator_version, topic, state FROM stored_events "
    "WHERE originator_id = ? AND originator_version > ? AND originator_version <= ? "
    "ORDER BY originator_version"
)
Row = tuple[str, int, str, bytes]
#: One played turn: the game's id, the version before it and the version after it.
Played = tuple[str, int, int]


def turn_rows(database: Path, played: list[Played]) -> list[list[Row]]:
    """The rows each played turn wrote to the game's stream, turn by turn."""
    connection = sqlite3.connect(database)
    try:
        return [
            connection.execute(_SELECT, (game_id.replace("-", ""), before, after)).fetchall()
            for game_id, before, after in played
        ]
    finally:
        connection.close()


class Floor:
    """Synced appends into one fresh SQLite file, a slice at a time, so that a benchmark
    can interleave them with the slices it measures the service in (the same machine
    load meets both). Each slice appends turns' rows, one transaction per turn."""

    def __init__(self, directory: Path, synchronous: str) -> None:
        self._connection = sqlite3.connect(directory / "floor.sqlite", isolation_level=None)
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute(f"PRAGMA synchronous={synchronous}")
        self._connection.execute(_TABLE)
        self.done = 0
        self.spent = 0.0

    def slice(self, turns: list[list[Row]], seconds: float = 1.0) -> None:
        """Append `turns` (each one transaction), or as many as `seconds` allows."""
        started = time.monotonic()
        stop = started + seconds
        for rows in turns:
            if not rows:
                continue
            self._connection.execute("BEGIN")
            self._connection.executemany(_INSERT, rows)
            self._connection.execute("COMMIT")
            self.done += 1
            if time.monotonic() >= stop:
                break
        self.spent += time.monotonic() - started

    def rate(self) -> float:
        """Transactions per second over every slice so far (0.0 before any)."""
        return self.done / self.spent if self.spent else 0.0

    def close(self) -> None:
        self._connection.close()


def appends_per_second(turns: list[list[Row]], synchronous: str, seconds: float = 3.0) -> float:
    """Transactions per second, one per turn's rows, into a fresh synced SQLite file.

    Runs through `turns` once, or for `seconds` at most.
    """
    with tempfile.TemporaryDirectory(prefix="penang-rummy-floor-") as directory:
        floor = Floor(Path(directory), synchronous)
        try:
            floor.slice(turns, seconds)
            return floor.rate()
        finally:
            floor.close()
