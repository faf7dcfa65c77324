"""Hollywood scoring: a match of Gin Rummy scored as three games at once (G18, R53–R55).

A seat's first hand won scores in the first column, its second in the first and the
second, its third and later in all three: each win enters every open column the
winner has scored in already, and the first open column it has not (R53: a seat that
never scored in a column that ended enters the next column open instead, so a seat
shut out of the first column starts in the second). Each column ends when a seat
reaches the target in it (100 unless the match names another) and is then scored as
a single game of G17: the game bonus (100) to its winner, the box bonus (25) to each
seat for each hand it scored in that column (two for a deal whose box doubles, R59),
and, where the loser scored nothing in it, the shutout the match's rules name (G21,
R54, R60: by default the winner's score in it doubled). The match ends when every
column is over; each seat's final score is the sum of its columns' (R55).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from domain.columns import ScoreColumn
from domain.gin.match import BOX_BONUS, GAME_BONUS, TARGET, ShutoutRule, boxes_of, settle

#: G18: the scoring's name in a match's options, and its number of columns.
HOLLYWOOD: Final = "hollywood"
COLUMNS: Final = 3


def hollywood_columns(
    hands: Iterable[tuple[int, int]],
    *,
    target: int = TARGET,
    game_bonus: int = GAME_BONUS,
    box_bonus: int = BOX_BONUS,
    shutout: ShutoutRule = "difference",
    boxes: Sequence[Sequence[int]] = (),
) -> tuple[ScoreColumn, ...]:
    """G18: the three columns after the hands' points (each seat's, as `GinHandEnded.points`)
    in order, each hand's boxes as `boxes` gives them (by hand; a hand without, one for
    its scorer); a hand after every column ended is refused (ValueError)."""
    points = [[0, 0] for _ in range(COLUMNS)]
    won = [[0, 0] for _ in range(COLUMNS)]
    boxed = [[0, 0] for _ in range(COLUMNS)]
    entered: list[set[int]] = [set(), set()]
    winners: list[int | None] = [None] * COLUMNS
    for number, hand in enumerate(hands):
        if all(winner is not None for winner in winners):
            raise ValueError("every column reached the target: no hand follows")
        counted = boxes_of(hand, boxes[number] if number < len(boxes) else ())
        for seat in (0, 1):
            if hand[seat] <= 0:
                continue  # G12: only the winner of a hand scores; a drawn hand, nobody
            for column in _entered_by(entered[seat], winners):
                points[column][seat] += hand[seat]
                won[column][seat] += 1
                boxed[column][seat] += counted[seat]
                entered[seat].add(column)
        for column in range(COLUMNS):
            if winners[column] is None and max(points[column]) >= target:
                winners[column] = 0 if points[column][0] > points[column][1] else 1
    return tuple(
        _column(
            number,
            points=points[number],
            won=won[number],
            boxes=boxed[number],
            winner=winners[number],
            game_bonus=game_bonus,
            box_bonus=box_bonus,
            shutout=shutout,
        )
        for number in range(COLUMNS)
    )


def _entered_by(entered: set[int], winners: Sequence[int | None]) -> list[int]:
    """R53: the open columns a seat's win scores in: those it scored in before, and the
    first open one it has not."""
    open_columns = [column for column in range(COLUMNS) if winners[column] is None]
    scored = [column for column in open_columns if column in entered]
    first_new = next((column for column in open_columns if column not in entered), None)
    return scored if first_new is None else [*scored, first_new]


def _column(
    index: int,
    *,
    points: list[int],
    won: list[int],
    boxes: list[int],
    winner: int | None,
    game_bonus: int,
    box_bonus: int,
    shutout: ShutoutRule,
) -> ScoreColumn:
    shown_points, shown_won = (points[0], points[1]), (won[0], won[1])
    if winner is None:
        return ScoreColumn(
            number=index + 1,
            points=shown_points,
            hands_won=shown_won,
            over=False,
            bonuses=(0, 0),
            final=shown_points,
        )
    bonuses, final, shut = settle(
        points, boxes, winner, game_bonus=game_bonus, box_bonus=box_bonus, shutout=shutout
    )
    return ScoreColumn(
        number=index + 1,
        points=shown_points,
        hands_won=shown_won,
        over=True,
        winner=winner,
        bonuses=bonuses,
        shutout=shut,  # R54, R60: the loser scored nothing in this column
        final=final,
    )
