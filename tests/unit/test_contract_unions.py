"""The contract's unions over every game (`domain.games`) hold what the registered specs
declare: a type checker cannot build them from the registry, so this test keeps the two
equal, and a new game that registers a spec but is left out of a union fails here."""

from __future__ import annotations

from typing import get_args

import msgspec

from domain.games import (
    DRAW_RULES_EXAMPLE,
    GAMES,
    MOVES,
    VIEWS,
    AnyAction,
    AnyDrawRules,
    AnyGameState,
    AnyMoves,
    AnyView,
)


def test_the_state_union_is_every_games_state_type() -> None:
    assert set(get_args(AnyGameState)) == {spec.state_type for spec in GAMES.values()}


def test_the_view_union_is_every_games_view_types() -> None:
    declared = {view for spec in GAMES.values() for view in spec.view_types}
    assert set(get_args(AnyView)) == declared
    assert set(VIEWS) == {view.__name__ for view in declared}


def test_the_moves_union_is_every_games_moves_type() -> None:
    declared = {spec.moves_type for spec in GAMES.values()}
    assert set(get_args(AnyMoves)) == declared
    assert set(MOVES) == {moves.__name__ for moves in declared}


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
