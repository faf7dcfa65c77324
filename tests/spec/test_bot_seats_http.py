"""features/<game>/bot_seats.feature: seats the service plays with its bots (R33, R34,
R35), over HTTP only.

The rules engine alone plays no seat for anyone: a bot's turn is the service's, played
by its background task (`service.usecases.bot_turns`) with no request, so the domain
driver has nothing to run these scenarios against. One app in process, over a temporary
SQLite file (explicit decks allowed, the bots' think time 0 as in every test's
settings), serves the module; the steps (`steps/bots.py`) wait for the bots by reading
the table, and re-seal an altered record with the app's own key.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from service.app import create_app
from service.settings import Settings

from .drivers import Driver
from .http_driver import HttpDriver
from .rule_ids import BOT_SEATS, HTTP_TAG

SCENARIO_TAG = HTTP_TAG


@pytest.fixture(scope="module")
def bot_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    path = tmp_path_factory.mktemp("bot-seats") / "games.sqlite"
    settings = Settings(sqlite_path=str(path), allow_deck=True, bot_think_ms=0)
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture
def driver(bot_service: TestClient[Any]) -> Driver:
    return HttpDriver(bot_service)  # type: ignore[arg-type] (a TestClient is an httpx client)


scenarios(*BOT_SEATS)
