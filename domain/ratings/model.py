"""The rating model (R72) and when a rating is provisional (R74).

openskill's Weng-Lin Bayesian rating with the Plackett-Luce model, at its defaults
(mu 25, sigma 25/3, beta 25/6, tau 25/300): it rates a free-for-all of two to five seats
with ties in one update, and needs no pairing of seats. A rating is a mean and an
uncertainty; the figure shown is openskill's ordinal, mu - 3 sigma, a conservative
estimate that starts at 0 and rises as games lower the uncertainty. The figures are
floats as openskill answers them; a rebuild applying the same results in the same order
gives the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import msgspec
from openskill.models import PlackettLuce

#: The model every rating is computed with (R72).
MODEL: Final = PlackettLuce()
#: A player's rating of a game is provisional until it has this many rated games (R74).
PROVISIONAL_GAMES: Final = 5
#: The model's name, as the service publishes it.
MODEL_NAME: Final = "openskill PlackettLuce (mu 25, sigma 25/3, beta 25/6, tau 25/300)"


class Rating(msgspec.Struct, frozen=True, kw_only=True):
    """A player's rating of one game: the model's mean and uncertainty, and its games."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The figure shown (R72): mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether the rating rests on fewer than `PROVISIONAL_GAMES` games (R74)."""
        return self.games < PROVISIONAL_GAMES


_NEW = MODEL.rating()
#: A player's rating of a game before its first rated game.
NEW: Final = Rating(mu=_NEW.mu, sigma=_NEW.sigma, games=0)


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> tuple[Rating, ...]:
    """The seats' ratings after a game they finished in places `ranks` (0 first)."""
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r in before]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return tuple(
        Rating(mu=team[0].mu, sigma=team[0].sigma, games=r.games + 1)
        for team, r in zip(after, before, strict=True)
    )
