"""features/players/ratings.feature, run over HTTP (the service in process, its operator
key set): the games stored as the service stores them, the ratings read from
`GET /players/{id}/ratings`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from service.app import create_app
from service.settings import Settings

from .ratings_driver import OPERATOR_KEY, HttpRatings, RatingsDriver


@pytest.fixture
def ratings(tmp_path: Path) -> Iterator[RatingsDriver]:
    settings = Settings(sqlite_path=str(tmp_path / "ratings.sqlite"), operator_key=OPERATOR_KEY)
    with TestClient(create_app(settings)) as client:
        yield HttpRatings(client)


scenarios("players/ratings.feature")
