"""A seat's window on the game: what a bot may know, as a state the rules can judge (P5).

A bot decides from its seat's view (`domain.penang.views.view_game(state, seat)`, or the
service's `getSeatView`): its own hand, the table, every seat's hand size, passport and
dead flags, whose turn it is, and the rules. `seat_state` turns that view back into a
`PenangState`, so that the rules' own functions (`legal_moves`, `play_turn`) list and judge
the bot's candidate turns, and a bot can never think a turn legal that the engine
refuses. The cards the seat may not see are not in that state: the other hands are
empty there, and so are the undealt cards. Nothing a bot reads depends on them:
`legal_moves(state, seat)` reads only the seat's hand and the table, and `within_turn`
keeps only the events of the seat's own actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import msgspec

from domain.bots.window import seen
from domain.penang.commands import Action
from domain.penang.fold import fold
from domain.penang.game import play_turn
from domain.penang.state import PenangState
from domain.penang.views import PenangView


def own_turn(view: PenangView) -> tuple[PenangState, int]:
    """The game as the seat of `view` sees it, and that seat, whose turn it must be."""
    if view.viewer is None or view.turn != view.viewer:
        raise ValueError(f"a bot plays its own seat's turn: this is seat {view.turn}'s")
    return seat_state(view), view.viewer


def seat_state(view: PenangView) -> PenangState:
    """The game as the seat of `view` sees it; hidden cards are simply absent."""
    if view.viewer is None or view.hand is None:
        raise ValueError("a bot plays from a seat's view, which holds the seat's own hand")
    hands, table = seen(view.viewer, view.hand, [other.seat for other in view.seats], view.table)
    return PenangState(
        rules=view.rules,
        rules_version=view.rules_version,
        players=tuple(other.name for other in view.seats),
        dealer=view.dealer,
        hands=hands,
        undealt=(),
        table=table,
        passport=tuple(other.passport for other in view.seats),
        dead=tuple(other.dead for other in view.seats),
        turn=view.turn,
        version=view.version,
    )


def within_turn(state: PenangState, seat: int, actions: Sequence[Action]) -> PenangState:
    """The state after `actions` of `seat`'s turn, the turn not yet ended (D8).

    The engine judges them (`play_turn`), so an illegal action raises its rule
    violation here; `state` may itself be part-way through the turn.
    """
    # Only the actions' own events are kept: what follows the turn's end is not asked
    # for, so the engine is spared its dead declarations there (D6).
    quick = replace(state, rules=msgspec.structs.replace(state.rules, auto_dead=False))
    events = play_turn(quick, seat, actions)
    return fold(events[: len(actions)], state)


def next_turn(state: PenangState) -> PenangState:
    """`state` as it will stand when its seat's next turn begins, if nobody else moved."""
    return replace(state, acted=False, swapped_jokers=0)
