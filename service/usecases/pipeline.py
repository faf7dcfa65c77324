"""One pipeline per command: load, admit, decide, append, answer.

Every command a game takes (a turn, a dead declaration, the clock's timeout, a bot's
turn) goes through the same steps, in order:

1. **load** the game's state and secrets once (`load`, or `cached` from what the
   process holds), and its game's spec with them: nothing below reads them again. A
   seat's command is loaded by its HTTP guard, which checks the seat's token against
   what it loaded (`service.api.guards.seat_command`) and hands it on: `run` and
   `run_on_loop` take it;
2. **admit** the command: the turn clock's checks and If-Match (`admit`). The
   service's own commands (the clock's and a bot's, `run_as_service`) have no token
   and are not admitted;
3. **decide** through the spec (`decide`): the command's events, what they entail
   (the seed revealed, a match's next deal), and the answer;
4. **append** the events with the version they were decided at (the one write);
5. **answer**: what the process keeps once the write is stored, and the result
   (`recorded`), which the store's notices carry to the streams.

The same steps run on a worker thread (`run`) and on the event loop (`run_on_loop`);
what differs is only where they run. On the loop the load takes what the process holds
in memory and the append is awaited (the group writer commits it on its own thread).
Whatever would need a read there (nothing cached, an Idempotency-Key, a turn clock, a
match's game that ends, a refusal that the stored game may overturn, a lost write) is
the same command taken whole by `run` in a worker thread.

A command is decided on the cached state, with no read before the write: the write
names the version it was decided at, so a state that was behind (another process
wrote) is refused by the store, as is the loser of a race. A refusal of a decision on
the cached state is never final: the game is read again and the command decided once
more on what is stored (`retry`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

import anyio.to_thread
import msgspec

from domain.errors import RummyError
from domain.events import Event
from domain.game_spec import GameSpec
from domain.match.events import MatchGameStarted
from service.errors import IdempotencyKeyReused, StaleVersion, TurnTimedOut, VersionConflict
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, StoredAnswer, answer_id
from service.store.game_folds import AnyGameState
from service.store.game_folds import fold_game as fold
from service.usecases import clock, game_kinds, matches, retry
from service.usecases.messages import EventRecord, TurnResult
from service.usecases.open_types import dec_hook

#: What a command decides: the events of `seat`'s command on the state, told its game's
#: spec and the game's server seed (None: dealt from an explicit deck).
Decision = Callable[[GameSpec[Any, Any], AnyGameState, bytes | None], list[Event]]
#: The match's side of a write (`matches.continue_after`): what to write with it, and
#: what to cache once it is stored.
Continuing = Callable[
    [GameStore, GameSecrets, AnyGameState], tuple[list[Envelope], Callable[[], None]]
]
_encoder = msgspec.json.Encoder()
_turn_decoder = msgspec.json.Decoder(TurnResult, dec_hook=dec_hook)


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
    spec: GameSpec[Any, Any]
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
    stream = _answer_stream(command)
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


# --- where the steps run ------------------------------------------------------------------


def run(store: GameStore, command: Command, loaded: Loaded) -> Answer:
    """The command's pipeline in this (worker) thread, on what was `loaded` for it.

    A stored answer to the Idempotency-Key is replayed (or refused, for another
    request); a refusal of a decision on a state that was behind is decided again.
    """
    stream = _answer_stream(command)
    if stream is not None and (stored := store.answer(stream)) is not None:
        return _replay(stored, command.fingerprint)
    for attempt in range(matches.ATTEMPTS):
        try:
            admit(store, command, loaded)
            return append(store, command, loaded, decide(store, command, loaded))
        except (RummyError, StaleVersion, TurnTimedOut, VersionConflict) as refusal:
            if stream is not None and (stored := store.answer(stream)) is not None:
                return _replay(stored, command.fingerprint)
            again = retry.decide_again(
                store, command.game_id, loaded.state, refusal, cached=loaded.cached
            )
            if again is None or attempt == matches.ATTEMPTS - 1:
                raise
            loaded = Loaded(again, loaded.secrets, loaded.spec, cached=False)
    raise AssertionError("unreachable")


def run_as_service(
    store: GameStore,
    command: Command,
    state: AnyGameState,
    game_secrets: GameSecrets | None = None,
) -> TurnResult:
    """A command the service decides for a seat itself (the clock's timeout, a bot's
    turn, R19, R33): no token, no retry, recorded at the version `state` is at
    (VersionConflict, or StreamConflict, when another write won). `game_secrets`: the
    game's, where the caller has read them already."""
    if game_secrets is None:
        game_secrets = store.secrets(command.game_id)
    loaded = Loaded(state, game_secrets, game_kinds.spec_of(state), cached=False)
    return append(store, command, loaded, decide(store, command, loaded)).result


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
    )
    return recorded(store, command, loaded, decided)


async def run_on_loop(store: GameStore, command: Command, loaded: Loaded) -> Answer:
    """The command's pipeline on the event loop, only its write awaited; `run` in a
    worker thread wherever a step would read (see the module docstring).

    `loaded` is decided on here where it is the process's cached state. Any refusal
    (the cached state may be behind), a lost write (nothing was stored), or a game of a
    match that ends (the match is read) is taken again whole, loaded anew (`_again`).
    """
    if (
        command.key is not None
        or not loaded.cached
        or not store.writes_on_loop
        or loaded.secrets.turn_seconds is not None
    ):
        return await anyio.to_thread.run_sync(run, store, command, loaded)
    try:
        admit(store, command, loaded)
        decided = decide(store, command, loaded, _continue_on_loop)
        landed = await store.append_async(
            command.game_id,
            loaded.state.version,
            decided.events,
            decided.extra,
            at=decided.at,
            game_secrets=loaded.secrets,
        )
    except (RummyError, StaleVersion, TurnTimedOut, _OffLoop):
        landed = False
    if not landed:
        return await anyio.to_thread.run_sync(_again, store, command)
    return recorded(store, command, loaded, decided)


def _again(store: GameStore, command: Command) -> Answer:
    """A command the loop could not record, taken whole in this thread on a new load
    (the token checked on the first still holds: a game's seats' tokens never change)."""
    return run(store, command, load(store, command.game_id))


class _OffLoop(Exception):
    """The command needs a read of the store: it is taken again in a worker thread."""


def _continue_on_loop(
    store: GameStore, game_secrets: GameSecrets, after: AnyGameState
) -> tuple[list[Envelope], Callable[[], None]]:
    """`matches.continue_after` where it reads nothing: a game outside a match, or going on."""
    if game_secrets.match_id is not None and after.ended is not None:
        raise _OffLoop("a match's game ended: the match is read")
    return matches.continue_after(store, game_secrets, after)


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


def _answer_stream(command: Command) -> UUID | None:
    key = command.key
    return None if key is None else answer_id(command.game_id, command.seat, key)


def _replay(stored: StoredAnswer, fingerprint: str) -> Answer:
    if stored.request_sha256 != fingerprint:
        raise IdempotencyKeyReused("this Idempotency-Key was first sent with a different request")
    return Answer(_turn_decoder.decode(stored.body), replayed=True)


def _next_game(written: Sequence[Envelope], game_secrets: GameSecrets) -> UUID | None:
    """The game of the match dealt by this write, if any: the one announced last."""
    dealt = [
        UUID(envelope.event.game_id)
        for envelope in written
        if isinstance(envelope.event, MatchGameStarted)
    ]
    return dealt[-1] if dealt and game_secrets.match_id is not None else None
