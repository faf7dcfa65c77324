"""Three Thirteen's score: each hand's deadwood, the one that went out 0 (T9, R27).

When the last turn is over, every hand but the one that went out is arranged into the
melds that leave the least deadwood (`domain.three13.deadwood`, exact), and scores its
deadwood: ace 1, 2–10 their face value, J Q K 10, wild cards at their face value (T9).
The seat that went out scores 0, with the melds it declared. The hand's winners are its
lowest scores, equal ones sharing (R27); the lowest total after eleven hands wins the
game (T11, `domain.three13.hands`).
"""

from __future__ import annotations

from domain.cards import texts
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState
from domain.three13.deadwood import Arrangement, best_arrangement
from domain.three13.rules import ThirteenRules, wild_rank


def hand_ended(state: DrawState, rules: ThirteenRules) -> HandEnded:
    """The end of the hand, once every last turn is taken."""
    arrangements = [
        Arrangement(melds=state.declared, deadwood=(), points=0)
        if seat == state.went_out
        else best_arrangement(hand, wild_rank(state.number), rules.card_points)
        for seat, hand in enumerate(state.hands)
    ]
    points = tuple(arrangement.points for arrangement in arrangements)
    return HandEnded(
        went_out=state.went_out,
        deadwood=tuple(texts(a.deadwood) for a in arrangements),
        points=points,
        winners=tuple(seat for seat, total in enumerate(points) if total == min(points)),
        melds=tuple(tuple(texts(meld) for meld in a.melds) for a in arrangements),
    )
