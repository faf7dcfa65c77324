"""The service layer: each use case is load, one domain call, append, the caller's view.

No rule is decided here. The domain deals, judges turns and dead declarations, and
decides what each viewer may see (`domain.views`); this module finds the game,
checks the caller's token, draws the deck order from seeds (`domain.fair`) and
records what the domain returned, atomically. Game records (export, import) are the
use cases of `service.usecases.records`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import NamedTuple
from uuid import UUID

import msgspec

from domain.errors import RummyError
from domain.events import Event
from domain.games import END_TYPES
from domain.match.events import MatchGameStarted
from service.errors import (
    IdempotencyKeyReused,
    StaleVersion,
    TurnTimedOut,
    VersionConflict,
)
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, StoredAnswer, answer_id
from service.store.game_folds import AnyGameState
from service.store.game_folds import fold_game as fold
from service.usecases import auth, clock, game_kinds, matches, retry
from service.usecases.game_kinds import AnyAction, AnyView
from service.usecases.idempotency import fingerprint
from service.usecases.messages import EventRecord, EventsPage, MovesView, TurnResult
from service.usecases.open_types import dec_hook

Command = Callable[[AnyGameState], list[Event]]
_encoder = msgspec.json.Encoder()
_turn_decoder = msgspec.json.Decoder(TurnResult, dec_hook=dec_hook)


class Answer(msgspec.Struct, frozen=True):
    """A turn's answer, and whether it is a stored one replayed for an Idempotency-Key."""

    result: TurnResult
    replayed: bool = False


def spectator_view(store: GameStore, game_id: UUID, version: int | None = None) -> AnyView:
    """The game now, or at `version`, as a spectator may see it."""
    state, now = _at(store, game_id, version)
    view = game_kinds.view(state, None, over=now.over)
    return _timed(store, game_id, store.secrets(game_id), state, now, view)


def seat_view(
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    version: int | None = None,
) -> AnyView:
    """The game now, or at `version`, as `seat` may see it.

    The game and its secrets are read once: the state that authorizes the seat is the
    one shown (and timed), unless an earlier version is asked for.
    """
    game_secrets = store.secrets(game_id)
    now = store.state(game_id)
    auth.check_seat(now, seat)
    auth.authorize(game_secrets, authorization, seat)
    state = now if version is None else store.state_at(game_id, version)[0]
    view = game_kinds.view(state, seat, over=now.over)
    return _timed(store, game_id, game_secrets, state, now, view)


def _timed(  # noqa: PLR0917 (one flow, in order)
    store: GameStore,
    game_id: UUID,
    game_secrets: GameSecrets,
    state: AnyGameState,
    now: AnyGameState,
    view: AnyView,
) -> AnyView:
    """The view with its turn's deadline, where `state` is the game `now` (R19)."""
    if state.version != now.version:
        return view
    return clock.timed(view, clock.deadline_given(store, game_id, game_secrets, now))


def _at(store: GameStore, game_id: UUID, version: int | None) -> tuple[AnyGameState, AnyGameState]:
    """The state at `version` (None: now), and the state now.

    A past version of a running game is as secret as its present; once the game is
    over every version of it may be shown in full (R3): the views decide, told both.
    """
    if version is None:
        state = store.state(game_id)
        return state, state
    return store.state_at(game_id, version)


def moves(store: GameStore, game_id: UUID, seat: int, authorization: str | None) -> MovesView:
    state = _authorized(store, game_id, seat, authorization)
    return MovesView(version=state.version, moves=game_kinds.legal_moves(state, seat))


def events_page(
    store: GameStore, game_id: UUID, authorization: str | None, since: int
) -> EventsPage:
    """The events after `since`, as the token's seat (or a spectator) may see them."""
    viewer = auth.viewer(store.secrets(game_id), authorization)
    state = store.state(game_id)
    events = store.game_events(game_id, since)
    over = state.over or any(isinstance(event, END_TYPES) for event in events)
    records = _records(since, events, viewer, over)
    version = max(state.version, records[-1].version) if records else state.version
    return EventsPage(game_id=game_id, version=version, events=records)


