"""A seat's window on a hand of Gin Rummy: what a bot may know, as a state the rules judge.

A Gin bot decides from its seat's view (`domain.gin.views.GinView`: its own hand, the
discard pile and its upcard, the stock's size, the card it took from the pile, who passed
the first upcard, the draws from the pile so far, the melds and lay-offs laid after a
knock; R49). `gin_seat_state` turns that view back into a `GinState` so that the game's own
`legal_actions` lists the bot's candidates: a bot never thinks an action legal that the
engine refuses. The cards the seat may not see are absent: the other hand and the stock
are empty there. What the rules list for the seat on turn reads only its own hand, the
pile, the melds and lay-offs on the table and the phase's flags (G3–G13), never the
other hand or the stock's cards.
"""

from __future__ import annotations

from domain.cards import Card, parse_cards
from domain.gin.state import GinState
from domain.gin.views import GinView


def own_gin_turn(view: GinView) -> tuple[GinState, int]:
    """The hand as the seat of `view` sees it, and that seat, whose turn it must be."""
    if view.viewer is None or view.turn != view.viewer or view.hand is None or view.over:
        raise ValueError(f"a bot plays its own seat's turn: this is seat {view.turn}'s")
    return gin_seat_state(view), view.viewer


def gin_seat_state(view: GinView) -> GinState:
    """The hand as the seat of `view` sees it; hidden cards are simply absent."""
    if view.viewer is None or view.hand is None:
        raise ValueError("a bot plays from a seat's view, which holds the seat's own hand")
    hands = tuple(
        parse_cards(view.hand) if seat == view.viewer else () for seat in range(len(view.seats))
    )
    melds = tuple(tuple(parse_cards(meld) for meld in seat.melds) for seat in view.seats)
    return GinState(
        rules=view.rules,
        rules_version=view.rules_version,
        players=tuple(seat.name for seat in view.seats),
        dealer=view.dealer,
        hands=hands,
        stock=(),
        discards=parse_cards(view.discards),
        knock_limit=view.knock_limit,
        turn=view.turn,
        phase=view.phase,
        passed=(view.passed[0], view.passed[1]),
        taken=None if view.taken is None else Card(view.taken),
        repeated=view.repeated,
        upcard_draws=view.upcard_draws,
        knocker=view.knocker,
        big_gin=view.big_gin,
        doubled=view.doubled,
        melds=melds,
        layoffs=parse_cards(view.layoffs),
        ended=view.result,
        version=view.version,
    )
