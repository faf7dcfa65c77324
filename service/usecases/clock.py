"""The turn clock's deadlines (R19): when the seat on turn must have played.

A game created with `turn_seconds` (`POST /games`, or every game of a match) gives
each turn that many seconds from the moment it began: the stored time of the event
that began it, which is the game's latest event (the deal, the end of the last turn,
or a dead declaration). The engine knows no clock; the views get the deadline here,
for the game now (never for a past version), and the live updates get it from
`deadline`. Timing out is `service.usecases.timeouts`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID

import msgspec

from domain.game import Game
from service.errors import TurnTimedOut
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.store.game_folds import AnyGameState
from service.usecases.game_kinds import AnyView


def now() -> datetime:
    """The service's time: aware, in UTC (the time stored with every event)."""
    return datetime.now(UTC)


def deadline(store: GameStore, game_id: UUID) -> datetime | None:
    """When the game's current turn runs out; None without a clock, or once it is over."""
    return deadline_of(store, game_id, store.state(game_id))


def deadline_of(store: GameStore, game_id: UUID, state: AnyGameState) -> datetime | None:
    """The deadline of the turn `state` (the game's current state) is at."""
    return deadline_given(store, game_id, store.secrets(game_id), state)


def deadline_given(
    store: GameStore, game_id: UUID, game_secrets: GameSecrets, state: AnyGameState
) -> datetime | None:
    """`deadline_of`, with the game's secrets read already (one read per request)."""
    seconds = game_secrets.turn_seconds
    if seconds is None or state.over or state.turn is None:
        return None
    return store.turn_began(game_id, state.version) + timedelta(seconds=seconds)


def turn_deadline(
    game_secrets: GameSecrets, state: AnyGameState, began: datetime
) -> datetime | None:
    """The deadline of the turn that begins at `began` with `state` (a write not yet stored)."""
    seconds = game_secrets.turn_seconds
    if seconds is None or state.over or state.turn is None:
        return None
    return began + timedelta(seconds=seconds)


def timed(view: AnyView, turn_deadline: datetime | None) -> AnyView:
    """`view` showing the turn's deadline."""
    if turn_deadline is None:
        return view
    return msgspec.structs.replace(view, turn_deadline=turn_deadline)


def check_in_time(
    store: GameStore,
    game_id: UUID,
    game_secrets: GameSecrets,
    spec: Game,
    state: AnyGameState,
) -> None:
    """Refuse a command of the seat on turn once its time has run out (R19).

    The clock records the timeout (`service.usecases.timeouts`); a command that comes
    after the deadline but before it does is refused, not recorded: the deadline the
    views show is the one that holds.
    """
    due = deadline_given(store, game_id, game_secrets, state)
    if due is not None and now() >= due:
        raise TurnTimedOut(state.turn, due, spec.timeout_outcome)


def check_not_late(
    store: GameStore, game_id: UUID, spec: Game, state: AnyGameState, seat: int
) -> None:
    """Refuse a command of `seat` whose last turn the clock has ended, and which has not
    played since (R19, R36): the late turn, whatever version it names, is answered as
    before the timeout was written (`turn-timed-out`), not as out of turn or dead."""
    version: int | None = spec.timed_out(state, seat)
    if version is not None:
        recorded = store.turn_began(game_id, version)
        raise TurnTimedOut(seat, recorded, spec.timeout_outcome, recorded=True)
