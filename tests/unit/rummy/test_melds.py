"""Basic Rummy's melds and lay-offs, table by table (B1, B5, B6, B10, R25).

Positions are dealt from stacked decks (draw_support.py): seat 1 plays first (seat 0
deals), the upcard is 9C unless said, and `stock` lists the stock's top cards.
"""

from __future__ import annotations

import pytest

from domain.cards import Card
from domain.commands import MeldAction
from domain.errors import (
    CannotLayOff,
    NotAMeld,
    NotInThisGame,
)
from domain.events import LaidOff, Melded
from domain.layoffs import lay_off_as
from domain.meld_terms import MeldTerms
from domain.melds import read_meld_as
from domain.rummy.game import play
from domain.rummy.rules import ACE_HIGH_TERMS, ACE_LOW_TERMS, RummyRules

from ..draw_support import after, draw, lay, meld, rummy_hand, texts, throw
from ..support import cards

# --- melds and lay-offs (B5, B6, B10, R25) ---------------------------------------------

MELDS = {1: "AH 2H 3H QS KS AS 2S 8C 8D 8S", 0: "5C 6C 7C 9D 10D JD QD KD 4S 2D"}


@pytest.mark.parametrize(
    ("cards", "ace_high", "kind", "stands_for"),
    [
        pytest.param("8C 8D 8S", False, "set", "8 8 8", id="B5-three-of-a-kind"),
        pytest.param("8C 8D 8S 8H", False, "set", "8 8 8 8", id="B5-four-of-a-kind"),
        pytest.param("AH 2H 3H", False, "run", "AH 2H 3H", id="B5-ace-low"),
        pytest.param("QS KS AS", True, "run", "QS KS AS", id="B10-ace-high"),
    ],
)
def test_melds_on_the_table(cards: str, ace_high: bool, kind: str, stands_for: str) -> None:
    state = rummy_hand(MELDS, stock="8H", rules=RummyRules(ace_high=ace_high))
    events = play(state, 1, [draw(), meld(cards)])
    melded = events[1]
    assert isinstance(melded, Melded)
    assert (melded.kind, " ".join(melded.stands_for)) == (kind, stands_for)


@pytest.mark.parametrize(
    ("cards", "ace_high", "rule"),
    [
        pytest.param("QS KS AS", False, "B5", id="B5-no-Q-K-A"),
        pytest.param("KS AS 2S", False, "B5", id="B5-no-K-A-2"),
        pytest.param("KS AS 2S", True, "B10", id="B10-no-wrap"),
        pytest.param("8C 8D", False, "B5", id="B5-two-cards"),
        pytest.param("8C 8D 2S", False, "B5", id="B5-neither"),
    ],
)
def test_cards_that_make_no_meld(cards: str, ace_high: bool, rule: str) -> None:
    state = rummy_hand(MELDS, stock="8H", rules=RummyRules(ace_high=ace_high))
    with pytest.raises(NotAMeld) as raised:
        play(state, 1, [draw(), meld(cards)])
    assert raised.value.rule == rule


@pytest.mark.parametrize("terms", [ACE_LOW_TERMS, ACE_HIGH_TERMS], ids=["ace-low", "ace-high"])
@pytest.mark.parametrize("hand", ["7H 7C 7S 7D 7H", "7H 7C 7S 7D 7H 7C"])
def test_B5_a_group_is_three_or_four_of_a_kind_not_five(terms: MeldTerms, hand: str) -> None:
    # One pack holds no fifth 7: play never reaches this, but the meld check says B5 itself.
    with pytest.raises(NotAMeld) as raised:
        read_meld_as(cards(hand), (), terms)
    assert raised.value.rule == "B5"
    assert "at most 4" in raised.value.message


def test_B5_a_group_of_four_takes_no_fifth_card() -> None:
    four = read_meld_as(cards("7H 7C 7S 7D"), (), ACE_LOW_TERMS).placed(0, 1)
    with pytest.raises(CannotLayOff) as raised:
        lay_off_as(four, Card("7H"), None, ACE_LOW_TERMS, jokers_lay_off=False)
    assert raised.value.rule == "B5"


def test_B1_no_joker_to_name() -> None:
    state = after(rummy_hand(MELDS, stock="8H"), 1, draw())
    with pytest.raises(NotInThisGame) as raised:
        play(state, 1, [MeldAction(cards=("8C", "8D", "JK"), jokers=("8",))])
    assert raised.value.rule == "B1"


@pytest.mark.parametrize(
    ("table", "hand", "card", "run"),
    [
        pytest.param("8H 9H 10H", "7H JH 2S 4D QS", "7H", "7H 8H 9H 10H", id="B6-Nora-7"),
        pytest.param("8H 9H 10H", "7H JH 2S 4D QS", "JH", "8H 9H 10H JH", id="B6-Nora-jack"),
        pytest.param("3C 4C 5C", "6C 7C 2S 4D QS", "6C", "3C 4C 5C 6C", id="B6-Mark-6"),
        pytest.param("8C 8D 8S", "8H 2S 4D 6C QS", "8H", "8C 8D 8S 8H", id="B6-Tom-and-Dana"),
    ],
)
def test_B6_the_seeds_lay_offs(table: str, hand: str, card: str, run: str) -> None:
    state = rummy_hand({1: table + " 3D KD", 0: hand}, stock="JD 5S")
    state = after(state, 1, draw(), meld(table), throw("KD"))
    events = play(state, 0, [draw(), lay(0, card)])
    laid = events[1]
    assert isinstance(laid, LaidOff)
    state = after(state, 0, draw(), lay(0, card))
    assert texts(state.table[0].cards) == run


def test_B6_a_run_takes_cards_at_its_ends_only() -> None:
    state = rummy_hand({1: "3C 4C 5C 3D KD", 0: "6C 7C 2S 4D QS"}, stock="JD 5S")
    state = after(state, 1, draw(), meld("3C 4C 5C"), throw("KD"))
    with pytest.raises(CannotLayOff) as raised:
        play(state, 0, [draw(), lay(0, "7C")])
    assert raised.value.rule == "B6"


@pytest.mark.parametrize(("ace_high", "rule"), [(False, "B5"), (True, None)])
def test_R25_an_ace_above_the_king(ace_high: bool, rule: str | None) -> None:
    state = rummy_hand(
        {1: "JC QC KC AC 3D", 0: "2S 4D 6C QS 9S"}, stock="JD", rules=RummyRules(ace_high=ace_high)
    )
    actions = [draw(), meld("JC QC KC"), lay(0, "AC")]
    if rule is None:
        assert isinstance(play(state, 1, actions)[2], LaidOff)
        return
    with pytest.raises(CannotLayOff) as raised:
        play(state, 1, actions)
    assert raised.value.rule == rule


def test_R25_with_a_high_ace_an_ace_on_2_to_K_goes_low() -> None:
    hand = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    state = rummy_hand({1: hand, 0: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"},
                       stock="AH", rules=RummyRules(ace_high=True))  # fmt: skip
    events = play(state, 1, [draw(), meld(hand.removesuffix(" AD")), lay(0, "AD")])
    assert isinstance(events[2], LaidOff) and events[2].end == "low"
