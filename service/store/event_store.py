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

Beside that table, the stream tickets (`tickets.TicketTable`), the ratings
(`ratings.RatingTable`), and the turn clocks'
index (`clocks.ClockIndex`): every write of a clocked game keeps its row (the deadline
of the turn the write began), so that any process finds what is due. The time a turn
began is the stored time of the event that began it (`Envelope.timestamp`, stored as
`recorded_at`): `turn_began`.

How writes are stored, told and indexed: `game_writes`.
Folded states are cached per stream and brought up to date by reading only the events
after the cached version (`folds.FoldedStreams`), so several processes over one
database stay correct.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypeVar
from uuid import UUID, uuid4

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import InfrastructureFactory, Mapper
from eventsourcing.utils import Environment

from domain.events import Event
from domain.games import ALL_GAME_EVENTS
from domain.match.codec import MATCH_EVENTS
from domain.match.events import AnyMatchEvent, MatchEvent
from domain.match.state import MatchState
from domain.match.state import fold as fold_match
from service.errors import GameNotFound, MatchNotFound, VersionNotFound
from service.metrics import Metrics
from service.settings import Settings
from service.store import backends
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
from service.store.game_writes import GameWrites
from service.store.notices import RECORDER_TOPIC, Listeners
from service.store.reading import stream_reader
from service.store.recent import Recent
from service.store.snapshots import TABLE as SNAPSHOT_TABLE
from service.store.snapshots import GameSnapshots

#: The bot turns' index (R33), beside the turn clocks'.
BOT_TABLE = "penangrummy_bot_turns"
T = TypeVar("T")
S = TypeVar("S", bound=msgspec.Struct)


class GameStore(GameWrites, Application[UUID]):
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
        self.game_snapshots = GameSnapshots(snapshot_table, games)
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
        #: The ratings, a projection of the finished games (`ratings`, R70-R74).
        self.ratings = backends.rating_table(self.factory)
        self.ratings.create_table()
        self._writer = backends.group_writer(self.factory, self.recorder, self.metrics)

    def construct_factory(self, env: Environment) -> InfrastructureFactory:
        factory = super().construct_factory(env)
        backends.set_synchronous(factory, self._synchronous)
        # Before the tables are made: a database in memory lives while it is held.
        self._memory = backends.hold_memory_database(factory)
        return factory

    def close(self) -> None:
        """Write what is queued, then close the store's connections."""
        self._writer.close()
        self.game_snapshots.close()
        for reader in self._readers:
            reader.close()
        super().close()
        if self._memory is not None:
            self._memory.close()

    def construct_mapper(self) -> Mapper[UUID]:
        return StructMapper(transcoder=self.construct_transcoder())

    # --- reading ---------------------------------------------------------------------

    def game_events(self, game_id: UUID, after: int = 0, upto: int | None = None) -> list[Event]:
        """The game's events after version `after` (up to `upto`); GameNotFound otherwise."""
        return self.games.events(game_id, after, upto)

    def state(self, game_id: UUID) -> AnyGameState:
        """The game's current state, or GameNotFound."""
        return self.games.state(game_id)

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


def _record(envelope: object, cls: type[S]) -> S:
    if not isinstance(envelope, Envelope) or not isinstance(envelope.event, cls):
        raise TypeError(f"expected a stored {cls.__name__}")
    return envelope.event
