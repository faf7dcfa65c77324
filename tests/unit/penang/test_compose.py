"""A Penang turn chosen one action at a time (P11): each step checked as the whole turn
would check it, the turn not ended, nothing recorded."""

from __future__ import annotations

import pytest

from domain.commands import LayOffAction, MeldAction
from domain.errors import CardNotInHand, NotYourTurn
from domain.penang.commands import SwapAction
from domain.penang.game import compose_turn, play_turn
from domain.penang.moves import legal_moves
from domain.penang.spec import PENANG

from ..support import meld, position, run

# Table: 0 = 4H 5H 6H, 1 = 8S 8H JK(8), 2 = 9C JK(10C) JC.
TABLE = (run("H", 4, 3), meld("8S 8H JK"), run("C", 9, 3, jokers_at=(10,)))
HAND = "3H 7H 8C 10C 5S 6S 7S JK 2D"


def test_nothing_chosen_is_no_turn_yet_and_lists_the_moves_now() -> None:
    state = position(HAND, TABLE)
    composed = compose_turn(state, 0, [])
    assert composed.complete is False  # P10: a turn holds at least one meld or lay-off
    assert composed.state == state


def test_each_step_is_the_position_after_it_and_what_may_follow() -> None:
    # P11: a meld, then a lay-off, then another, in one turn.
    state = position(HAND, TABLE)
    chosen = [MeldAction(cards=("5S", "6S", "7S")), LayOffAction(meld=0, card="3H")]
    composed = compose_turn(state, 0, chosen)
    assert composed.complete and not composed.ends_turn and not composed.send_first
    assert composed.state.turn == 0  # the turn is not ended
    assert len(composed.state.hands[0]) == len(state.hands[0]) - 4
    follow = legal_moves(composed.state, 0)
    assert LayOffAction(meld=0, card="7H", end="high") in follow.lay_offs
    # The turn sent whole is the turn composed.
    sent = play_turn(state, 0, [*chosen, LayOffAction(meld=0, card="7H", end="high")])
    assert len(sent) == 4  # three actions and the end of the turn


def test_a_swap_alone_is_chosen_but_not_yet_a_turn() -> None:
    composed = compose_turn(position(HAND, TABLE), 0, [SwapAction(meld=2, card="10C")])
    assert composed.complete is False  # P24: a swap alone is no turn


def test_a_step_is_refused_as_the_turn_would_be() -> None:
    state = position(HAND, TABLE)
    with pytest.raises(CardNotInHand) as refused:
        compose_turn(state, 0, [MeldAction(cards=("5S", "6S", "7S"))] * 2)
    assert refused.value.rule == "P13" and refused.value.action_index == 1
    with pytest.raises(NotYourTurn):
        compose_turn(state, 1, [MeldAction(cards=("5S", "6S", "7S"))])


def test_the_last_cards_melded_end_the_turn() -> None:
    composed = compose_turn(position("5S 6S 7S", TABLE), 0, [MeldAction(cards=("5S", "6S", "7S"))])
    assert composed.ends_turn and composed.complete  # P31: Game


def test_the_spec_composes_through_compose_turn() -> None:
    state = position(HAND, TABLE)
    chosen = [MeldAction(cards=("5S", "6S", "7S"))]
    assert PENANG.compose(state, 0, chosen) == compose_turn(state, 0, chosen)
