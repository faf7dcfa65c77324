"""Rummy 500's score of a hand (F7, R68): each seat's cards on the table count for it,
its cards left in hand against it.

Every card a seat melded or laid off this hand scores for that seat, wherever it lies on
the table: ace 15, but 1 at the low end of a run (A-2-3), 2–10 their face value, J Q K 10
(F7, R68). Every card left in a hand when the hand ends counts against its holder, an ace
15. A hand's score may be negative. The hand ends when a seat goes out (F6), when the
stock runs out (F8, R69), when nobody can ever go out (R30) or when every person has
left (R45), and is scored the same way each time; the seats with the hand's best score
are its winners.
"""

from __future__ import annotations

from typing import Literal

from domain.cards import LOW_ACE, Card, texts
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState
from domain.melds import TableMeld
from domain.rummy500.rules import LOW_ACE_POINTS, Rummy500Rules

Reason = Literal["out", "blocked", "abandoned", "stock"]


def tabled_points(state: DrawState, rules: Rummy500Rules) -> tuple[int, ...]:
    """Each seat's points on the table: the cards it melded or laid off (F7).

    A state rebuilt from a seat's view (a bot's window, `domain.drawgame.bots.window`)
    knows the melds' owners but not who laid off each card: there the meld's owner
    stands in, for a score the bot's rules check never records."""
    owner = {card: seat for seat, cards in enumerate(state.tabled) for card in cards}
    points = [0] * state.seats
    for meld in state.table:
        for index, card in enumerate(meld.cards):
            points[owner.get(card, meld.owner)] += _on_table(meld, index, card, rules)
    return tuple(points)


def _on_table(meld: TableMeld, index: int, card: Card, rules: Rummy500Rules) -> int:
    """What `card`, the `index`-th of `meld`, scores: a low ace in a run 1 (R68)."""
    if meld.kind == "run" and card.rank == 1 and meld.low + index == LOW_ACE:
        return LOW_ACE_POINTS
    return rules.card_points(card)


def hand_score(
    state: DrawState, rules: Rummy500Rules, went_out: int | None, reason: Reason
) -> HandEnded:
    """The end of the hand in `state`: each seat's points, on the table less in hand (F7)."""
    on_table = tabled_points(state, rules)
    points = tuple(
        on_table[seat] - sum(rules.card_points(card) for card in state.hands[seat])
        for seat in range(state.seats)
    )
    best = max(points)
    return HandEnded(
        went_out=went_out,
        deadwood=tuple(texts(hand) for hand in state.hands),
        points=points,
        winners=tuple(seat for seat, score in enumerate(points) if score == best),
        reason=reason,
    )
