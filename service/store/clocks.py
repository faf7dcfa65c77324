"""The turn clocks' index: one row per clocked game, `(game_id, version, deadline)`.

The events are the truth: the clock (`service.usecases.timeouts`) re-reads a game and
its stored times before timing a seat out. This table only says when to look, so
that every process finds the next deadline with one indexed query, whoever wrote the
turn, and after a restart. It lives in the store's database beside the events
(SQLite or PostgreSQL), created with the store.

A row never promises more time than the game gives: its deadline is at most the real
one of the game's current version. `GameStore` keeps it so:

- every write of a clocked game sets its row *in the write's own transaction*
  (`writer.Statement`): to the new version and its exact deadline, or dropped when the
  write ended the game. The row is stored exactly when the events are: a write that
  loses a race, or that a crash cuts short, changes neither, and no crash after a
  commit leaves a game whose index it did not move (a row the clock dropped, say while
  no seat was on turn, is set again by the next write, whatever happens after it);
- the version only grows: of two processes moving one row, the later version wins.

The bot turns' index (`service.usecases.bot_turns`) is a table of the same shape, kept
the same way.

Deadlines are stored as POSIX seconds (a float).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, Protocol
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain.events import Event
from domain.games import DEAL_TYPES, END_TYPES
from service.store.envelopes import Envelope, GameSecrets, secrets_id
from service.store.writer import Statement

TABLE = "penangrummy_turn_clocks"


class ClockRow(NamedTuple):
    """One clocked game: the version the row was written for, and when its turn ends."""

    game_id: UUID
    version: int
    deadline: datetime


class _Cursor(Protocol):
    def execute(self, *args: Any, **kwargs: Any) -> Any: ...
    def fetchall(self) -> Any: ...


class _Datastore(Protocol):
    def transaction(self, *, commit: bool) -> AbstractContextManager[Any]: ...


_MOVE = (
    "INSERT INTO {table} AS t (game_id, version, deadline) VALUES ({p}, {p}, {p}) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "deadline = excluded.deadline WHERE t.version <= excluded.version"
)


class ClockIndex:
    """The table over eventsourcing's datastore; `placeholder` is `?` (SQLite) or `%s`."""

    def __init__(
        self, datastore: _Datastore, placeholder: str, *, postgres: bool, table: str = TABLE
    ) -> None:
        self._datastore = datastore
        self._p = placeholder
        self._table = table
        deadline_type = "DOUBLE PRECISION" if postgres else "REAL"
        self._create = (
            f"CREATE TABLE IF NOT EXISTS {table} (game_id TEXT PRIMARY KEY, "
            f"version BIGINT NOT NULL, deadline {deadline_type} NOT NULL)",
            f"CREATE INDEX IF NOT EXISTS {table}_deadline ON {table} (deadline)",
        )
        self._move = _MOVE.format(table=table, p=placeholder)
        self._drop = (
            f"DELETE FROM {table} WHERE game_id = {placeholder} AND version <= {placeholder}"
        )

    def create_table(self) -> None:
        # Two processes creating it at once: one of them loses a race over the catalog.
        with contextlib.suppress(IntegrityError), self._transaction(commit=True) as cursor:
            for statement in self._create:
                cursor.execute(statement)

    def moved(self, row: ClockRow) -> Statement:
        """The statement that sets the game's row to its version and deadline, unless a
        later version is set (run in a write's transaction, or by `move`)."""
        return Statement(self._move, (str(row.game_id), row.version, _seconds(row.deadline)))

    def dropped(self, game_id: UUID, version: int) -> Statement:
        """The statement that forgets the game's row up to `version` (the game is over)."""
        return Statement(self._drop, (str(game_id), version))

    def move(self, rows: Sequence[ClockRow]) -> None:
        """Set each game's row to its version and deadline, unless a later version is set."""
        self._run([self.moved(row) for row in rows])

    def drop(self, game_id: UUID, version: int) -> None:
        """Forget the game's clock (the game is over, or not clocked), up to `version`."""
        self._run([self.dropped(game_id, version)])

    def _run(self, statements: Sequence[Statement]) -> None:
        if not statements:
            return
        with self._transaction(commit=True) as cursor:
            for statement in statements:
                cursor.execute(statement.sql, statement.params)

    def due(self, now: datetime, limit: int) -> list[ClockRow]:
        """The rows whose deadline has passed at `now`, the earliest first."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT game_id, version, deadline FROM {self._table} WHERE deadline <= {self._p} "
                f"ORDER BY deadline LIMIT {self._p}",
                (_seconds(now), limit),
            )
            return [_row(found) for found in cursor.fetchall()]

    def row(self, game_id: UUID) -> ClockRow | None:
        """The game's row, if it has one."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT game_id, version, deadline FROM {self._table} WHERE game_id = {self._p}",
                (str(game_id),),
            )
            found = cursor.fetchall()
            return _row(found[0]) if found else None

    def count_due(self, now: datetime) -> int:
        """How many rows' deadlines have passed at `now`."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT COUNT(*) AS due FROM {self._table} WHERE deadline <= {self._p}",
                (_seconds(now),),
            )
            (found,) = cursor.fetchall()
            return int(found["due"])

    def next_deadline(self) -> datetime | None:
        """The earliest deadline of any clocked game, if any."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(f"SELECT MIN(deadline) AS deadline FROM {self._table}")
            (found,) = cursor.fetchall()
            value = found["deadline"]
            return None if value is None else datetime.fromtimestamp(float(value), UTC)

    @contextlib.contextmanager
    def _transaction(self, *, commit: bool) -> Iterator[_Cursor]:
        with self._datastore.transaction(commit=commit) as cursor:
            yield cursor


