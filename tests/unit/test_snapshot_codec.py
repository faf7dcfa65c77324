"""A finished game's snapshot decodes to its fold, of its class, through the text twin
(`service.store.snapshot_codec`); one holding a card's text no card has, or rules of no
draw game, decodes to nothing (the game is then folded from its events)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games import GAMES
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store.game_folds import fold_game
from service.store.snapshot_codec import FORMATS, SnapshotCodec


def _finished(game: str) -> Any:
    players = min(4, GAMES[game].players.stop - 1)
    options = SimulationOptions(
        games=1, players=players, bots=("greedy", "random"), seed=f"codec-{game}", game=game
    )
    state = fold_game(play_game(plan_game(options, 1)))
    assert state.over
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_snapshot_decodes_to_its_fold_of_its_class(game: str) -> None:
    state = _finished(game)
    codec = SnapshotCodec()
    form, data = codec.encode(state)
    assert form == FORMATS[type(state)]
    found = codec.decode(form, data)
    assert type(found) is type(state) and found == state
    assert hash(found) == hash(state)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_snapshot_with_an_unknown_card_decodes_to_nothing(game: str) -> None:
    state = _finished(game)
    codec = SnapshotCodec()
    form, data = codec.encode(state)
    stored = msgspec.msgpack.decode(data)
    seat = next(i for i, hand in enumerate(stored["hands"]) if hand)
    stored["hands"][seat][0] = "1Z"
    assert codec.decode(form, msgspec.msgpack.encode(stored)) is None


def test_a_snapshot_with_rules_of_no_draw_game_decodes_to_nothing() -> None:
    state = _finished("three-thirteen")
    codec = SnapshotCodec()
    form, data = codec.encode(state)
    stored = msgspec.msgpack.decode(data)
    stored["rules"]["game"] = "penang"
    assert codec.decode(form, msgspec.msgpack.encode(stored)) is None
