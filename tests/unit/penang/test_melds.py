"""Reading cards as a meld (P13–P18, D3, D4, R1, R2, R10, R12)."""

from __future__ import annotations

import pytest

from domain.errors import AmbiguousJoker, JokerMismatch, NotAMeld, RuleViolation
from domain.melds import _fits_when_wrapped
from domain.penang.melds import read_meld
from domain.penang.rules import PenangRules

from ..support import cards

HEARTS_A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


@pytest.mark.parametrize(
    ("hand", "jokers", "kind", "stands_for"),
    [
        pytest.param("3H 4H 5H", (), "run", "3H 4H 5H", id="P14-three-consecutive"),
        pytest.param("5H 3H 4H", (), "run", "3H 4H 5H", id="P14-any-order"),
        pytest.param("AH 2H 3H", (), "run", "AH 2H 3H", id="P14-ace-low"),
        pytest.param("QH KH AH", (), "run", "QH KH AH", id="P14-ace-high"),
        pytest.param(HEARTS_A_TO_K, (), "run", HEARTS_A_TO_K, id="P14-ace-to-king"),
        pytest.param(
            HEARTS_A_TO_K + " AH", (), "run", HEARTS_A_TO_K + " AH", id="P16-fourteen-A-to-A"
        ),
        pytest.param("5H JK 7H", (), "run", "5H 6H 7H", id="P22-joker-fills-the-gap"),
        pytest.param("5H 6H JK", ("7H",), "run", "5H 6H 7H", id="D4-joker-named-high"),
        pytest.param("5H 6H JK", ("4H",), "run", "4H 5H 6H", id="D4-joker-named-low"),
        pytest.param("JK 2H 3H", ("AH",), "run", "AH 2H 3H", id="D4-joker-as-low-ace"),
        pytest.param("QH KH JK", ("AH",), "run", "QH KH AH", id="D4-joker-as-high-ace"),
        pytest.param("KH JK AH", (), "run", "QH KH AH", id="P15-only-reading-is-Q-K-A"),
        pytest.param("AH JK 3H", (), "run", "AH 2H 3H", id="P15-only-reading-is-A-2-3"),
        pytest.param("AH JK JK", ("2H", "3H"), "run", "AH 2H 3H", id="D4-ace-with-low-jokers"),
        pytest.param("AH JK JK", ("QH", "KH"), "run", "QH KH AH", id="D4-ace-with-high-jokers"),
        pytest.param(
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
            (),
            "run",
            HEARTS_A_TO_K,
            id="R1-joker-for-the-ace-either-end-takes-the-low-placement",
        ),
        pytest.param("8S 8H 8D", (), "set", "8 8 8", id="P17-three-of-a-rank"),
        pytest.param("8H 8H 8C 8S", (), "set", "8 8 8 8", id="P17-duplicate-suits"),
        pytest.param("AS AH AD", (), "set", "A A A", id="P17-set-of-aces"),
        pytest.param("AH AH AH", (), "set", "A A A", id="R10-three-same-aces-are-a-set"),
        pytest.param(
            "8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK",
            (),
            "set",
            " ".join(["8"] * 14),
            id="P18-fourteen-card-set",
        ),
        pytest.param(
            "8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK JK JK",
            (),
            "set",
            " ".join(["8"] * 16),
            id="R7-sixteen-card-set-with-8-jokers",
        ),
        pytest.param("8S 8H JK", (), "set", "8 8 8", id="P22-joker-in-a-two-suit-set"),
        pytest.param("8S JK JK", ("8", "8"), "set", "8 8 8", id="D4-jokers-named-as-a-set"),
        pytest.param("8S JK JK", ("9S", "10S"), "run", "8S 9S 10S", id="D4-jokers-named-as-run"),
        pytest.param("8S JK JK", ("6S", "7S"), "run", "6S 7S 8S", id="D4-jokers-named-below"),
        pytest.param("5H JK 7H", ("6H",), "run", "5H 6H 7H", id="R2-naming-the-only-reading"),
    ],
)
def test_cards_that_form_a_meld(
    hand: str, jokers: tuple[str, ...], kind: str, stands_for: str
) -> None:
    shape = read_meld(cards(hand), jokers, PenangRules())
    assert shape.kind == kind
    assert " ".join(shape.stands_for()) == stands_for
    assert sorted(card.text for card in shape.cards) == sorted(hand.split())


