"""A stored game of any game of the engine, folded by its own game's rules.

A game stream begins with its game's deal: Penang Rummy's `Dealt`, or a draw game's
`HandDealt` (basic Rummy and Three Thirteen, `domain.drawgame`). The fold of each game
is its own (`domain.penang.state.fold`, `domain.drawgame.state.fold`); `fold_game` picks it
from the state folded so far, or from the first event of a new stream.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.drawgame.events import HandDealt
from domain.drawgame.state import DrawState
from domain.drawgame.state import fold as fold_draw
from domain.events import Event
from domain.penang.state import GameState
from domain.penang.state import fold as fold_penang

#: The folded state of a game of any game of the engine.
AnyGameState = GameState | DrawState


def fold_game(events: Iterable[Event], state: AnyGameState | None = None) -> AnyGameState:
    """The state after `events`, from `state` (or from the start), by its game's fold."""
    events = list(events)
    if isinstance(state, DrawState):
        return fold_draw(events, state)
    if isinstance(state, GameState):
        return fold_penang(events, state)
    if events and isinstance(events[0], HandDealt):
        return fold_draw(events, None)
    return fold_penang(events, None)
