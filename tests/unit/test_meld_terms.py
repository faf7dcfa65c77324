"""Runs and sets with the ace rule and the wild cards as parameters (`domain.meld_terms`).

Penang reads its melds with `PENANG_TERMS` (tests/unit/penang/test_melds.py pins every result
and rule id it always had); these tables read the same cards under other terms: an ace
low only (basic Rummy's B5, Three Thirteen's T5), an ace low or high (B10), a natural
wild rank with all-wild melds and no stand-ins to name (T3, T6), each naming its rules.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.cards import Card
from domain.errors import AmbiguousJoker, CannotLayOff, NotAMeld
from domain.layoffs import lay_off_as, open_ends
from domain.meld_terms import MeldTerms
from domain.melds import read_meld_as
from domain.penang.melds import PENANG_TERMS, read_meld
from domain.penang.rules import PenangRules
from domain.rummy.rules import ACE_HIGH_TERMS, ACE_LOW_TERMS

from .support import cards, run

#: Basic Rummy's melds: ace low only, no wild card, four of a kind at most, its B ids
#: (B5, B6); B10's option: the ace high or low, never wrapping.
ACE_LOW, ACE_HIGH = ACE_LOW_TERMS, ACE_HIGH_TERMS
#: Three Thirteen's first hand: threes wild, all-wild melds allowed, ace low (T3, T5, T6).
THREES_WILD = MeldTerms(
    high_ace=False,
    wild_rank=3,
    all_wild=True,
    name_wilds=False,
    wild_word="wild card",
    meld_rule="T5",
    run_rule="T5",
    wrap_rule="T5",
    length_rule="T5",
    natural_rule="T6",
    extend_rule="T7",
)


def test_penang_terms_are_the_defaults_and_read_as_penang_always_did() -> None:
    assert MeldTerms() == PENANG_TERMS
    for text in ("QH KH AH", "5H JK 7H", "8S 8H JK"):
        assert read_meld_as(cards(text), (), PENANG_TERMS) == read_meld(
            cards(text), (), PenangRules()
        )


@pytest.mark.parametrize(
    ("hand", "terms", "kind", "stands_for"),
    [
        pytest.param("AH 2H 3H", ACE_LOW, "run", "AH 2H 3H", id="B5-ace-low"),
        pytest.param("JH QH KH", ACE_LOW, "run", "JH QH KH", id="B1-king-high"),
        pytest.param("8S 8H 8D 8C", ACE_LOW, "set", "8 8 8 8", id="B5-four-of-a-kind"),
        pytest.param("QH KH AH", ACE_HIGH, "run", "QH KH AH", id="B10-ace-high"),
        pytest.param("AH 2H 3H", ACE_HIGH, "run", "AH 2H 3H", id="B10-still-low"),
        pytest.param("2H 3S 4H", THREES_WILD, "run", "2H 3H 4H", id="T6-wild-fills-a-gap"),
        pytest.param("7H 7S 3D", THREES_WILD, "set", "7 7 7", id="T6-wild-in-a-set"),
        pytest.param("3H 3S 3D", THREES_WILD, "set", "3 3 3", id="T6-all-wild"),
        pytest.param("3H 3S 3D 3C", THREES_WILD, "set", "3 3 3 3", id="T6-all-wild-four"),
        # Where a wild card could stand for several cards, the lowest run is taken: the
        # meld stays in the hand (T7), so what the wild card stands for changes nothing.
        pytest.param("5H 6H 3C", THREES_WILD, "run", "4H 5H 6H", id="T6-no-name-lowest"),
        pytest.param("9C 3S 3D 3H", THREES_WILD, "run", "6C 7C 8C 9C", id="T6-any-number-of-wilds"),
        pytest.param("7D 7D 7S", THREES_WILD, "set", "7 7 7", id="T5-duplicate-suits-packs"),
        pytest.param("AC 3D 3H", THREES_WILD, "run", "AC 2C 3C", id="T6-ace-and-two-wilds"),
    ],
)
def test_cards_that_form_a_meld_under_a_games_terms(
    hand: str, terms: MeldTerms, kind: str, stands_for: str
) -> None:
    shape = read_meld_as(cards(hand), (), terms)
    assert (shape.kind, " ".join(shape.stands_for())) == (kind, stands_for)
    assert sorted(card.text for card in shape.cards) == sorted(hand.split())


@pytest.mark.parametrize(
    ("hand", "terms", "rule", "says"),
    [
        pytest.param("QH KH AH", ACE_LOW, "B5", "ace is low only", id="B5-no-Q-K-A"),
        pytest.param("KH AH 2H", ACE_LOW, "B5", "ace is low only", id="B5-no-K-A-2"),
        pytest.param("KH AH 2H", ACE_HIGH, "B10", "never wraps", id="B10-no-wrap"),
        pytest.param("2H 4H 7H", ACE_LOW, "B5", "not consecutive", id="B5-not-consecutive"),
        pytest.param("3H 4C 5H", ACE_LOW, "B5", "neither a run", id="B5-neither"),
        pytest.param("3H 4H", ACE_LOW, "B5", "at least 3", id="B5-two-cards"),
        pytest.param("8S 8H 8D 8C 8S", ACE_LOW, "B5", "at most 4", id="B5-five-of-a-kind"),
        pytest.param("QH KH AH", THREES_WILD, "T5", "ace is low only", id="T5-no-Q-K-A"),
        pytest.param("KH AH 2H", THREES_WILD, "T5", "ace is low only", id="T5-no-K-A-2"),
        pytest.param("KH 3C 2H", THREES_WILD, "T5", "ace is low only", id="T5-wild-ace-wraps"),
        pytest.param("2H 6H 3C", THREES_WILD, "T5", "1 wild card(s)", id="T5-gap-too-wide"),
        pytest.param("5H 5H 6H", THREES_WILD, "T5", "each card once", id="T5-repeat-in-run"),
    ],
)
def test_cards_that_form_no_meld_name_the_games_rule(
    hand: str, terms: MeldTerms, rule: str, says: str
) -> None:
    with pytest.raises(NotAMeld) as raised:
        read_meld_as(cards(hand), (), terms)
    assert raised.value.rule == rule
    assert says in raised.value.message


def test_a_game_whose_wilds_stay_in_hand_need_not_name_them() -> None:
    # D4 asks Penang to name a joker that could stand for 4H or 7H; T7's melds stay in hand.
    with pytest.raises(AmbiguousJoker):
        read_meld_as(cards("5H 6H JK"), (), PENANG_TERMS)
    assert read_meld_as(cards("5H 6H JK"), (), replace(PENANG_TERMS, name_wilds=False))


def test_a_natural_wild_card_keeps_its_own_face_in_the_meld() -> None:
    shape = read_meld_as(cards("2H 4H 3S"), (), THREES_WILD)
    assert [card.text for card in shape.cards] == ["2H", "3S", "4H"]
    assert THREES_WILD.is_wild(Card("3S")) and not THREES_WILD.is_wild(Card("4S"))


@pytest.mark.parametrize(
    ("meld_low", "size", "card", "terms", "fits"),
    [
        pytest.param(11, 3, "AH", ACE_LOW, False, id="B5-no-ace-after-the-king"),
        pytest.param(11, 3, "AH", ACE_HIGH, True, id="B10-ace-after-the-king"),
        pytest.param(2, 3, "AH", ACE_LOW, True, id="B6-ace-below-the-two"),
        pytest.param(8, 3, "7H", ACE_LOW, True, id="B6-Nora-takes-the-7"),
        pytest.param(8, 3, "JH", ACE_LOW, True, id="B6-Nora-takes-the-jack"),
    ],
)
def test_a_run_grows_within_its_games_ranks(
    meld_low: int, size: int, card: str, terms: MeldTerms, fits: bool
) -> None:
    target = run("H", meld_low, size)
    if fits:
        grown, _, _ = lay_off_as(target, Card(card), None, terms, jokers_lay_off=False)
        assert len(grown.cards) == size + 1
        return
    with pytest.raises(CannotLayOff) as raised:
        lay_off_as(target, Card(card), None, terms, jokers_lay_off=False)
    assert raised.value.rule == "B5"


def test_a_full_run_has_no_open_end_under_either_ace_rule() -> None:
    assert open_ends(run("H", 1, 13), ACE_LOW) == {}
    assert open_ends(run("H", 1, 13), PENANG_TERMS) == {"high": 14}
    assert open_ends(run("H", 2, 12), ACE_HIGH) == {"low": 1, "high": 14}
