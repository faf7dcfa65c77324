"""features/penang/access.feature, run over HTTP (the service in process).

The token a seat's command carries is the service's, not the rules engine's: only this
module binds the file, with the same `HttpDriver` as test_rules_http.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from service.app import create_app
from service.settings import Settings

from .drivers import Driver
from .http_driver import HttpDriver
from .rule_ids import HTTP_TAG

SCENARIO_TAG = HTTP_TAG


@pytest.fixture(scope="module")
def access_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[object]]:
    path = tmp_path_factory.mktemp("access") / "games.sqlite"
    with TestClient(create_app(Settings(sqlite_path=str(path), allow_deck=True))) as client:
        yield client


@pytest.fixture
def driver(access_service: TestClient[object]) -> Driver:
    return HttpDriver(access_service)


scenarios("penang/access.feature")
