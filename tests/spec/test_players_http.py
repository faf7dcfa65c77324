"""features/players/players.feature, seats.feature and matches.feature, run over HTTP
(the service in process, its operator key set)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from service.app import create_app
from service.settings import Settings

from .players_driver import OPERATOR_KEY, HttpPlayers, PlayersDriver


@pytest.fixture
def players(tmp_path: Path) -> Iterator[PlayersDriver]:
    settings = Settings(sqlite_path=str(tmp_path / "players.sqlite"), operator_key=OPERATOR_KEY)
    with TestClient(create_app(settings)) as client:
        yield HttpPlayers(client)


scenarios("players/players.feature", "players/seats.feature", "players/matches.feature")
