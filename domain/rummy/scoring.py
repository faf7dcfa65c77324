"""Basic Rummy's score: the winner takes the cards left in the other hands (B8–B10).

When a seat goes out, every card left in another hand counts to it: ace 1 (15 with
B10's option), 2–10 their face value, J Q K 10 (B8). A seat that went rummy, playing all
its cards in one turn with no meld or lay-off earlier in the hand, scores double (B9,
R23). The others score nothing for the hand (R24): the points are the winner's.

A hand can come to a stand nobody can ever go out of: every meld on the table is
complete (no card left in play extends it) and every hand is too small to meld (hands
never grow: each turn draws one card and discards one). It then ends at once, blocked,
with no winner and no points (R30).
"""

from __future__ import annotations

from typing import Literal

from domain.cards import HIGH_ACE, LOW_ACE, Card, texts
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState
from domain.melds import TableMeld, position_card
from domain.rummy.rules import RummyRules


def hand_ended(state: DrawState, rules: RummyRules, seat: int, *, rummy: bool) -> HandEnded:
    """The end of the hand that `seat` went out of (its hand is empty in `state`)."""
    won = sum(rules.card_points(card) for hand in state.hands for card in hand)
    points = tuple(
        (won * (2 if rummy else 1)) if other == seat else 0 for other in range(state.seats)
    )
    return HandEnded(
        went_out=seat,
        deadwood=tuple(texts(hand) for hand in state.hands),
        points=points,
        winners=(seat,),
        rummy=rummy,
    )


def blocked(state: DrawState, rules: RummyRules) -> bool:
    """Whether nobody can ever go out (R30), at the end of a turn."""
    # A hand of two can meld the card it draws and go out; with B7's option it needs
    # three, to meld three and discard one. A hand of one goes out only by a lay-off.
    smallest = 3 if rules.last_card_discard else 2
    if any(len(hand) >= smallest for hand in state.hands):
        return False
    tabled = {card for meld in state.table for card in meld.cards}
    return all(card in tabled for meld in state.table for card in _extensions(meld, rules))


def _extensions(meld: TableMeld, rules: RummyRules) -> list[Card]:
    """The cards that would extend `meld`: the rest of its rank, or its next cards."""
    if meld.kind == "set":
        return [Card.natural(meld.rank, suit) for suit in "SHDC"]
    top = HIGH_ACE if rules.ace_high else 13
    ends = [meld.low - 1, meld.high + 1]
    return [position_card(p, meld.suit) for p in ends if LOW_ACE <= p <= top]


def blocked_end(state: DrawState, reason: Literal["blocked", "abandoned"] = "blocked") -> HandEnded:
    """The end of a blocked hand: nobody went out, nobody scores (R30); an abandoned
    hand ends the same way, with its own reason (R45)."""
    return HandEnded(
        went_out=None,
        deadwood=tuple(texts(hand) for hand in state.hands),
        points=(0,) * state.seats,
        winners=(),
        reason=reason,
    )
