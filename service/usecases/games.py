"""The service layer: each use case is load, one domain call, append, the caller's view.

No rule is decided here. The domain deals, judges turns and dead declarations, and
decides what each viewer may see (`domain.views`); this module finds the game,
draws the deck order from seeds (`domain.fair`) and records what the domain
returned, atomically. The caller's token is checked before, on what the use case is
then given (`service.api.guards`: a seat's `SeatRead`, a command's `Loaded`). Game
records (export, import) are the use cases of `service.usecases.records`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple
from uuid import UUID

import msgspec

from domain.events import Event
from domain.game import Game
from domain.games import END_TYPES
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.store.game_folds import AnyGameState
from service.usecases import clock, game_kinds, pipeline, pipeline_steps
from service.usecases.game_kinds import AnyAction, AnyView
from service.usecases.idempotency import fingerprint
from service.usecases.messages import (
    ComposedTurn,
    EventRecord,
    EventsPage,
    MovesView,
    TurnResult,
)
from service.usecases.pipeline_steps import Answer, Command, Loaded

__all__ = ["Answer", "Command", "Loaded"]
_encoder = msgspec.json.Encoder()


def spectator_view(store: GameStore, game_id: UUID, version: int | None = None) -> AnyView:
    """The game now, or at `version`, as a spectator may see it."""
    state, now = _at(store, game_id, version)
    view = game_kinds.view(state, None, over=now.over)
    return _timed(store, game_id, store.secrets(game_id), state, now, view)


class SeatRead(NamedTuple):
    """A seat's read of its game now, for the bearer of its token: the secrets and the
    state the token was checked against (`seat_read`)."""

    secrets: GameSecrets
    state: AnyGameState


def seat_read(store: GameStore, game_id: UUID) -> SeatRead:
    """The game's secrets and its state now, read once for a seat's view or moves."""
    game_secrets = store.secrets(game_id)
    return SeatRead(game_secrets, store.state(game_id))


def seat_view(
    store: GameStore,
    game_id: UUID,
    seat: int,
    read: SeatRead,
    version: int | None = None,
) -> AnyView:
    """The game now, or at `version`, as `seat` may see it.

    The game and its secrets were read once (`read`): the state the seat's token was
    checked against is the one shown (and timed); an earlier version is folded from
    the events alone.
    """
    game_secrets, now = read
    state = now if version is None else store.state_at(game_id, version, now)[0]
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


def moves(read: SeatRead, seat: int) -> MovesView:
    """The seat's legal moves in the state its token was checked against."""
    state = read.state
    return MovesView(version=state.version, moves=game_kinds.legal_moves(state, seat))


def compose(read: SeatRead, seat: int, actions: Sequence[AnyAction]) -> ComposedTurn:
    """The seat's turn as chosen so far (`actions`), checked by its game on the state its
    token was checked against, and recorded nowhere: the view and moves after it."""
    state = read.state
    spec = game_kinds.spec_of(state)
    composed = game_kinds.compose(spec, state, seat, actions)
    after = composed.state
    # A composition that ends the turn may end the hand, whose view shows every hand (and
    # the stock): what the seat would see only once it sent it. Nothing may follow such a
    # composition, so the view stays the position's before it (R28).
    shown = state if composed.ends_turn else after
    return ComposedTurn(
        version=state.version,
        complete=composed.complete,
        ends_turn=composed.ends_turn,
        send_first=composed.send_first,
        view=game_kinds.view(shown, seat, spec=spec),
        moves=game_kinds.legal_moves(after, seat),
    )


def events_page(store: GameStore, game_id: UUID, viewer: int | None, since: int) -> EventsPage:
    """The events after `since`, as `viewer`, the token's seat (None: a spectator), may
    see them."""
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
    loaded: Loaded,
    if_match: int | None,
    key: str | None,
    actions: Sequence[AnyAction],
) -> Answer:
    """Play one whole turn (D8), or a draw game's command (R22), as its game decides,
    on what was `loaded` for the seat's token."""
    return pipeline.run(store, turn(game_id, seat, actions, if_match, key), loaded)


def turn(
    game_id: UUID,
    seat: int,
    actions: Sequence[AnyAction],
    if_match: int | None = None,
    key: str | None = None,
) -> Command:
    """The command of a turn: `actions` played by `seat`, as the game decides."""

    def decision(spec: Game, state: AnyGameState, seed: bytes | None) -> list[Event]:
        return game_kinds.play(spec, state, seat, actions, seed)

    fingerprinted = "" if key is None else _fingerprint("submitTurn", seat, tuple(actions))
    return Command(game_id, seat, decision, if_match, key, fingerprinted)


def dead(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    loaded: Loaded,
    if_match: int | None,
    key: str | None,
) -> Answer:
    """Declare the seat dead (P29, D6): Penang's; the draw games refuse it (B3, T4)."""
    return pipeline.run(store, dead_command(game_id, seat, if_match, key), loaded)


def dead_command(
    game_id: UUID, seat: int, if_match: int | None = None, key: str | None = None
) -> Command:
    """The command of a dead declaration of `seat`."""

    def decision(spec: Game, state: AnyGameState, seed: bytes | None) -> list[Event]:
        return game_kinds.declare_dead(spec, state, seat)

    fingerprinted = "" if key is None else fingerprint("declareDead", seat, b"")
    return Command(game_id, seat, decision, if_match, key, fingerprinted)


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

    def decision(spec: Game, now: AnyGameState, seed: bytes | None) -> list[Event]:
        return game_kinds.default_turn(spec, now, seat, seed)

    return pipeline.run_as_service(store, Command(game_id, seat, decision), state)


def _fingerprint(operation: str, seat: int, actions: tuple[AnyAction, ...]) -> str:
    return fingerprint(operation, seat, _encoder.encode(actions))


def _records(
    after: int, events: Sequence[Event], viewer: int | None, over: bool
) -> tuple[EventRecord, ...]:
    return pipeline_steps.records(after, events, viewer, over)