def _seconds(moment: datetime) -> float:
    return moment.timestamp()


def _row(found: Any) -> ClockRow:
    return ClockRow(
        game_id=UUID(str(found["game_id"])),
        version=int(found["version"]),
        deadline=datetime.fromtimestamp(float(found["deadline"]), UTC),
    )


class GameWritten(NamedTuple):
    """A game stream that one write extends."""

    game_id: UUID
    #: Its last version in the write, and that event's time: when the next turn began.
    version: int
    began: datetime
    #: A deal is in the write (a new game); a game's end is (the game is over).
    new: bool
    ended: bool
    turn_seconds: int | None
    #: Some seat is a bot's (R33): the bot turns' index keeps a row for the game.
    bots: bool = False

    @property
    def clocked(self) -> bool:
        return self.turn_seconds is not None

    @property
    def row(self) -> ClockRow | None:
        """The clock's row after the write; None when the game is not clocked, or over."""
        if self.turn_seconds is None or self.ended:
            return None
        deadline = self.began + timedelta(seconds=self.turn_seconds)
        return ClockRow(self.game_id, self.version, deadline)


def games_written(
    envelopes: Sequence[Envelope], secrets_of: Callable[[UUID], GameSecrets]
) -> list[GameWritten]:
    """Each game stream a write extends; a game's clock from its secrets in the write, or
    (a game already stored) from `secrets_of`."""
    last: dict[UUID, Envelope] = {}
    new: set[UUID] = set()
    ended: set[UUID] = set()
    secrets: dict[UUID, GameSecrets] = {}
    for envelope in envelopes:
        event = envelope.event
        if isinstance(event, Event):
            last[envelope.originator_id] = envelope
            if isinstance(event, DEAL_TYPES):
                new.add(envelope.originator_id)
            if isinstance(event, END_TYPES):
                ended.add(envelope.originator_id)
        elif isinstance(event, GameSecrets):
            secrets[envelope.originator_id] = event
    written = []
    for game_id, envelope in last.items():
        game_secrets = (secrets and secrets.get(secrets_id(game_id))) or secrets_of(game_id)
        written.append(
            GameWritten(
                game_id=game_id,
                version=envelope.originator_version,
                began=envelope.timestamp,
                new=game_id in new,
                ended=game_id in ended,
                turn_seconds=game_secrets.turn_seconds,
                bots=game_secrets.bots is not None,
            )
        )
    return written