@pytest.mark.parametrize(
    ("hand", "jokers", "stands_for"),
    [
        pytest.param("JK JK JK", ("8", "8", "8"), "8 8 8", id="R12-all-joker-set"),
        pytest.param("JK JK JK", ("5H", "6H", "7H"), "5H 6H 7H", id="R12-all-joker-run"),
        pytest.param("JK JK JK", ("QH", "KH", "AH"), "QH KH AH", id="R12-all-joker-run-ace-high"),
    ],
)
def test_all_joker_meld_with_the_option_names_every_stand_in(
    hand: str, jokers: tuple[str, ...], stands_for: str
) -> None:
    shape = read_meld(cards(hand), jokers, PenangRules(all_joker_melds=True))
    assert " ".join(shape.stands_for()) == stands_for


@pytest.mark.parametrize(
    ("hand", "jokers", "rules", "error", "rule"),
    [
        pytest.param("5H 6H", (), PenangRules(), NotAMeld, "P13", id="P13-two-cards"),
        pytest.param("5H 6S 7H", (), PenangRules(), NotAMeld, "P13", id="P13-neither-run-nor-set"),
        pytest.param("8S 8H 9S", (), PenangRules(), NotAMeld, "P13", id="P13-set-with-a-stranger"),
        pytest.param("2H 4H 7H", (), PenangRules(), NotAMeld, "P14", id="P14-not-consecutive"),
        pytest.param("2H 4H 7H JK", (), PenangRules(), NotAMeld, "P14", id="P14-gap-too-wide"),
        pytest.param("5H 5H 6H", (), PenangRules(), NotAMeld, "P14", id="P14-run-repeats-a-card"),
        pytest.param("KH AH 2H", (), PenangRules(), NotAMeld, "P15", id="P15-K-A-2-wraps"),
        pytest.param(
            "JH QH KH AH 2H 3H", (), PenangRules(), NotAMeld, "P15", id="P15-J-to-3-wraps"
        ),
        pytest.param(
            "KH JK 2H", (), PenangRules(), NotAMeld, "P15", id="P15-joker-ace-between-K-2"
        ),
        pytest.param(
            HEARTS_A_TO_K + " AH JK", (), PenangRules(), NotAMeld, "P16", id="P16-fifteen-card-run"
        ),
        # Two aces of one suit fit a run only at both ends of the 14-card A…K…A: these
        # are too short for that, and wrapping (P15) would not help them either.
        pytest.param("3H AH AH", (), PenangRules(), NotAMeld, "P16", id="P16-two-aces-and-a-three"),
        pytest.param(
            "AH 2H AH", (), PenangRules(), NotAMeld, "P16", id="P16-two-aces-around-a-two"
        ),
        pytest.param(
            "KH AH AH", (), PenangRules(), NotAMeld, "P16", id="P16-two-aces-after-a-king"
        ),
        pytest.param("KH AH AH 2H", (), PenangRules(), NotAMeld, "P16", id="P16-two-aces-K-to-2"),
        pytest.param("AH 2H 3H AH JK", (), PenangRules(), NotAMeld, "P16", id="P16-two-aces-five"),
        pytest.param(
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH AH",
            (),
            PenangRules(),
            NotAMeld,
            "P16",
            id="P16-two-aces-thirteen-cards",
        ),
        pytest.param("QH KH AH 2H", (), PenangRules(), NotAMeld, "P15", id="P15-Q-K-A-2-wraps"),
        pytest.param("KH AH 2H JK", (), PenangRules(), NotAMeld, "P15", id="P15-K-A-2-and-a-joker"),
        pytest.param("JK JK JK", (), PenangRules(), NotAMeld, "D3", id="D3-no-all-joker-meld"),
        pytest.param(
            "JK JK JK", ("8", "8", "8"), PenangRules(), NotAMeld, "D3", id="D3-even-when-named"
        ),
        pytest.param("5H 6H JK", (), PenangRules(), AmbiguousJoker, "D4", id="D4-4H-or-7H"),
        pytest.param("8S JK JK", (), PenangRules(), AmbiguousJoker, "D4", id="D4-set-or-run"),
        pytest.param("JK 2H 3H", (), PenangRules(), AmbiguousJoker, "D4", id="D4-AH-or-4H"),
        pytest.param(
            "JK JK JK",
            (),
            PenangRules(all_joker_melds=True),
            AmbiguousJoker,
            "D4",
            id="R12-unnamed",
        ),
        pytest.param("5H JK 7H", ("8H",), PenangRules(), JokerMismatch, "D4", id="R2-wrong-card"),
        pytest.param(
            "5H 6H JK", ("8",), PenangRules(), JokerMismatch, "D4", id="R2-rank-for-a-run"
        ),
        pytest.param(
            "8S 8H JK", ("9",), PenangRules(), JokerMismatch, "D4", id="R2-wrong-set-rank"
        ),
        pytest.param(
            "8S 8H JK", ("8S",), PenangRules(), JokerMismatch, "D4", id="R2-card-for-a-set"
        ),
        pytest.param(
            "5H JK 7H", ("6H", "7H"), PenangRules(), JokerMismatch, "D4", id="R2-too-many-stand-ins"
        ),
        pytest.param(
            "5H 6H 7H", ("8H",), PenangRules(), JokerMismatch, "D4", id="R2-no-joker-named"
        ),
        pytest.param(
            "JK JK JK",
            ("KH", "AH", "2H"),
            PenangRules(all_joker_melds=True),
            JokerMismatch,
            "D4",
            id="R12-named-run-would-wrap",
        ),
    ],
)
def test_cards_that_do_not_form_a_meld_name_the_rule(
    hand: str,
    jokers: tuple[str, ...],
    rules: PenangRules,
    error: type[RuleViolation],
    rule: str,
) -> None:
    with pytest.raises(error) as raised:
        read_meld(cards(hand), jokers, rules)
    assert raised.value.rule == rule
    assert rule in str(raised.value)


