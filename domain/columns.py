"""A match scored in several columns at once: each column a game of its own (G18).

A game whose match keeps more than one score at a time (Gin's Hollywood scoring, G18)
reports each column as a `ScoreColumn`: its points, the hands each seat scored in it,
whether it is over and who won it, its bonuses and each seat's final score in it. The
match records the columns (`domain.match.events.MatchEnded.columns`) and shows them
(`domain.match.views`); it asks the game's spec for them (`Game.match_columns`)
and knows nothing of how a game fills them.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class ScoreColumn(msgspec.Struct, frozen=True, kw_only=True):
    """One column of a match's score: a game of its own, scored beside the others."""

    #: Its number, from 1.
    number: int
    #: Each seat's points in it.
    points: tuple[int, ...]
    #: The hands each seat scored in it.
    hands_won: tuple[int, ...]
    #: Whether a seat reached the target in it.
    over: bool
    #: The seat that reached the target in it, once over.
    winner: int | None = None
    #: What each seat adds in it once over: the game bonus and the box bonuses.
    bonuses: tuple[int, ...]
    #: Whether the loser scored nothing in it (the winner's score in it is doubled).
    shutout: bool = False
    #: Each seat's final score in it: its points and bonuses (doubled for a shutout)
    #: once over; its points while it runs.
    final: tuple[int, ...]


def columns_final(columns: Sequence[ScoreColumn]) -> tuple[int, ...]:
    """Each seat's final score over every column: the sum of its columns' finals."""
    return tuple(sum(seat) for seat in zip(*(column.final for column in columns), strict=True))


def all_over(columns: Sequence[ScoreColumn]) -> bool:
    """Whether a match scored in these columns has reached its target in every one."""
    return bool(columns) and all(column.over for column in columns)