def submit_turn(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
    actions: Sequence[AnyAction],
) -> Answer:
    """Play one whole turn (D8), or a draw game's command (R22), as its game decides."""
    return _act(
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        request=(if_match, key, fingerprint("submitTurn", seat, _encoder.encode(tuple(actions)))),
        command=turn_command(store, game_id, seat, actions),
    )


def turn_command(
    store: GameStore, game_id: UUID, seat: int, actions: Sequence[AnyAction]
) -> Command:
    """The command of a turn: `actions` played by `seat`, as the game decides."""

    def command(state: AnyGameState) -> list[Event]:
        return game_kinds.play(state, seat, actions, _seed(store.secrets(game_id)))

    return command


def dead(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
) -> Answer:
    """Declare the seat dead (P29, D6): Penang's; the draw games refuse it (B3, T4)."""
    return _act(
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        request=(if_match, key, fingerprint("declareDead", seat, b"")),
        command=partial(game_kinds.declare_dead, seat=seat),
    )


# --- the shared path of a command -----------------------------------------------------


def _act(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    request: tuple[int | None, str | None, str],
    command: Command,
) -> Answer:
    """Check the token, replay a stored answer or check If-Match, run `command`, append.

    `request` is the If-Match version, the Idempotency-Key and the request's fingerprint.
    The command is decided on the cached state, with no read before the write: the
    write names the version it was decided at, so a state that was behind (another
    process wrote) is refused by the store, as is the loser of a race. A refusal of a
    decision on the cached state is never final: the game is read again and the
    command decided once more on what is stored (`retry`).
    """
    game_secrets = store.secrets(game_id)
    state, cached = store.known_state(game_id)
    auth.check_seat(state, seat)  # the seats never change: the cached state knows them
    auth.authorize(game_secrets, authorization, seat)
    if_match, key, fingerprint = request
    stream = None if key is None else answer_id(game_id, seat, key)
    if stream is not None and (stored := store.answer(stream)) is not None:
        return _replay(stored, fingerprint)
    for attempt in range(matches.ATTEMPTS):
        try:
            # A late command is late whatever version it names (R19): the clock first.
            clock.check_not_late(store, game_id, state, seat)
            clock.check_in_time(store, game_id, state)
            if if_match is not None and if_match != state.version:
                raise StaleVersion(if_match, state.version)
            return _decide_and_append(store, game_id, seat, state, command, stream, fingerprint)
        except (RummyError, StaleVersion, TurnTimedOut, VersionConflict) as refusal:
            if stream is not None and (stored := store.answer(stream)) is not None:
                return _replay(stored, fingerprint)
            again = retry.decide_again(store, game_id, state, refusal, cached=cached)
            if again is None or attempt == matches.ATTEMPTS - 1:
                raise
            state, cached = again, False
    raise AssertionError("unreachable")


class Decided(NamedTuple):
    """A command's decision, not yet recorded: what to append, and what to answer."""

    events: list[Event]
    extra: list[Envelope]
    after: AnyGameState
    at: datetime
    result: TurnResult
    remember_match: Callable[[], None]


Continuing = Callable[
    [GameStore, GameSecrets, AnyGameState], tuple[list[Envelope], Callable[[], None]]
]


def decide(  # noqa: PLR0917 (one flow, in order)
    store: GameStore,
    game_id: UUID,
    seat: int,
    state: AnyGameState,
    command: Command,
    stream: UUID | None,
    fingerprint: str,
    continuing: Continuing | None = None,
) -> Decided:
    """Run `command` on `state`: its events, with what they entail, and the answer.

    A game of a match that ends records the match's score and the next deal with it
    (`continuing`, by default `matches.continue_after`); an Idempotency-Key records the
    answer with it.
    """
    continuing = continuing or matches.continue_after
    game_secrets = store.secrets(game_id)
    events = command(state)
    after = fold(events, state)
    revealed = game_kinds.reveal(after, _seed(game_secrets))
    if revealed:
        events += revealed
        after = fold(revealed, after)
    extra, remember_match = continuing(store, game_secrets, after)
    at = clock.now()
    result = TurnResult(
        version=after.version,
        events=_records(state.version, events, seat, after.over),
        view=clock.timed(
            game_kinds.view(after, seat), clock.turn_deadline(game_secrets, after, at)
        ),
        next_game=_next_game(extra, game_secrets),
    )
    if stream is not None:
        answer = StoredAnswer(
            request_sha256=fingerprint,
            status=200,
            body=_encoder.encode(result).decode("utf-8"),
            version=after.version,
        )
        extra.append(Envelope(stream, 1, answer))
    return Decided(events, extra, after, at, result, remember_match)


