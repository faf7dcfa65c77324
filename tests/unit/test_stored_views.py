"""A view stored before views named their game (an Idempotency-Key's answer) reads back
as the view it was, its game named by its rules version (`game_kinds.as_view`)."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.games import GAMES
from service.usecases.game_kinds import as_view


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_stored_without_its_game_reads_back_naming_it(name: str) -> None:
    game = GAMES[name]
    rules = game.rules_type()
    seats = game.players.start
    deck = list(game.deck(rules, seats))
    random.Random(3).shuffle(deck)
    state = game.fold(game.deal(("a", "b", "c")[:seats], deck, rules, 0, proof=None, number=1))
    view = game.view(state, 0, False)
    stored = msgspec.json.decode(msgspec.json.encode(view))
    assert stored.pop("game") == name
    assert as_view(stored) == view
