"""The contract's unions over every game (`domain.games`) hold what the registered games
declare, and every union of the contract across games is tagged (a discriminator), so
that two games' views or moves of one shape stay distinguishable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import msgspec

from domain.games import (
    CONTRACT_NAMES,
    DRAW_RULES_EXAMPLE,
    GAMES,
    MOVES,
    VIEWS,
    AnyAction,
    AnyDrawRules,
    AnyGameState,
    AnyMoves,
    AnyView,
    contract_name,
)
from service.usecases.match_view_forms import MATCH_VIEW_SHAPES

ROOT = Path(__file__).resolve().parents[2]


def test_the_state_union_is_every_games_state_type() -> None:
    assert set(get_args(AnyGameState)) == {spec.state_type for spec in GAMES.values()}


def test_the_view_union_is_every_games_view_types() -> None:
    declared = {view for spec in GAMES.values() for view in spec.view_types}
    assert set(get_args(AnyView)) == declared
    assert set(VIEWS) == {contract_name(view) for view in declared}


def test_the_moves_union_is_every_games_moves_type() -> None:
    declared = {spec.moves_type for spec in GAMES.values()}
    assert set(get_args(AnyMoves)) == declared
    assert set(MOVES) == {contract_name(moves) for moves in declared}


def test_the_action_union_holds_every_games_actions() -> None:
    def flat(kind: object) -> set[object]:
        inner = get_args(kind)
        return set().union(*(flat(arg) for arg in inner)) if inner else {kind}

    declared = {action for spec in GAMES.values() for action in spec.actions}
    assert flat(AnyAction) == declared


def test_the_contracts_draw_rules_example_is_a_draw_games_rule_options() -> None:
    # The example `CreateGame.draw_rules` and `CreateMatch.draw_rules` show is the
    # registry's: it reads as one of `AnyDrawRules`, and names a registered game.
    rules = msgspec.convert(DRAW_RULES_EXAMPLE, AnyDrawRules)
    assert DRAW_RULES_EXAMPLE["game"] in GAMES
    assert isinstance(rules, GAMES[str(DRAW_RULES_EXAMPLE["game"])].rules_type)


def _game_components() -> set[str]:
    """The contract's components that are one game's own, by name: its views, moves,
    actions, rule options and events as seen, and the shapes of a match's view."""
    kinds: set[object] = set()
    for spec in GAMES.values():
        kinds |= {*spec.view_types, spec.moves_type, *spec.actions, spec.rules_type}
        for union in spec.event_view_types:
            kinds |= set(get_args(union)) or {union}
    names = {CONTRACT_NAMES.get(kind, getattr(kind, "__name__", "")) for kind in kinds}  # type: ignore[call-overload]
    return names | {shape.__name__ for shape in MATCH_VIEW_SHAPES}


def _unions(node: object) -> list[dict[str, object]]:
    found = []
    if isinstance(node, dict):
        for key in ("oneOf", "anyOf"):
            members = node.get(key)
            if isinstance(members, list):
                refs = [m["$ref"] for m in members if isinstance(m, dict) and "$ref" in m]
                if len(refs) >= 2:
                    found.append(node)
        for value in node.values():
            found += _unions(value)
    elif isinstance(node, list):
        for value in node:
            found += _unions(value)
    return found


def untagged_game_unions(contract: dict[str, object]) -> list[list[str]]:
    """Each union of the contract across games' components that has no discriminator."""
    own = _game_components()
    untagged = []
    for node in _unions(contract):
        members = [
            str(m["$ref"]).rsplit("/", 1)[1]
            for key in ("oneOf", "anyOf")
            for m in node.get(key, []) or []  # type: ignore[attr-defined]
            if isinstance(m, dict) and "$ref" in m
        ]
        if len(set(members) & own) >= 2 and "discriminator" not in node:
            untagged.append(members)
    return untagged


def test_every_union_of_the_contract_across_games_is_tagged() -> None:
    contract = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    assert untagged_game_unions(contract) == []


def test_an_untagged_union_of_two_games_views_is_found() -> None:
    views = sorted({contract_name(view) for spec in GAMES.values() for view in spec.view_types})
    union = {"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in views]}
    assert untagged_game_unions({"paths": {"x": union}}) == [views]
    union["discriminator"] = {"propertyName": "game"}
    assert untagged_game_unions({"paths": {"x": union}}) == []


def test_a_game_that_renamed_its_types_keeps_their_contract_names() -> None:
    # A game whose types took its name keeps the names clients were generated with:
    # each kept name is a component, and the class's own name is none.
    contract = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    components = contract["components"]["schemas"]
    for kind, name in CONTRACT_NAMES.items():
        assert name in components and components[name]["title"] == name
        assert kind.__name__ not in components
