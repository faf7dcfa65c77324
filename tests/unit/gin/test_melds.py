"""Gin Rummy's meld functions (domain/gin/melds.py), table by table (G5, G6, G11, R39, R40)."""

from __future__ import annotations

import pytest

from domain.cards import Card, parse_cards
from domain.gin import melds as m


def _codes(text: str) -> tuple[int, ...]:
    return m.codes(parse_cards(text.split()))


def test_codes_follow_openspiels_card_order() -> None:
    # OpenSpiel: suit * 13 + rank, suits s c d h, ranks A..K
    assert [m.code(Card(text)) for text in ("AS", "KS", "AC", "2D", "KH")] == [0, 12, 13, 27, 51]
    assert all(m.code(m.card_of(number)) == number for number in range(52))


@pytest.mark.parametrize(
    ("hand", "deadwood"),
    [
        ("AS 2S 3S", 0),
        ("QS KS AS", 21),  # G5: the ace is low only
        ("7H 7D 7C 8H 9H", 14),  # 7H goes to the set or the run, never both
        ("7H 7D 7C 7S 8H 9H", 0),  # the four of a kind gives its 7H to the run
        ("2S 3S 4S 5H 5D 5C 9C 9D 9H KH", 10),
        ("AH 3C 6D 8C 10H QC KD 2D 7S JD", 67),
    ],
)
def test_best_deadwood_is_the_least_any_arrangement_leaves(hand: str, deadwood: int) -> None:
    assert m.best_deadwood(_codes(hand)) == deadwood


def test_an_eleven_card_hand_is_judged_less_its_best_discard() -> None:
    hand = _codes("2S 3S 4S 5H 5D 5C 9C 9D 9H KH 6H")
    assert m.best_discard_deadwood(hand) == 6
    assert m.openspiel_deadwood(hand) == 6  # OpenSpiel: drops the highest-ranked left
    # keeping the card just taken (G7) the best discard may be worse
    assert m.best_discard_deadwood(hand, keep=m.code(Card("KH"))) == 10


@pytest.mark.parametrize(
    ("meld", "laid", "reach", "fits"),
    [
        ("4S 5S 6S", "", None, "3S 7S"),
        ("4S 5S 6S", "3S 7S", None, "2S 8S"),
        ("4S 5S 6S", "3S 2S", None, "AS 7S"),
        ("4S 5S 6S", "3S 2S", 2, "7S"),  # R39: no third card beyond an end
        ("AS 2S 3S", "", None, "4S"),  # no card below the ace
        ("7H 7D 7C", "", None, "7S"),
        ("7H 7D 7C 7S", "", None, ""),  # a four of a kind is complete
    ],
)
def test_lay_offs_onto_a_meld(meld: str, laid: str, reach: int | None, fits: str) -> None:
    found = m.layoffs([_codes(meld)], _codes(laid), reach)
    assert found - set(_codes(laid)) == set(_codes(fits)) - set(_codes(laid))


def test_openspiels_reach_stops_two_cards_beyond_an_end() -> None:
    laid = _codes("7S 8S")
    assert m.code(Card("9S")) in m.layoffs([_codes("4S 5S 6S")], laid, None)
    assert m.code(Card("9S")) not in m.layoffs([_codes("4S 5S 6S")], laid, 2)


def test_openspiel_lays_runs_of_at_most_five_cards() -> None:
    six = _codes("3H 4H 5H 6H 7H 8H")
    assert m.is_meld(six, 13) and not m.is_meld(six, 5)
    assert _codes("3H 4H 5H") in m.legal_melds(six, 10, 5)
