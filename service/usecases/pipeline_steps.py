"""The steps of a command's pipeline, and what they hand each other.

What a command is (`Command`), what it is decided on (`Loaded`: `load`, or `cached`),
its admission (`admit`: the turn clock and If-Match), its decision (`decide`), its one
write (`append`) and what the process keeps once the write is stored (`recorded`), with
the small parts they share. `service.usecases.pipeline` runs them, in a worker thread
or on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import NamedTuple
from uuid import UUID

import msgspec

from domain.events import Event
from domain.game import Game
from domain.match.events import MatchGameStarted
from service.errors import StaleVersion
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, StoredAnswer, answer_id
from service.store.game_folds import AnyGameState
from service.store.game_folds import fold_game as fold
from service.usecases import clock, game_kinds, matches
from service.usecases.messages import EventRecord, TurnResult

#: What a command decides: the events of `seat`'s command on the state, told its game's
#: spec and the game's server seed (None: dealt from an explicit deck).
Decision = Callable[[Game, AnyGameState, bytes | None], list[Event]]
#: The match's side of a write (`matches.continue_after`): what to write with it, and
#: what to cache once it is stored.
Continuing = Callable[
    [GameStore, GameSecrets, AnyGameState], tuple[list[Envelope], Callable[[], None]]
]
_encoder = msgspec.json.Encoder()


class Answer(msgspec.Struct, frozen=True):
    """A turn's answer, and whether it is a stored one replayed for an Idempotency-Key."""

    result: TurnResult
    replayed: bool = False


class Command(NamedTuple):
    """One command of a seat of a game, and what names the request that sent it."""

    game_id: UUID
    seat: int
    decision: Decision
    #: The version If-Match names (None: no header, or `*`).
    if_match: int | None = None
    #: The Idempotency-Key, and the request's fingerprint its stored answer is checked by.
    key: str | None = None
    fingerprint: str = ""


class Loaded(NamedTuple):
    """What a command is decided on: the game's state, its secrets and its game's spec."""

    state: AnyGameState
    secrets: GameSecrets
    spec: Game
    #: Whether `state` is the process's cached one (which may be behind the store).
    cached: bool


class Decided(NamedTuple):
    """A command's decision, not yet recorded: what to append, and what to answer."""

    events: list[Event]
    extra: list[Envelope]
    after: AnyGameState
    at: datetime
    result: TurnResult
    remember_match: Callable[[], None]


# --- the steps --------------------------------------------------------------------------


def load(store: GameStore, game_id: UUID) -> Loaded:
    """The game's secrets and its known state (the cached one where there is one)."""
    game_secrets = store.secrets(game_id)
    state, cached = store.known_state(game_id)
    return Loaded(state, game_secrets, game_kinds.spec_of(state), cached)


def cached(store: GameStore, game_id: UUID) -> Loaded | None:
    """`load` from this process's memory alone; None where it holds either part not."""
    state = store.games.cached(game_id)
    game_secrets = store.cached_secrets(game_id)
    if state is None or game_secrets is None:
        return None
    return Loaded(state, game_secrets, game_kinds.spec_of(state), True)


def admit(store: GameStore, command: Command, loaded: Loaded) -> None:
    """Refuse a seat's command that is late (the clock first: a late command is late
    whatever version it names, R19), or names another version than the game's (If-Match).
    """
    state, spec = loaded.state, loaded.spec
    clock.check_not_late(store, command.game_id, spec, state, command.seat)
    clock.check_in_time(store, command.game_id, loaded.secrets, spec, state)
    if command.if_match is not None and command.if_match != state.version:
        raise StaleVersion(command.if_match, state.version)


def decide(
    store: GameStore,
    command: Command,
    loaded: Loaded,
    continuing: Continuing | None = None,
) -> Decided:
    """Run the command on the loaded state: its events, with what they entail, and the
    answer; or the game's refusal.

    A game of a match that ends records the match's score and the next deal with it
    (`continuing`, by default `matches.continue_after`); an Idempotency-Key records the
    answer with it.
    """
    continuing = continuing or matches.continue_after
    state, game_secrets, spec = loaded.state, loaded.secrets, loaded.spec
    seat = command.seat
    seed = server_seed_of(game_secrets)
    events = command.decision(spec, state, seed)
    after = fold(events, state)
    revealed = game_kinds.reveal(spec, after, seed)
    if revealed:
        events += revealed
        after = fold(revealed, after)
    extra, remember_match = continuing(store, game_secrets, after)
    at = clock.now()
    result = TurnResult(
        version=after.version,
        events=records(state.version, events, seat, after.over),
        view=clock.timed(
            game_kinds.view(after, seat, spec=spec),
            clock.turn_deadline(game_secrets, after, at),
        ),
        next_game=_next_game(extra, game_secrets),
    )
    stream = answer_stream(command)
    if stream is not None:
        answer = StoredAnswer(
            request_sha256=command.fingerprint,
            status=200,
            body=_encoder.encode(result).decode("utf-8"),
            version=after.version,
        )
        extra.append(Envelope(stream, 1, answer))
    return Decided(events, extra, after, at, result, remember_match)


def recorded(store: GameStore, command: Command, loaded: Loaded, decided: Decided) -> Answer:
    """What a process keeps once a decision is stored: the states it led to, and its count."""
    store.remember(command.game_id, decided.after)
    decided.remember_match()
    store.metrics.turn_recorded(loaded.spec.name)
    return Answer(decided.result)


def append(store: GameStore, command: Command, loaded: Loaded, decided: Decided) -> Answer:
    """Record a decision at the version it was decided at (VersionConflict when another
    write won), then answer it."""
    version = loaded.state.version
    store.append(
        command.game_id,
        version,
        decided.events,
        decided.extra,
        at=decided.at,
        game_secrets=loaded.secrets,
        after=decided.after,
    )
    return recorded(store, command, loaded, decided)


# --- small parts ----------------------------------------------------------------------------


def server_seed_of(game_secrets: GameSecrets) -> bytes | None:
    """The game's server seed (secret until the game ends), if it was dealt from seeds."""
    seed = game_secrets.server_seed
    return None if seed is None else bytes.fromhex(seed)


def records(
    after: int, events: Sequence[Event], viewer: int | None, over: bool
) -> tuple[EventRecord, ...]:
    """`events`, the first at version `after + 1`, as `viewer` may see them."""
    return tuple(
        EventRecord(version=after + i, event=game_kinds.view_event(event, viewer, over))
        for i, event in enumerate(events, start=1)
    )


def answer_stream(command: Command) -> UUID | None:
    key = command.key
    return None if key is None else answer_id(command.game_id, command.seat, key)


def _next_game(written: Sequence[Envelope], game_secrets: GameSecrets) -> UUID | None:
    """The game of the match dealt by this write, if any: the one announced last."""
    dealt = [
        UUID(envelope.event.game_id)
        for envelope in written
        if isinstance(envelope.event, MatchGameStarted)
    ]
    return dealt[-1] if dealt and game_secrets.match_id is not None else None
