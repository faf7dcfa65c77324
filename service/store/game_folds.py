"""A stored game of any game of the engine, folded by its own game's rules.

A game stream begins with its game's deal (the spec's `deal_type`: Penang Rummy's
`Dealt`, a draw game's `HandDealt`). `fold_game` asks the registry for the game's spec,
from the state folded so far, or from the first event of a new stream, and folds with
its `fold`.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.events import Event
from domain.games import AnyGameState, spec_of_state, spec_starting

__all__ = ["AnyGameState", "fold_game"]


def fold_game(events: Iterable[Event], state: AnyGameState | None = None) -> AnyGameState:
    """The state after `events`, from `state` (or from the start), by its game's fold."""
    events = list(events)
    if state is not None:
        spec = spec_of_state(state)
    elif events:
        spec = spec_starting(events[0])
    else:
        raise ValueError("no events: a game begins with its deal")
    folded: AnyGameState = spec.fold(events, state)
    return folded
