"""features/players/ratings.feature, run on the rules engine (`domain.ratings`)."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

from .ratings_driver import DomainRatings, RatingsDriver


@pytest.fixture
def ratings() -> RatingsDriver:
    return DomainRatings()


scenarios("players/ratings.feature")
