"""Ratings (U11, U12, R70-R74): features/players/ratings.feature.

The steps reach the ratings only through the `ratings` fixture (`ratings_driver`),
which test_ratings_domain.py and test_ratings_http.py provide.
"""

from __future__ import annotations

import itertools

from openskill.models import PlackettLuce
from pytest_bdd import given, parsers, then, when

from domain.ratings.model import PROVISIONAL_GAMES

from ..ratings_driver import RatingsDriver

#: Handles in a sentence: `Alice and Bobby`, `Alice, Bobby and Carol`, `Alice and a name`
#: (a seat held by a name alone, no player's).
_SEATS = r"(?P<seats>\w+(?:, \w+)* and (?:a name|\w+))"


def _seated(seats: str) -> list[str | None]:
    names = seats.replace(" and ", ", ").split(", ")
    return [None if name == "a name" else name for name in names]


@given(parsers.parse('"{handle}" is a registered player'))
def registered(ratings: RatingsDriver, handle: str) -> None:
    ratings.register(handle)


@when(
    parsers.re(
        _SEATS + r" finish (?:a game|(?P<count>\d+) games) of (?P<game>[\w-]+) that "
        r"(?:(?P<winner>\w+) wins?|ends (?P<abandoned>abandoned))"
    )
)
def finish(
    ratings: RatingsDriver,
    seats: str,
    *,
    count: str | None,
    game: str,
    winner: str | None,
    abandoned: str | None,
) -> None:
    seated = _seated(seats)
    for _ in range(int(count or 1)):
        ratings.finish(game, seated, None if abandoned else seated.index(winner))


@then(parsers.re(r"(?P<handle>\w+) has (?P<count>\d+) rated games? of (?P<game>[\w-]+)"))
def rated_games(ratings: RatingsDriver, handle: str, count: str, game: str) -> None:
    rating = ratings.rating(handle, game)
    assert rating is not None and rating.games == int(count), rating
    assert len(ratings.history(handle, game)) == int(count)


@then(parsers.re(r"(?P<handle>\w+) has no rating of (?P<game>[\w-]+)"))
def no_rating(ratings: RatingsDriver, handle: str, game: str) -> None:
    assert ratings.rating(handle, game) is None
    assert ratings.history(handle, game) == []


@then(
    parsers.re(
        r"(?P<first>\w+) placed first in his last game of (?P<game>[\w-]+), and "
        r"(?P<second>\w+) and (?P<third>\w+) second"
    )
)
def placed(ratings: RatingsDriver, first: str, game: str, second: str, third: str) -> None:
    assert ratings.history(first, game)[-1].place == 0
    assert ratings.history(second, game)[-1].place == 1
    assert ratings.history(third, game)[-1].place == 1


@then(parsers.re(r"(?P<one>\w+)'s and (?P<other>\w+)'s ratings of (?P<game>[\w-]+) are equal"))
def equal(ratings: RatingsDriver, one: str, other: str, game: str) -> None:
    assert ratings.rating(one, game) == ratings.rating(other, game)


@then(parsers.re(r"(?P<up>\w+)'s rating of (?P<game>[\w-]+) rose and (?P<down>\w+)'s fell"))
def rose_and_fell(ratings: RatingsDriver, up: str, game: str, down: str) -> None:
    (rose,) = ratings.history(up, game)
    (fell,) = ratings.history(down, game)
    assert rose.after.mu > rose.before.mu
    assert fell.after.mu < fell.before.mu


@then(
    parsers.re(
        r"(?P<handle>\w+)'s rating of (?P<game>[\w-]+) is openskill's Plackett-Luce rating "
        r"of a new player who beat another"
    )
)
def openskills(ratings: RatingsDriver, handle: str, game: str) -> None:
    model = PlackettLuce()
    (winner,), _ = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    rating = ratings.rating(handle, game)
    assert rating is not None
    assert (rating.mu, rating.sigma, rating.games) == (winner.mu, winner.sigma, 1)


@then(
    parsers.re(
        r"(?P<handle>\w+)'s shown rating of (?P<game>[\w-]+) is mu - 3 sigma, above "
        r"(?P<other>\w+)'s"
    )
)
def shown(ratings: RatingsDriver, handle: str, game: str, other: str) -> None:
    mine, theirs = ratings.rating(handle, game), ratings.rating(other, game)
    assert mine is not None and theirs is not None
    assert mine.ordinal == mine.mu - 3 * mine.sigma
    assert mine.ordinal > theirs.ordinal


@then(parsers.re(r"(?P<handle>\w+)'s rating of (?P<game>[\w-]+) is (?P<no>not )?provisional"))
def provisional(ratings: RatingsDriver, handle: str, game: str, no: str | None) -> None:
    rating = ratings.rating(handle, game)
    assert rating is not None
    assert rating.provisional == (no is None)
    assert (rating.games < PROVISIONAL_GAMES) == (no is None)


@then(
    parsers.re(
        r"(?P<handle>\w+)'s history of (?P<game>[\w-]+) holds (?P<count>\d+) games, each "
        r"from the rating the one before left"
    )
)
def history(ratings: RatingsDriver, handle: str, game: str, count: str) -> None:
    changes = ratings.history(handle, game)
    assert len(changes) == int(count)
    assert changes[0].before.games == 0
    for before, after in itertools.pairwise(changes):
        assert (after.before.mu, after.before.sigma) == (before.after.mu, before.after.sigma)
    assert changes[-1].after == ratings.rating(handle, game)
