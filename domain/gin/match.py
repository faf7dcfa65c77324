"""A match of Gin Rummy's hands, scored to a target (G17, G21).

Each hand's points go to its winner; the match ends after the hand in which a total
reaches the target (100). The winner of the match then adds the game bonus (100), and
each player a box bonus (25) for every hand it won (two for a deal whose box doubles,
G20, R59). A drawn hand counts for nobody. Where the loser scored nothing, the shutout
doubles what the match's rules name (G21, R60). This is the scoring; the match model
(`domain.match`) plays the hands, deals each by the winner of the last (R43), ends the
match at its `target` (100 unless given) and asks Gin's spec for the bonuses
(`domain.gin.spec.match_bonuses`, R46).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal

import msgspec

#: G17: the points a match is played to, the game bonus and the box bonus per hand won.
TARGET: Final = 100
GAME_BONUS: Final = 100
BOX_BONUS: Final = 25

#: G21, R60: what a shutout doubles (`domain.gin.rules.Shutout`), or None for nothing.
ShutoutRule = Literal["game_bonus", "hand_points", "difference"] | None
Pair = tuple[int, int]


class GinMatchScore(msgspec.Struct, frozen=True, kw_only=True):
    """The totals of the hands so far, and once over the winner and final scores."""

    points: tuple[int, int]
    hands_won: tuple[int, int]
    over: bool
    winner: int | None
    #: With the game and box bonuses (and the shutout's doubling), once over; the points
    #: so far while it runs.
    final: tuple[int, int]
    #: G21: the loser scored nothing, and the shutout doubled the winner's score's part.
    shutout: bool = False


def boxes_of(points: Pair, recorded: Sequence[int] = ()) -> Pair:
    """The boxes each seat counts for a hand: one for the seat that scored in it, or
    what the hand recorded (a doubled deal's two, R59)."""
    if recorded:
        return (recorded[0], recorded[1])
    return (int(points[0] > 0), int(points[1] > 0))


def settle(
    points: Sequence[int],
    boxes: Sequence[int],
    winner: int,
    *,
    game_bonus: int,
    box_bonus: int,
    shutout: ShutoutRule,
) -> tuple[Pair, Pair, bool]:
    """G17, G21: a finished game's bonuses (game and boxes, before any doubling) and
    final scores, and whether it is a shutout (the loser scored nothing) that doubles
    the part of the winner's score `shutout` names (R60)."""
    bonuses = [box_bonus * boxes[seat] + game_bonus * (seat == winner) for seat in (0, 1)]
    final = [points[seat] + bonuses[seat] for seat in (0, 1)]
    shut = shutout is not None and points[1 - winner] == 0
    if shutout == "game_bonus" and shut:
        final[winner] += game_bonus
    elif shutout == "hand_points" and shut:
        final[winner] += points[winner]
    elif shutout == "difference" and shut:
        final[winner] *= 2  # the loser's final score is 0: the difference is the winner's
    return (bonuses[0], bonuses[1]), (final[0], final[1]), shut


def match_score(
    hands: Iterable[Pair],
    *,
    target: int = TARGET,
    game_bonus: int = GAME_BONUS,
    box_bonus: int = BOX_BONUS,
    shutout: ShutoutRule = None,
    boxes: Sequence[Sequence[int]] = (),
) -> GinMatchScore:
    """G17: score the hands' points (each seat's, as `GinHandEnded.points`) in order,
    each hand's boxes as `boxes` gives them (by hand; a hand without, one for its
    scorer); hands after the one that reached the target are refused (ValueError)."""
    points, won, counted, over = [0, 0], [0, 0], [0, 0], False
    for number, hand in enumerate(hands):
        if over:
            raise ValueError("the match ended at the target: no hand follows")
        hand_boxes = boxes_of(hand, boxes[number] if number < len(boxes) else ())
        for seat in (0, 1):
            points[seat] += hand[seat]
            won[seat] += hand[seat] > 0
            counted[seat] += hand_boxes[seat]
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
    _, final, shut = settle(
        points, counted, winner, game_bonus=game_bonus, box_bonus=box_bonus, shutout=shutout
    )
    return GinMatchScore(
        points=(points[0], points[1]),
        hands_won=(won[0], won[1]),
        over=True,
        winner=winner,
        final=final,
        shutout=shut,
    )
