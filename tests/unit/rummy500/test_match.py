"""A match of Rummy 500 (F8, R69): played to 500, the highest total winning, and its rule
options told apart from basic Rummy's by their type, though they subclass them."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import InvalidRules
from domain.games import GAMES, AnyDrawRules, spec_of_state
from domain.match.draw_options import DrawMatchOptions
from domain.rummy.rules import RummyRules
from domain.rummy500.rules import Rummy500Rules

from .support import hand500


def test_a_match_is_played_to_500_the_highest_winning_f8() -> None:
    options = DrawMatchOptions(rules=Rummy500Rules(), target=500)
    assert options.game == "rummy500"
    assert options.highest_wins
    assert Rummy500Rules.MATCH_TARGET == 500
    with pytest.raises(InvalidRules) as raised:
        DrawMatchOptions(rules=Rummy500Rules(), games=3).validate(3)
    assert raised.value.rule == "F8"


def test_its_rules_are_read_as_its_own_not_basic_rummys() -> None:
    rules = msgspec.json.decode(b'{"game": "rummy500"}', type=AnyDrawRules)
    assert type(rules) is Rummy500Rules
    assert type(msgspec.json.decode(b'{"game": "rummy"}', type=AnyDrawRules)) is RummyRules
    assert DrawMatchOptions(rules=RummyRules()).game == "rummy"
    state = hand500({1: "3H 4H 5H", 0: "2C 4D 7S"})
    assert spec_of_state(state) is GAMES["rummy500"]
