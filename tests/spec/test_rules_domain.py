"""The rules spec (each game's folder of features/) run against the rules engine in process."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

from .drivers import DomainDriver, Driver
from .rule_ids import RULE_AREAS


@pytest.fixture
def driver() -> Driver:
    return DomainDriver()


scenarios(*RULE_AREAS)
