"""Results applied in order: the ratings table and each player's history (R71, R72).

Each result is applied once, in the order given (the store's log of finished games):
every seat's rating of the game before it, rated by `model.rate`, becomes its rating.
`derive` folds a sequence of results from nothing, as a rebuild and an offline check do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import msgspec

from domain.ratings.model import NEW, Rating, rate
from domain.ratings.results import Result

#: A rating's key: the game's name and the player's id.
Key = tuple[str, str]


class Applied(msgspec.Struct, frozen=True, kw_only=True):
    """A result as applied: where it stood in the order, and each seat's rating before
    and after it."""

    position: int
    result: Result
    before: tuple[Rating, ...]
    after: tuple[Rating, ...]


def apply(position: int, result: Result, rating_of: Callable[[Key], Rating | None]) -> Applied:
    """`result` applied to the ratings `rating_of` answers (None: a new player)."""
    before = tuple(rating_of((result.game, p)) or NEW for p in result.players)
    return Applied(
        position=position, result=result, before=before, after=rate(before, result.ranks)
    )


def ratings_after(applied: Applied) -> dict[Key, Rating]:
    """The ratings `applied` leaves its players with."""
    result = applied.result
    return {
        (result.game, player): rating
        for player, rating in zip(result.players, applied.after, strict=True)
    }


def derive(results: Iterable[tuple[int, Result]]) -> tuple[dict[Key, Rating], list[Applied]]:
    """Every rating after `results` (position, result) applied in order from none, and
    the results as applied."""
    table: dict[Key, Rating] = {}
    history: list[Applied] = []
    for position, result in results:
        applied = apply(position, result, table.get)
        table.update(ratings_after(applied))
        history.append(applied)
    return table, history


def differences(
    derived: Mapping[Key, Rating], published: Mapping[Key, Rating], tolerance: float = 1e-9
) -> list[str]:
    """Where a published table differs from one derived: each rating missing, extra or
    other than derived, in words."""
    found: list[str] = []
    for key in sorted(derived.keys() | published.keys()):
        game, player = key
        mine, theirs = derived.get(key), published.get(key)
        if theirs is None:
            found.append(f"{game}: player {player} is rated by the records but not published")
        elif mine is None:
            found.append(f"{game}: player {player} is published but rated by no record")
        elif mine.games != theirs.games or not (
            abs(mine.mu - theirs.mu) <= tolerance and abs(mine.sigma - theirs.sigma) <= tolerance
        ):
            found.append(
                f"{game}: player {player} is published at mu {theirs.mu!r}, sigma "
                f"{theirs.sigma!r} after {theirs.games} games; the records give mu "
                f"{mine.mu!r}, sigma {mine.sigma!r} after {mine.games} games"
            )
    return found
