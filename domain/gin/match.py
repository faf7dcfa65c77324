"""A match of Gin Rummy's hands, scored to a target (G17).

Each hand's points go to its winner; the match ends after the hand in which a total
reaches the target (100). The winner of the match then adds the game bonus (100), and
each player a box bonus (25) for every hand it won. A drawn hand counts for nobody. This
is the scoring; the match model (`domain.match`) plays the hands, deals each by the
winner of the last (R43), ends the match at its `target` (100 unless given) and asks
Gin's spec for the bonuses (`domain.gin.spec.match_bonuses`, R46).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

#: G17: the points a match is played to, the game bonus and the box bonus per hand won.
TARGET: Final = 100
GAME_BONUS: Final = 100
BOX_BONUS: Final = 25


class GinMatchScore(msgspec.Struct, frozen=True, kw_only=True):
    """The totals of the hands so far, and once over the winner and final scores."""

    points: tuple[int, int]
    hands_won: tuple[int, int]
    over: bool
    winner: int | None
    #: With the game and box bonuses, once over; the points so far while it runs.
    final: tuple[int, int]


def match_score(
    hands: Iterable[tuple[int, int]],
    *,
    target: int = TARGET,
    game_bonus: int = GAME_BONUS,
    box_bonus: int = BOX_BONUS,
) -> GinMatchScore:
    """G17: score the hands' points (each seat's, as `GinHandEnded.points`) in order;
    hands after the one that reached the target are refused (ValueError)."""
    points, won, over = [0, 0], [0, 0], False
    for hand in hands:
        if over:
            raise ValueError("the match ended at the target: no hand follows")
        for seat in (0, 1):
            points[seat] += hand[seat]
            won[seat] += hand[seat] > 0
        over = max(points) >= target
    if not over:
        return GinMatchScore(
            points=(points[0], points[1]),
            hands_won=(won[0], won[1]),
            over=False,
            winner=None,
            final=(points[0], points[1]),
        )
    winner = 0 if points[0] > points[1] else 1
    final = [points[seat] + box_bonus * won[seat] for seat in (0, 1)]
    final[winner] += game_bonus
    return GinMatchScore(
        points=(points[0], points[1]),
        hands_won=(won[0], won[1]),
        over=True,
        winner=winner,
        final=(final[0], final[1]),
    )
