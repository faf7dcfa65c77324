"""Gin Rummy's rules spec (features/gin/) run against the rules engine in process.

Its own binding, with its own steps (steps/gin.py), until the game is registered in
`domain.games`: the shared drivers (drivers.py, http_driver.py) reach a game through the
registry and the service, so features/gin/ joins RULE_AREAS, and runs over HTTP too,
with the registration.
"""

from __future__ import annotations

from pytest_bdd import scenarios

from .rule_ids import GIN_AREAS

scenarios(*GIN_AREAS)