@pytest.mark.parametrize(
    ("ranks", "size", "fits"),
    [
        pytest.param((13, 1, 2), 3, True, id="P15-K-A-2"),
        pytest.param((11, 12, 13, 1, 2, 3), 6, True, id="P15-J-to-3"),
        pytest.param((13, 2), 3, True, id="P15-K-joker-2"),
        pytest.param((3, 1, 1), 3, False, id="P16-two-aces-and-a-three"),
        pytest.param((1, 2, 1), 3, False, id="P16-two-aces-around-a-two"),
        pytest.param((13, 1, 1), 3, False, id="P16-two-aces-after-a-king"),
        pytest.param((2, 5), 3, False, id="P14-too-far-apart-even-wrapped"),
    ],
)
def test_a_wrapped_run_would_hold_each_rank_once(
    ranks: tuple[int, ...], size: int, fits: bool
) -> None:
    # P15 is cited only for cards that wrapping K-A-2 would make a run: a wrapped run of
    # 13 or fewer cards still holds each rank once, so a second ace never fits it.
    assert _fits_when_wrapped(list(ranks), size) is fits


def test_ambiguous_joker_refusal_offers_the_readings() -> None:
    with pytest.raises(AmbiguousJoker) as raised:
        read_meld(cards("5H 6H JK"), (), PenangRules())
    assert "4H" in str(raised.value)
    assert "7H" in str(raised.value)


@pytest.mark.parametrize(
    ("hand", "jokers", "low", "high"),
    [
        pytest.param("AH 2H 3H", (), 1, 3, id="ace-low-is-position-1"),
        pytest.param("QH KH AH", (), 12, 14, id="ace-high-is-position-14"),
        pytest.param(HEARTS_A_TO_K + " AH", (), 1, 14, id="fourteen-spans-1-to-14"),
        pytest.param("QH KH JK", ("AH",), 12, 14, id="joker-ace-high"),
    ],
)
def test_run_positions_run_from_low_ace_1_to_high_ace_14(
    hand: str, jokers: tuple[str, ...], low: int, high: int
) -> None:
    placed = read_meld(cards(hand), jokers, PenangRules()).placed(0, 0)
    assert (placed.low, placed.high) == (low, high)


def test_set_keeps_its_naturals_then_its_jokers() -> None:
    shape = read_meld(cards("JK 8S 8H"), (), PenangRules())
    assert " ".join(card.text for card in shape.cards) == "8S 8H JK"
    assert shape.joker_stand_ins() == ("8",)
