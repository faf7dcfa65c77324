"""Rummy 500's score of a hand (F7, R68) and its ends: going out (F6), the stock run out
(F8, R69), a blocked or abandoned hand (R30, R45), each scored the same way.

Positions are dealt from stacked decks: seat 1 plays first (seat 0 deals), the upcard
is 9C unless said, and `stock` lists the stock's top cards.
"""

from __future__ import annotations

import pytest

from domain.drawgame.events import HandEnded
from domain.errors import InvalidRules
from domain.rummy500.rules import Rummy500Rules
from domain.rummy500.scoring import tabled_points
from domain.rummy500.table import play

from ..draw_support import draw, lay, meld, throw
from .support import after500, hand500


def test_each_seat_scores_its_cards_on_the_table_less_its_hand_f7() -> None:
    state = hand500({1: "AH 2H 3H 9S 8D", 0: "2C 10D 7S AS JH"}, stock="4H 5D 5H")
    state = after500(state, 1, draw(), meld("AH 2H 3H 4H"), throw("9S"))
    state = after500(state, 0, draw(), throw("5D"))
    events = play(state, 1, (draw(), lay(0, "5H"), throw("8D")))
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    # R68: the low ace of A-2-3 scores 1: 1+2+3+4+5 for seat 1; seat 0 holds 2+10+7+15+10.
    assert ended.points == (-44, 15)
    assert (ended.went_out, ended.winners, ended.reason) == (1, (1,), "out")


def test_a_lay_off_scores_for_the_seat_that_laid_it_off_and_a_high_ace_15_f7_r68() -> None:
    state = hand500({1: "QH KH AH 8S 8D", 0: "JH 10D 7S 2C 9D"}, stock="4H 5D 6C 7C")
    state = after500(state, 1, draw(), meld("QH KH AH"), throw("4H"))
    state = after500(state, 0, draw(), lay(0, "JH"), throw("5D"))
    assert [[card.text for card in cards] for cards in state.tabled] == [
        ["JH"],
        ["QH", "KH", "AH"],
    ]
    # The jack lies in seat 1's meld but scores for seat 0; the ace of Q-K-A scores 15.
    assert tabled_points(state, Rummy500Rules()) == (10, 35)


def test_a_hand_may_score_below_nothing_f7() -> None:
    state = hand500({1: "3H 4H 5H 6H", 0: "KS KD QC 2C"}, stock="7H")
    ended = play(state, 1, (draw(), meld("3H 4H 5H 6H 7H")))[-1]
    assert isinstance(ended, HandEnded)
    assert ended.points == (-32, 25)


def test_the_turn_that_leaves_the_stock_empty_ends_the_hand_scored_f8_r69() -> None:
    rules = Rummy500Rules(cards_per_player=25)
    state = hand500(
        {
            1: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            0: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KH",
        },
        upcard="KC",
        stock="AC",
        rules=rules,
    )
    assert len(state.stock) == 1
    events = play(state, 1, (draw(), meld("AS 2S 3S"), throw("AC")))
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.went_out) == ("stock", None)
    # Seat 1 melded A-2-3 (1+2+3) and holds 4S-KS (79) and AH-QH (89); seat 0 holds
    # AD-KD (99), 2C-QC (74) and KH (10).
    assert ended.points == (-183, 6 - 168)
    assert ended.winners == (1,)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_f1_r65(players: int) -> None:
    with pytest.raises(InvalidRules) as raised:
        Rummy500Rules().validate(players)
    assert raised.value.rule == "F1"


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 7), (4, 7)])
def test_thirteen_cards_for_two_seven_for_more_f2(players: int, size: int) -> None:
    assert Rummy500Rules().hand_size_for(players) == size
