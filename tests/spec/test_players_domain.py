"""features/players/players.feature, run on the rules engine (`domain.players`)."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

from .players_driver import DomainPlayers, PlayersDriver


@pytest.fixture
def players() -> PlayersDriver:
    return DomainPlayers()


scenarios("players/players.feature")
