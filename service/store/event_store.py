"""The event store: one eventsourcing application per process.

Streams, all in the application's one table:

- a game stream (the game id): the domain's events; `originator_version` is the
  domain state's version after the event (`Dealt` is 1);
- a match stream (the match id): the match's events (`domain.match`);
- a game's or a match's secrets (`envelopes.secrets_id`): token hashes and the seed,
  saved in the same transaction as `Dealt` (a match stores a new version with each
  claim or leave);
- idempotent answers (`envelopes.answer_id`): saved in the same transaction as the
  command they answer.

Beside that table, the stream tickets (`tickets.TicketTable`), and the turn clocks'
index (`clocks.ClockIndex`): every write of a clocked game keeps its row (the deadline
of the turn the write began), so that any process finds what is due. The time a turn
began is the stored time of the event that began it (`Envelope.timestamp`, stored as
`recorded_at`): `turn_began`.

Writes name the versions they expect, so of two writers racing for one stream exactly
one lands: eventsourcing raises `IntegrityError` for the other, turned here into
`VersionConflict` with the version that won. The process's writes are committed in
groups: the writes that arrive together share a transaction (and over SQLite its sync,
over PostgreSQL its table lock and its commit), each answered once it is committed
(`writer`, `pg_writer`; `backends` holds what differs between the databases). Every
committed write is told to the store's `listeners` (and, on PostgreSQL, NOTIFied to
every process): `notices`.
Folded states are cached per stream and brought up to date by reading only the events
after the cached version (`folds.FoldedStreams`), so several processes over one
database stay correct.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TypeVar
from uuid import UUID, uuid4

import anyio.to_thread
import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    Mapper,
    PersistenceError,
)
from eventsourcing.utils import Environment

from domain.events import Event, SeedRevealed
from domain.games import ALL_GAME_EVENTS, END_TYPES
from domain.match.codec import MATCH_EVENTS
from domain.match.events import AnyMatchEvent, MatchEvent
from domain.match.state import MatchState
from domain.match.state import fold as fold_match
from service.errors import (
    GameNotFound,
    MatchNotFound,
    StreamConflict,
    VersionConflict,
    VersionNotFound,
)
from service.metrics import Metrics
from service.settings import Settings
from service.store import backends
from service.store.clocks import ClockRow, GameWritten, games_written
from service.store.envelopes import (
    Envelope,
    GameSecrets,
    MatchSecrets,
    StoredAnswer,
    StructMapper,
    secrets_id,
)
from service.store.folds import FoldedStreams
from service.store.game_folds import AnyGameState, fold_game
from service.store.notices import RECORDER_TOPIC, Listeners, changes
from service.store.reading import stream_reader
from service.store.recent import Recent
from service.store.snapshots import TABLE as SNAPSHOT_TABLE
from service.store.snapshots import GameSnapshots
from service.store.writer import GroupWriter

#: The bot turns' index (R33), beside the turn clocks'.
BOT_TABLE = "penangrummy_bot_turns"
#: The events after which a game may be over for good: its end, its seed's reveal.
_FINAL_TYPES: tuple[type[Event], ...] = (*END_TYPES, SeedRevealed)
_log = logging.getLogger("service.store")
T = TypeVar("T")
S = TypeVar("S", bound=msgspec.Struct)


class GameStore(Application[UUID]):
    """Games, their secrets and idempotent answers, over SQLite or PostgreSQL."""

    name = "PenangRummy"

    def __init__(self, settings: Settings, metrics: Metrics | None = None) -> None:
        #: The figures of its writes and caches (its app's, or its own).
        self.metrics = metrics or Metrics()
        #: How many games (and matches) each cache keeps (`Settings.cache_games`).
        self._cache_size = settings.cache_games
        self._secrets = Recent[UUID, GameSecrets](self._cache_size)
        #: By game: the latest version whose stored time is known, and that time.
        self._began = Recent[UUID, tuple[int, datetime]](self._cache_size)
        self._synchronous = settings.sqlite_synchronous
        #: Told of every committed write, in the writing thread (`notices`).
        self.listeners = Listeners()
        env = backends.eventsourcing_env(settings)
        if settings.store == "postgres":
            env["APPLICATION_RECORDER_TOPIC"] = RECORDER_TOPIC
        super().__init__(env=env)
        snapshot_table = backends.snapshot_table(self.factory)
        snapshot_table.create_table()
        #: Each kind of stream's reader: its family's events in one decode (`reading`);
        #: a game's first load with its snapshot (`snapshots`).
        self._readers = (
            stream_reader(self.recorder, ALL_GAME_EVENTS, SNAPSHOT_TABLE),
            stream_reader(self.recorder, MATCH_EVENTS),
        )
        games, matches = self._readers
        size = self._cache_size
        looked = self.metrics.lookups
        #: Finished games' final states (`snapshots`): never served, only loaded.
        self.game_snapshots = GameSnapshots(snapshot_table, games, self._fold_stored)
        self.games = FoldedStreams[Event, AnyGameState](
            games,
            Event,
            fold_game,
            GameNotFound,
            size,
            looked=looked("games"),
            first_load=self.game_snapshots.load,
            folded=self.game_snapshots.folded,
        )
        self.matches = FoldedStreams[AnyMatchEvent, MatchState](
            matches, MatchEvent, fold_match, MatchNotFound, size, looked=looked("matches")
        )
        self.clocks = backends.clock_index(self.factory)
        self.clocks.create_table()
        #: The bot turns' index (R33): a row per game with bot seats, due when its last
        #: write is `bot_think` old (`service.usecases.bot_turns`).
        self.bot_turns = backends.clock_index(self.factory, BOT_TABLE)
        self.bot_turns.create_table()
        self.bot_think = timedelta(milliseconds=settings.bot_think_ms)
        #: Called after each write of a game with bot seats, in the writing thread (the
        #: bots' task sets it to wake itself).
        self.wake_bots: Callable[[], None] = lambda: None
        self.tickets = backends.ticket_table(self.factory)
        self.tickets.create_table()
        self._writer = backends.group_writer(self.factory, self.recorder, self.metrics)

    def construct_factory(self, env: Environment) -> InfrastructureFactory:
        factory = super().construct_factory(env)
        backends.set_synchronous(factory, self._synchronous)
        return factory

    def close(self) -> None:
        """Write what is queued, then close the store's connections."""
        if self._writer is not None:
            self._writer.close()
        self.game_snapshots.close()
        for reader in self._readers:
            reader.close()
        super().close()

    def construct_mapper(self) -> Mapper[UUID]:
        return StructMapper(transcoder=self.construct_transcoder())

    # --- reading ---------------------------------------------------------------------

    def game_events(self, game_id: UUID, after: int = 0, upto: int | None = None) -> list[Event]:
        """The game's events after version `after` (up to `upto`); GameNotFound otherwise."""
        return self.games.events(game_id, after, upto)

    def state(self, game_id: UUID) -> AnyGameState:
        """The game's current state, or GameNotFound."""
        return self.games.state(game_id)

    def _fold_stored(self, game_id: UUID) -> AnyGameState:
        """The game's current state folded from its stored events (never a snapshot)."""
        return fold_game(self.games.events(game_id))

    def known_state(self, game_id: UUID) -> tuple[AnyGameState, bool]:
        """The game's cached state, which may be behind the store, and True; or, when
        none is cached, its current state read from the store, and False.

        For a command decided with no read before its write: the write names the
        version, so a state that was behind is refused by the store (`append`).
        """
        cached = self.games.cached(game_id)
        if cached is not None:
            return cached, True
        return self.games.state(game_id), False

    def state_at(
        self, game_id: UUID, version: int, current: AnyGameState | None = None
    ) -> tuple[AnyGameState, AnyGameState]:
        """The game's state at `version` and its current state (`current`, where the
        caller has read it already), or VersionNotFound."""
        return self.games.state_at(game_id, version, current)

    def cached_secrets(self, game_id: UUID) -> GameSecrets | None:
        """The game's secrets if this process holds them (secrets never change)."""
        return self._secrets.get(game_id)

    def secrets(self, game_id: UUID) -> GameSecrets:
        """The game's secrets, or GameNotFound."""
        cached = self._secrets.get(game_id)
        if cached is not None:
            return cached
        records = list(self.events.get(secrets_id(game_id), limit=1))
        if not records:
            raise GameNotFound(game_id)
        found = _record(records[0], GameSecrets)
        self._secrets.keep(game_id, found)
        return found

    def match_secrets(self, match_id: UUID) -> tuple[int, MatchSecrets]:
        """The match's secrets as last stored (claims store new versions) and their version."""
        records = list(self.events.get(secrets_id(match_id), desc=True, limit=1))
        if not records:
            raise MatchNotFound(match_id)
        envelope = records[0]
        return envelope.originator_version, _record(envelope, MatchSecrets)

    def turn_began(self, game_id: UUID, version: int) -> datetime:
        """When the game reached `version`: the stored time of its event at that version."""
        cached = self._began.get(game_id)
        if cached is not None and cached[0] == version:
            return cached[1]
        records = list(self.events.get(game_id, gt=version - 1, lte=version))
        if not records or not isinstance(records[0], Envelope):
            raise VersionNotFound(version, self.state(game_id).version)
        stamp = records[0].timestamp
        self._stamp(game_id, version, stamp)
        return stamp

    def answer(self, stream: UUID) -> StoredAnswer | None:
        """The stored answer of an idempotency stream, if any."""
        records = list(self.events.get(stream, limit=1))
        return _record(records[0], StoredAnswer) if records else None

    def ping(self) -> None:
        """Ask the store one question; raises OperationalError if it does not answer soon."""
        backends.ping(self.factory, lambda: list(self.events.get(uuid4(), limit=1)))

    # --- writing ---------------------------------------------------------------------

    def create(
        self,
        game_id: UUID,
        events: Sequence[Event],
        secrets: GameSecrets,
        extra: Sequence[Envelope] = (),
        at: datetime | None = None,
    ) -> None:
        """Record a new game and its secrets (and `extra` records) in one transaction.

        `at` is the time stored with the events (default: now). Raises StreamConflict
        when another writer took one of the `extra` streams first.
        """
        envelopes = _envelopes(game_id, 0, events, at)
        try:
            self._save([*envelopes, Envelope(secrets_id(game_id), 1, secrets), *extra])
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
    ) -> None:
        """Append `events` after version `expected`, with `extra` records, atomically.

        `at` is the time stored with the events (default: now); `game_secrets` the
        game's, where the caller holds them (else they are looked up). Raises
        VersionConflict (with the version now stored) when another writer won.
        """
        try:
            envelopes = [*_envelopes(game_id, expected, events, at), *extra]
            self._save(envelopes, self._secrets_of(game_id, game_secrets))
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
    ) -> bool:
        """As `append`, awaited on the event loop; False (nothing stored) where `append`
        raises VersionConflict.

        The loop waits for nothing but the commit, when the store writes through the
        group writer and the write keeps no turn clock (a clock is kept in its own
        writes); otherwise the whole append runs in a worker thread.
        """
        envelopes = [*_envelopes(game_id, expected, events, at), *extra]
        secrets_of = self._secrets_of(game_id, game_secrets)
        written = games_written(envelopes, secrets_of)
        if not self.writes_on_loop or any(game.clocked or game.bots for game in written):
            try:
                await anyio.to_thread.run_sync(self._save, envelopes, secrets_of)
            except IntegrityError:
                return False
            return True
        records = [self.mapper.to_stored_event(envelope) for envelope in envelopes]
        assert self._writer is not None
        committed = self._writer.submit(records)
        # Told on the loop as soon as the write is in, whether or not its caller still
        # waits (a request cancelled meanwhile leaves a write that streams must hear of).
        committed.add_done_callback(partial(self._told_once_in, envelopes, written))
        try:
            await asyncio.shield(committed)
        except IntegrityError:
            return False
        return True

    def _told_once_in(
        self,
        envelopes: Sequence[Envelope],
        written: Sequence[GameWritten],
        committed: asyncio.Future[None],
    ) -> None:
        if not committed.cancelled() and committed.exception() is None:
            self._told(envelopes, written)

    def write(self, envelopes: Sequence[Envelope]) -> None:
        """Store `envelopes` (of any streams) in one transaction, or StreamConflict.

        Each names the version it takes in its stream: when another writer took one
        first, nothing is stored.
        """
        try:
            self._save(envelopes)
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
    ) -> None:
        """The one way a record is stored: in one transaction; then the listeners are told
        (live updates) and the clocks' index is kept (module doc)."""
        written = games_written(envelopes, secrets_of or self.secrets)
        self.clocks.move([game.row for game in written if game.row and game.new])
        self.bot_turns.move([row for game in written if game.new and (row := self._bot_row(game))])
        self._put(envelopes)
        self._told(envelopes, written)

    def _told(self, envelopes: Sequence[Envelope], written: Sequence[GameWritten]) -> None:
        """After a write is committed: its listeners told, the turns' times kept, a
        finished game's snapshot queued, and the clocks' and bots' indexes kept."""
        self.listeners.publish(changes(envelopes))
        for game in written:
            self._stamp(game.game_id, game.version, game.began)
        for stream in {e.originator_id for e in envelopes if isinstance(e.event, _FINAL_TYPES)}:
            self.game_snapshots.ended(stream)
        if not any(game.clocked or game.bots for game in written):
            return  # no index keeps a row of these games (most writes)
        try:
            self.clocks.move([game.row for game in written if game.row and not game.new])
            for game in written:
                if game.ended and game.clocked:
                    self.clocks.drop(game.game_id, game.version)
        except PersistenceError as error:
            # The write stands; the index keeps an earlier deadline, set right when due.
            _log.warning("the turn clocks' index was not updated: %s", error)
        try:
            # New games too: a look between the row and the events' commit found no game
            # and put its row off; the write's own time is the right one.
            self.bot_turns.move([row for game in written if (row := self._bot_row(game))])
            for game in written:
                if game.ended and game.bots:
                    self.bot_turns.drop(game.game_id, game.version)
        except PersistenceError as error:
            # The write stands; the bots' poll finds the game when its row is set right.
            _log.warning("the bot turns' index was not updated: %s", error)
        if any(game.bots and not game.ended for game in written):
            self.wake_bots()

    def _bot_row(self, game: GameWritten) -> ClockRow | None:
        """The bot turns' row after a write of a game with bot seats (None: none, or over)."""
        if not game.bots or game.ended:
            return None
        return ClockRow(game.game_id, game.version, game.began + self.bot_think)

    def _put(self, envelopes: Sequence[Envelope]) -> None:
        """Store `envelopes` in one transaction: through the group writer (`writer`,
        `pg_writer`) or, with none, straight to the event store. The application's `save`
        is not used: the records are events already, and collecting events from
        aggregates and snapshots only costs time here."""
        if self._writer is None:
            with self.metrics.committing(IntegrityError):
                self.events.put(envelopes)
        else:
            self._writer.write([self.mapper.to_stored_event(envelope) for envelope in envelopes])

    def _stamp(self, game_id: UUID, version: int, stamp: datetime) -> None:
        self._began.keep(game_id, (version, stamp), lambda old: old[0] <= version)


def _envelopes(
    game_id: UUID, after: int, events: Sequence[Event], at: datetime | None = None
) -> list[Envelope]:
    return [Envelope(game_id, after + i, event, at) for i, event in enumerate(events, start=1)]


def _record(envelope: object, cls: type[S]) -> S:
    if not isinstance(envelope, Envelope) or not isinstance(envelope.event, cls):
        raise TypeError(f"expected a stored {cls.__name__}")
    return envelope.event
