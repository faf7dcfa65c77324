"""Where the contract and the domain's map speak of the games, they name every game of the
registry (`domain.games.GAMES`): a game registered is named with no list to update."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import domain
from domain.games import GAMES, MOVES, VIEWS

ROOT = Path(__file__).resolve().parents[2]


def _descriptions(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield value
            else:
                yield from _descriptions(value)
    elif isinstance(node, list):
        for item in node:
            yield from _descriptions(item)


def _contract_descriptions(start: str) -> list[str]:
    contract = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    found = [text for text in _descriptions(contract) if text.startswith(start)]
    assert found, f"no description of the contract begins {start!r}"
    return found


def test_the_contract_states_every_games_view_and_moves_with_its_games() -> None:
    for text in _contract_descriptions("The game as the caller may see it"):
        for name in VIEWS:
            assert f"`{name}`" in text, text
    for text in _contract_descriptions("The seat's legal moves"):
        for name in MOVES:
            assert f"`{name}`" in text, text
    for spec in GAMES.values():
        for text in _contract_descriptions("The game as the caller may see it"):
            assert spec.title in text, text


def test_the_contract_states_the_seats_of_every_game() -> None:
    (text,) = set(_contract_descriptions("The players in seat order (clockwise):"))
    for spec in GAMES.values():
        assert spec.title in text and spec.rules_type.SEATS_RULE in text, text


def test_the_domains_map_names_every_games_package() -> None:
    layout = domain.__doc__ or ""
    for spec in GAMES.values():
        package = spec.rules_type.__module__.split(".")[1]
        assert f"domain/{package}/" in layout and spec.title in layout, spec.title
