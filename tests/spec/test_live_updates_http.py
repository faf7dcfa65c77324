"""features/penang/live_updates.feature, run over HTTP against a running server.

A stream stays open while its game runs, and the TestClient reads a whole response
before it answers, so the server runs in a thread of the test (uvicorn, over a
temporary SQLite file, explicit decks allowed) and the steps read the streams with
httpx (`streams` fixture, `tests/spec/live.py`). The game's commands and reads go
through the same `HttpDriver` as test_rules_http.py. Only this module binds the file:
the rules engine alone (the domain driver) does not stream.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from api.live_support import LiveServer
from pytest_bdd import scenarios

from service.settings import Settings

from .drivers import Driver
from .http_driver import HttpDriver
from .live import Streams
from .rule_ids import HTTP_TAG

SCENARIO_TAG = HTTP_TAG


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("live-updates") / "games.sqlite"
    with LiveServer(Settings(sqlite_path=str(path), allow_deck=True)) as server:
        yield server


@pytest.fixture
def http_driver(live_server: LiveServer) -> Iterator[HttpDriver]:
    with httpx.Client(base_url=live_server.base, timeout=30) as client:
        yield HttpDriver(client)  # type: ignore[arg-type] (an httpx client, as the TestClient is)


@pytest.fixture
def driver(http_driver: HttpDriver) -> Driver:
    return http_driver


@pytest.fixture
def streams(live_server: LiveServer, http_driver: HttpDriver) -> Iterator[Streams]:
    opened = Streams(live_server.base, http_driver)
    yield opened
    opened.close()


scenarios("penang/live_updates.feature")
