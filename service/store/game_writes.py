"""A store's writes: events, secrets and answers stored, then told and indexed.

Writes name the versions they expect, so of two writers racing for one stream exactly
one lands: eventsourcing raises `IntegrityError` for the other, turned here into
`VersionConflict` with the version that won. The process's writes are committed in
groups: the writes that arrive together share a transaction (and over SQLite its sync,
over PostgreSQL its table lock and its commit), each answered once it is committed
(`writer`, `pg_writer`; `backends` holds what differs between the databases). Every
committed write is told to the store's `listeners` (and, on PostgreSQL, NOTIFied to
every process): `notices`. The turn clocks' and the bot turns' indexes are kept in the
write's own transaction (`clocks`): what must follow a commit commits with it, so a
process killed just after a commit leaves no game waiting for an index row. So is a
finished game's snapshot (`snapshots`, `ending_snapshots`): the write that ends a game
stores it, from the state that write reached (its caller's, else the cached state
before it with the write's events folded on), and never costs a read, a fold of the
game or a commit of its own.

`GameWrites` is the store's half that writes (`event_store.GameStore` is the whole):
it names what of the store it uses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from uuid import UUID

import anyio.to_thread
from eventsourcing.persistence import EventStore, IntegrityError, Mapper, StoredEvent

from domain.events import Event
from service.errors import StreamConflict, VersionConflict
from service.metrics import Metrics
from service.store.clocks import ClockIndex, ClockRow, GameWritten, games_written
from service.store.ending_snapshots import ending_snapshots
from service.store.envelopes import Envelope, GameSecrets, secrets_id
from service.store.folds import FoldedStreams
from service.store.game_folds import AnyGameState
from service.store.notices import Listeners, changes
from service.store.recent import Recent
from service.store.snapshots import GameSnapshots
from service.store.writer import BatchWriter, GroupWriter, Statement


class GameWrites:
    """The writes of a `GameStore`, over what it holds (set by `GameStore.__init__`)."""

    metrics: Metrics
    listeners: Listeners
    games: FoldedStreams[Event, AnyGameState]
    game_snapshots: GameSnapshots
    clocks: ClockIndex
    bot_turns: ClockIndex
    bot_think: timedelta
    wake_bots: Callable[[], None]
    events: EventStore[UUID]
    mapper: Mapper[UUID]
    _writer: BatchWriter
    _secrets: Recent[UUID, GameSecrets]
    _began: Recent[UUID, tuple[int, datetime]]
    secrets: Callable[[UUID], GameSecrets]
    state: Callable[[UUID], AnyGameState]

    def create(
        self,
        game_id: UUID,
        events: Sequence[Event],
        secrets: GameSecrets,
        extra: Sequence[Envelope] = (),
        at: datetime | None = None,
        *,
        after: AnyGameState | None = None,
    ) -> None:
        """Record a new game and its secrets (and `extra` records) in one transaction.

        `at` is the time stored with the events (default: now); `after` the state the
        events fold to, where the caller has it (a game over is snapshot with them).
        Raises StreamConflict when another writer took one of the `extra` streams first.
        """
        envelopes = _envelopes(game_id, 0, events, at)
        states = None if after is None else {game_id: after}
        try:
            records = [*envelopes, Envelope(secrets_id(game_id), 1, secrets), *extra]
            self._save(records, None, states)
        except IntegrityError:
            raise StreamConflict("another request wrote this first") from None
        self._secrets.keep(game_id, secrets)

    def append(
        self,
        game_id: UUID,
        expected: int,
        events: Sequence[Event],
        extra: Sequence[Envelope] = (),
        *,
        at: datetime | None = None,
        game_secrets: GameSecrets | None = None,
        after: AnyGameState | None = None,
    ) -> None:
        """Append `events` after version `expected`, with `extra` records, atomically.

        `at` is the time stored with the events (default: now); `game_secrets` the
        game's, where the caller holds them (else they are looked up); `after` the state
        the events lead to, where the caller has it (a game over is snapshot with them).
        Raises VersionConflict (with the version now stored) when another writer won.
        """
        write = self._prepared(
            game_id, expected, events, extra=extra, at=at, game_secrets=game_secrets, after=after
        )
        try:
            self._commit(write)
        except IntegrityError:
            raise VersionConflict(self.state(game_id).version) from None

    @property
    def writes_on_loop(self) -> bool:
        """Whether `append_async` hands its writes over without a thread of the caller's:
        over SQLite, to the group writer. Over PostgreSQL the writes share transactions
        too, but each turn is decided in a worker thread on the stored game: processes
        share the database, a cached state is often behind another process's writes,
        and a decision on the loop that loses its write is taken again in a thread (two
        processes scaled worse than one's turns with it, docs/benchmarks.md)."""
        return isinstance(self._writer, GroupWriter)

    async def append_async(
        self,
        game_id: UUID,
        expected: int,
        events: Sequence[Event],
        extra: Sequence[Envelope] = (),
        *,
        at: datetime | None = None,
        game_secrets: GameSecrets | None = None,
        after: AnyGameState | None = None,
    ) -> bool:
        """As `append` (the same write, prepared and told the same way), awaited on the
        event loop; False (nothing stored) where `append` raises VersionConflict.

        The loop waits for nothing but the commit, when the store writes through the
        group writer; otherwise the commit runs in a worker thread.
        """
        write = self._prepared(
            game_id, expected, events, extra=extra, at=at, game_secrets=game_secrets, after=after
        )
        try:
            if not self.writes_on_loop:
                await anyio.to_thread.run_sync(self._commit, write)
                return True
            committed = self._writer.submit(write.records, write.statements)
            # Told on the loop as soon as the write is in, whether or not its caller still
            # waits (a request cancelled meanwhile leaves a write that streams must hear of).
            committed.add_done_callback(partial(self._told_once_in, write))
            await asyncio.shield(committed)
        except IntegrityError:
            return False
        return True

    def _prepared(
        self,
        game_id: UUID,
        expected: int,
        events: Sequence[Event],
        *,
        extra: Sequence[Envelope],
        at: datetime | None,
        game_secrets: GameSecrets | None,
        after: AnyGameState | None,
    ) -> _Write:
        """An append's write: its envelopes, and what they move."""
        envelopes = [*_envelopes(game_id, expected, events, at), *extra]
        states = None if after is None else {game_id: after}
        return self._write_of(envelopes, self._secrets_of(game_id, game_secrets), states)

    def _told_once_in(self, write: _Write, committed: asyncio.Future[None]) -> None:
        if not committed.cancelled() and committed.exception() is None:
            self._told(write)

    def write(
        self, envelopes: Sequence[Envelope], states: Mapping[UUID, AnyGameState] | None = None
    ) -> None:
        """Store `envelopes` (of any streams) in one transaction, or StreamConflict.

        Each names the version it takes in its stream: when another writer took one
        first, nothing is stored. `states`: by game, the state its events lead to, where
        the caller has it (a game over is snapshot with them).
        """
        try:
            self._save(envelopes, None, states)
        except IntegrityError:
            raise StreamConflict("another request changed this table first") from None

    def remember(self, game_id: UUID, state: AnyGameState) -> None:
        """Cache the game's `state` unless a newer one is cached already."""
        self.games.remember(game_id, state)

    def _secrets_of(
        self, game_id: UUID, game_secrets: GameSecrets | None
    ) -> Callable[[UUID], GameSecrets]:
        """`secrets`, answering `game_secrets` for `game_id` where the caller holds them."""
        if game_secrets is None:
            return self.secrets
        return lambda stream: game_secrets if stream == game_id else self.secrets(stream)

    def _save(
        self,
        envelopes: Sequence[Envelope],
        secrets_of: Callable[[UUID], GameSecrets] | None = None,
        states: Mapping[UUID, AnyGameState] | None = None,
    ) -> None:
        """Store `envelopes` (`_write_of`, `_commit`)."""
        self._commit(self._write_of(envelopes, secrets_of or self.secrets, states))

    def _write_of(
        self,
        envelopes: Sequence[Envelope],
        secrets_of: Callable[[UUID], GameSecrets],
        states: Mapping[UUID, AnyGameState] | None,
    ) -> _Write:
        """A write of `envelopes`: the games it writes, its stored records, and the
        indexes' rows and snapshots to commit with them."""
        written = games_written(envelopes, secrets_of)
        records = [self.mapper.to_stored_event(envelope) for envelope in envelopes]
        return _Write(envelopes, written, records, self._indexed(written, envelopes, states))

    def _commit(self, write: _Write) -> None:
        """The one way a record is stored: in one transaction with the indexes' rows it
        moves, through the group writer (`writer`, `pg_writer`); then the listeners are
        told (live updates). The application's `save` is not used: the records are events
        already, and collecting events from aggregates and snapshots only costs time here."""
        self._writer.write(write.records, write.statements)
        self._told(write)

    def _indexed(
        self,
        written: Sequence[GameWritten],
        envelopes: Sequence[Envelope],
        states: Mapping[UUID, AnyGameState] | None,
    ) -> list[Statement]:
        """What a write moves in the turn clocks' and the bot turns' indexes, to be
        committed with it: each game's row set to the write's version and deadline, or
        dropped when the write ends the game; and the snapshot of each game it ends."""
        statements = ending_snapshots(self.games, self.game_snapshots, envelopes, states or {})
        for game in written:
            if game.clocked:
                row = game.row
                clock = self.clocks
                statements.append(
                    clock.moved(row) if row else clock.dropped(game.game_id, game.version)
                )
            if game.bots:
                bots = self.bot_turns
                bot_row = self._bot_row(game)
                statements.append(
                    bots.moved(bot_row) if bot_row else bots.dropped(game.game_id, game.version)
                )
        return statements

    def _told(self, write: _Write) -> None:
        """After a write is committed: its listeners told, the turns' times kept, and
        the bots woken to a table they may play."""
        self.listeners.publish(changes(write.envelopes))
        for game in write.written:
            self._stamp(game.game_id, game.version, game.began)
        if any(game.bots and not game.ended for game in write.written):
            self.wake_bots()

    def _bot_row(self, game: GameWritten) -> ClockRow | None:
        """The bot turns' row after a write of a game with bot seats (None: none, or over)."""
        if not game.bots or game.ended:
            return None
        return ClockRow(game.game_id, game.version, game.began + self.bot_think)

    def _stamp(self, game_id: UUID, version: int, stamp: datetime) -> None:
        self._began.keep(game_id, (version, stamp), lambda old: old[0] <= version)


@dataclass(frozen=True, slots=True)
class _Write:
    """One write, prepared: its envelopes, the games they write, the records stored, and
    the statements committed with them (`GameWrites._indexed`)."""

    envelopes: Sequence[Envelope]
    written: Sequence[GameWritten]
    records: Sequence[StoredEvent]
    statements: Sequence[Statement]


def _envelopes(
    game_id: UUID, after: int, events: Sequence[Event], at: datetime | None = None
) -> list[Envelope]:
    return [Envelope(game_id, after + i, event, at) for i, event in enumerate(events, start=1)]