def _decide_and_append(  # noqa: PLR0917 (one call site, in order)
    store: GameStore,
    game_id: UUID,
    seat: int,
    state: AnyGameState,
    command: Command,
    stream: UUID | None,
    fingerprint: str,
) -> Answer:
    """Run `command` on `state` and record its events, with what they entail, at once."""
    decided = decide(store, game_id, seat, state, command, stream, fingerprint)
    store.append(game_id, state.version, decided.events, decided.extra, at=decided.at)
    return recorded(store, game_id, decided)


def recorded(store: GameStore, game_id: UUID, decided: Decided) -> Answer:
    """What a process keeps once a decision is stored: the states it led to, and its count."""
    store.remember(game_id, decided.after)
    decided.remember_match()
    store.metrics.turn_recorded(game_kinds.spec_of(decided.after).name)
    return Answer(decided.result)


def decide_and_append(
    store: GameStore, game_id: UUID, seat: int, state: AnyGameState, command: Command
) -> TurnResult:
    """A command the service decides for `seat` itself (a bot's turn, R33): recorded as a
    turn is, at the version `state` is at (VersionConflict when another write won)."""
    return _decide_and_append(store, game_id, seat, state, command, None, "").result


def server_seed_of(game_secrets: GameSecrets) -> bytes | None:
    """The game's server seed (secret until the game ends), if it was dealt from seeds."""
    return _seed(game_secrets)


def time_out_turn(store: GameStore, game_id: UUID, state: AnyGameState) -> TurnResult:
    """The turn clock's command (R19): the seat on turn in `state` gets its game's
    default turn (Penang's seat is dead by timeout; a draw game's or Gin's turn is played,
    R36, R51).

    Recorded as a turn is, with what it entails (the end, the match's score and next
    deal), at the version `state` is at: of two clocks, one write lands and the other
    gets VersionConflict (or StreamConflict). The caller has checked the deadline.
    """
    seat = state.turn
    if seat is None:
        raise AssertionError("a game that is over has no turn to time out")
    server_seed = _seed(store.secrets(game_id))

    def command(now: AnyGameState) -> list[Event]:
        return game_kinds.default_turn(now, seat, server_seed)

    return _decide_and_append(store, game_id, seat, state, command, None, "").result


def _next_game(written: Sequence[Envelope], game_secrets: GameSecrets) -> UUID | None:
    """The game of the match dealt by this write, if any: the one announced last."""
    dealt = [
        UUID(envelope.event.game_id)
        for envelope in written
        if isinstance(envelope.event, MatchGameStarted)
    ]
    return dealt[-1] if dealt and game_secrets.match_id is not None else None


def _authorized(
    store: GameStore, game_id: UUID, seat: int, authorization: str | None
) -> AnyGameState:
    game_secrets = store.secrets(game_id)
    state = store.state(game_id)
    auth.check_seat(state, seat)
    auth.authorize(game_secrets, authorization, seat)
    return state


def _replay(stored: StoredAnswer, fingerprint: str) -> Answer:
    if stored.request_sha256 != fingerprint:
        raise IdempotencyKeyReused("this Idempotency-Key was first sent with a different request")
    return Answer(_turn_decoder.decode(stored.body), replayed=True)


def _seed(game_secrets: GameSecrets) -> bytes | None:
    seed = game_secrets.server_seed
    return None if seed is None else bytes.fromhex(seed)


def _records(
    after: int, events: Sequence[Event], viewer: int | None, over: bool
) -> tuple[EventRecord, ...]:
    return tuple(
        EventRecord(version=after + i, event=game_kinds.view_event(event, viewer, over))
        for i, event in enumerate(events, start=1)
    )
