"""Rummy 500's take from the discard pile (F3, F4, R66): its events, its refusals, its
legal moves, how a record reads it back and replays it, and how other games refuse it.

Seat 1 plays first (seat 0 deals); after the two opening turns the pile is 6H KS JC.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.drawgame.errors import TakenBack
from domain.drawgame.events import Drew
from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState
from domain.errors import CardNotInHand, NotInThisGame
from domain.games import GAMES, decode_actions
from domain.rummy500.bots import RUMMY500_BOTS
from domain.rummy500.codec import turn_actions
from domain.rummy500.commands import TakeAction
from domain.rummy500.moves import legal_moves
from domain.rummy500.rules import Rummy500Rules
from domain.rummy500.table import play, start_hand

from ..draw_support import draw, meld, stacked, throw
from .support import after500, hand500, take

HANDS = {1: "7H 8H KS 2D", 0: "3C 4D 9S JC"}


def _pile_of_three() -> DrawState:
    state = hand500(HANDS, upcard="6H", stock="5S 6S 10C")
    state = after500(state, 1, draw(), throw("KS"))
    return after500(state, 0, draw(), throw("JC"))


def test_a_take_draws_the_card_and_every_card_above_it_top_first_f4() -> None:
    state = _pile_of_three()
    events = play(state, 1, (take("6H"), meld("6H 7H 8H")))
    drawn = [event.card for event in events if isinstance(event, Drew)]
    assert drawn == ["JC", "KS", "6H"]
    after = fold(events, state)
    assert after.discards == ()
    assert sorted(card.text for card in after.hands[1]) == sorted(["2D", "5S", "KS", "JC"])


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param((take("6H"),), id="alone"),
        pytest.param((take("6H"), throw("2D")), id="then-a-discard"),
        pytest.param((take("KS"), meld("6H 7H 8H")), id="a-meld-without-it"),
    ],
)
def test_the_card_taken_must_be_played_by_the_next_action_f4_r66(actions: tuple[Any, ...]) -> None:
    with pytest.raises(TakenBack) as raised:
        play(_pile_of_three(), 1, actions)
    assert (raised.value.rule, raised.value.action_index) == ("F4", 0)


def test_only_a_card_of_the_pile_is_taken_f4() -> None:
    with pytest.raises(CardNotInHand) as raised:
        play(_pile_of_three(), 1, (take("9H"), meld("7H 8H 9H")))
    assert raised.value.rule == "F4"


def test_the_legal_moves_list_each_take_with_its_play_and_each_is_accepted_f4() -> None:
    state = _pile_of_three()
    moves = legal_moves(state, 1)
    assert moves.takes == (TakeAction(card="6H"),)
    taking = [c.actions for c in moves.commands if isinstance(c.actions[0], TakeAction)]
    assert taking == [(TakeAction(card="6H"), meld("6H 7H 8H"))]
    for command in moves.commands:
        play(state, 1, command.actions)


def test_a_recorded_take_reads_back_as_a_take_and_the_record_verifies_f4() -> None:
    state = _pile_of_three()
    events = play(state, 1, (take("6H"), meld("6H 7H 8H"), throw("2D")))
    assert turn_actions(events) == [take("6H"), meld("6H 7H 8H"), throw("2D")]
    one = play(state, 1, (draw("discard"), throw("2D")))
    assert turn_actions(one) == [draw("discard"), throw("2D")]
    deck = stacked(HANDS, 0, "6H", "5S 6S 10C")
    dealt = start_hand(["p0", "p1"], deck, Rummy500Rules(cards_per_player=4), 0)
    record = [*dealt]
    now = fold(dealt)
    for seat, actions in [
        (1, (draw(), throw("KS"))),
        (0, (draw(), throw("JC"))),
        (1, (take("6H"), meld("6H 7H 8H"), throw("2D"))),
    ]:
        new = play(now, seat, actions)
        record += new
        now = fold(new, now)
    verdict = GAMES["rummy500"].verify(record)
    assert verdict.valid, verdict


@pytest.mark.parametrize("name", ["rummy", "three-thirteen", "gin", "penang"])
def test_another_game_refuses_a_take_by_its_rule(name: str) -> None:
    spec = GAMES[name]
    with pytest.raises(NotInThisGame) as raised:
        decode_actions(spec, [{"type": "take", "card": "6H"}])
    assert raised.value.rule == spec.refusal("draw")
    assert raised.value.rule is not None


def test_the_greedy_bot_takes_from_deep_in_the_pile_where_it_pays_f4_f7() -> None:
    # 6H 7H 8H score 21 for the seat; KS and JC, taken with them, 20 against it.
    state = _pile_of_three()
    view = GAMES["rummy500"].view(state, 1, False)
    command = RUMMY500_BOTS["greedy"](view, "seed")
    assert command == (take("6H"), meld("6H 7H 8H"))
    play(state, 1, command)


def test_the_greedy_bot_draws_where_no_take_is_listed_f4() -> None:
    state = hand500({1: "7C 8D KS 2D", 0: "3C 4D 9S JC"}, upcard="6H", stock="5S 6S 10C")
    assert not legal_moves(state, 1).takes
    view = GAMES["rummy500"].view(state, 1, False)
    assert RUMMY500_BOTS["greedy"](view, "seed") == (draw(),)
