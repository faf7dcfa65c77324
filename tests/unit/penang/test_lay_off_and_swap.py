"""Laying off (P19–P21, P16, D5, R1, R6) and wildcard substitution (P22, P23)."""

from __future__ import annotations

import pytest

from domain.cards import Card
from domain.errors import AmbiguousJoker, CannotLayOff, RuleViolation
from domain.melds import End, TableMeld
from domain.penang.errors import BadSwap
from domain.penang.melds import lay_off
from domain.penang.rules import PenangRules
from domain.penang.wildcards import swap, swap_slot

from ..support import meld, run

FULL_HEARTS = run("H", 1, 14)  # AH 2H … KH AH: P16's longest run


@pytest.mark.parametrize(
    ("target", "card", "end", "rules", "stands_for", "went_to", "after"),
    [
        pytest.param(
            run("H", 4, 3), "3H", None, PenangRules(), "3H", "low", "3H 4H 5H 6H", id="P20-low"
        ),
        pytest.param(
            run("H", 4, 3), "7H", None, PenangRules(), "7H", "high", "4H 5H 6H 7H", id="P20-hi"
        ),
        pytest.param(
            run("H", 4, 3),
            "7H",
            "high",
            PenangRules(),
            "7H",
            "high",
            "4H 5H 6H 7H",
            id="P20-named-end",
        ),
        pytest.param(
            run("H", 1, 3),
            "4H",
            None,
            PenangRules(),
            "4H",
            "high",
            "AH 2H 3H 4H",
            id="P14-above-A-2-3",
        ),
        pytest.param(
            run("H", 12, 3),
            "JH",
            None,
            PenangRules(),
            "JH",
            "low",
            "JH QH KH AH",
            id="P14-below-Q-K-A",
        ),
        pytest.param(
            run("H", 2, 12),
            "AH",
            None,
            PenangRules(),
            "AH",
            "low",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            id="R1-natural-ace-on-2-to-K-goes-low",
        ),
        pytest.param(
            run("H", 2, 12),
            "AH",
            "high",
            PenangRules(),
            "AH",
            "high",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            id="P14-ace-named-high-on-2-to-K",
        ),
        pytest.param(
            run("H", 1, 13),
            "AH",
            None,
            PenangRules(),
            "AH",
            "high",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            id="P16-second-ace-makes-fourteen",
        ),
        pytest.param(
            run("H", 1, 3),
            "JK",
            None,
            PenangRules(),
            "4H",
            "high",
            "AH 2H 3H JK",
            id="D5-joker-one-end",
        ),
        pytest.param(
            run("H", 12, 3),
            "JK",
            None,
            PenangRules(),
            "JH",
            "low",
            "JK QH KH AH",
            id="D5-joker-on-QKA",
        ),
        pytest.param(
            run("H", 4, 3),
            "JK",
            "low",
            PenangRules(),
            "3H",
            "low",
            "JK 4H 5H 6H",
            id="R2-joker-low",
        ),
        pytest.param(
            run("H", 2, 12),
            "JK",
            None,
            PenangRules(),
            "AH",
            "low",
            "JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            id="R1-joker-on-2-to-K-stands-for-the-ace-at-the-low-end",
        ),
        pytest.param(
            run("H", 2, 12),
            "JK",
            "high",
            PenangRules(),
            "AH",
            "high",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
            id="R1-joker-on-2-to-K-named-high",
        ),
        pytest.param(
            run("H", 4, 3),
            "JK",
            "high",
            PenangRules(),
            "7H",
            "high",
            "4H 5H 6H JK",
            id="R2-joker-high",
        ),
        pytest.param(
            run("H", 4, 3, jokers_at=(4,)),
            "3H",
            None,
            PenangRules(),
            "3H",
            "low",
            "3H JK 5H 6H",
            id="P20-next-to-a-joker-end",
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "8C",
            None,
            PenangRules(),
            "8",
            None,
            "8S 8H 8D 8C",
            id="P20-set-any-suit",
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "8S",
            None,
            PenangRules(),
            "8",
            None,
            "8S 8H 8D 8S",
            id="P17-set-dup-suit",
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "JK",
            None,
            PenangRules(),
            "8",
            None,
            "8S 8H 8D JK",
            id="D5-joker-on-set",
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "JK",
            None,
            PenangRules(swapped_joker_same_turn=False),
            "8",
            None,
            "8S 8H 8D JK",
            id="R15-other-D5-option-keeps-joker-lay-offs",
        ),
    ],
)
def test_card_that_extends_a_meld(
    *,
    target: TableMeld,
    card: str,
    end: End | None,
    rules: PenangRules,
    stands_for: str,
    went_to: End | None,
    after: str,
) -> None:
    grown, text, side = lay_off(target, Card(card), end, rules)
    assert (text, side) == (stands_for, went_to)
    assert str(grown) == after
    assert (grown.id, grown.owner, grown.kind) == (target.id, target.owner, target.kind)
    if grown.kind == "run":
        assert grown.stands_for()[0 if side == "low" else -1] == stands_for


@pytest.mark.parametrize(
    ("target", "card", "end", "rules", "error", "rule"),
    [
        pytest.param(run("H", 4, 3), "8H", None, PenangRules(), CannotLayOff, "P20", id="P20-gap"),
        pytest.param(
            run("H", 4, 3), "5H", None, PenangRules(), CannotLayOff, "P20", id="P20-middle"
        ),
        pytest.param(
            run("H", 4, 3), "7S", None, PenangRules(), CannotLayOff, "P20", id="P20-other-suit"
        ),
        pytest.param(
            run("H", 4, 3), "7H", "low", PenangRules(), CannotLayOff, "P20", id="P20-wrong-end"
        ),
        pytest.param(
            run("H", 1, 3), "JK", "low", PenangRules(), CannotLayOff, "P20", id="P20-below-ace"
        ),
        pytest.param(
            run("H", 1, 3), "KH", None, PenangRules(), CannotLayOff, "P15", id="P15-K-on-A23"
        ),
        pytest.param(
            run("H", 12, 3), "2H", None, PenangRules(), CannotLayOff, "P15", id="P15-2-on-QKA"
        ),
        pytest.param(
            FULL_HEARTS, "AH", None, PenangRules(), CannotLayOff, "P16", id="P16-full-ace"
        ),
        pytest.param(
            FULL_HEARTS, "JK", None, PenangRules(), CannotLayOff, "P16", id="P16-full-joker"
        ),
        pytest.param(
            run("H", 4, 3),
            "JK",
            None,
            PenangRules(),
            AmbiguousJoker,
            "D4",
            id="R2-joker-needs-an-end",
        ),
        pytest.param(
            run("H", 1, 3),
            "JK",
            None,
            PenangRules(jokers_lay_off=False),
            CannotLayOff,
            "D5",
            id="D5-option-no-joker-on-run",
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "JK",
            None,
            PenangRules(jokers_lay_off=False),
            CannotLayOff,
            "D5",
            id="D5-option-no-joker-on-set",
        ),
        pytest.param(
            meld("8S 8H 8D"), "9S", None, PenangRules(), CannotLayOff, "P20", id="P20-set-rank"
        ),
        pytest.param(
            meld("8S 8H 8D"),
            "8C",
            "high",
            PenangRules(),
            CannotLayOff,
            "P20",
            id="R6-set-has-no-ends",
        ),
    ],
)
def test_card_that_does_not_extend_a_meld_names_the_rule(
    *,
    target: TableMeld,
    card: str,
    end: End | None,
    rules: PenangRules,
    error: type[RuleViolation],
    rule: str,
) -> None:
    with pytest.raises(error) as raised:
        lay_off(target, Card(card), end, rules)
    assert raised.value.rule == rule


def test_lay_off_on_a_wrapping_card_names_what_the_run_takes() -> None:
    with pytest.raises(CannotLayOff) as raised:
        lay_off(run("H", 1, 3), Card("KH"), None, PenangRules())
    assert "4H" in str(raised.value)


# --- wildcard substitution (P23) ------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "card", "slot"),
    [
        pytest.param(run("H", 4, 3, jokers_at=(5,)), "5H", 1, id="P23-run-joker-takes-its-card"),
        pytest.param(
            run("H", 4, 4, jokers_at=(5, 7)), "7H", 3, id="P23-run-second-joker-by-its-card"
        ),
        pytest.param(run("H", 4, 4, jokers_at=(5, 7)), "5H", 1, id="P23-run-first-joker"),
        pytest.param(run("H", 12, 3, jokers_at=(14,)), "AH", 2, id="P23-joker-for-high-ace"),
        pytest.param(run("H", 1, 3, jokers_at=(1,)), "AH", 0, id="P23-joker-for-low-ace"),
        pytest.param(meld("8S 8H JK"), "8D", 2, id="P23-set-joker-takes-any-suit"),
        pytest.param(meld("8S 8H JK"), "8S", 2, id="P23-set-joker-takes-a-duplicate-suit"),
    ],
)
def test_natural_card_replaces_the_joker_it_fits(target: TableMeld, card: str, slot: int) -> None:
    assert swap_slot(target, Card(card)) == slot
    swapped = swap(target, slot, Card(card))
    assert swapped.cards[slot] is Card(card)
    # The meld still means the same cards: nothing about its shape changes.
    assert swapped.stands_for() == target.stands_for()


@pytest.mark.parametrize(
    ("target", "card", "needle"),
    [
        pytest.param(run("H", 4, 3, jokers_at=(5,)), "5S", "5H", id="P23-run-needs-exact-suit"),
        pytest.param(run("H", 4, 3, jokers_at=(5,)), "7H", "5H", id="P23-run-needs-exact-rank"),
        pytest.param(run("H", 4, 3, jokers_at=(5,)), "JK", "JK", id="P23-no-joker-for-joker"),
        pytest.param(meld("8S 8H JK"), "9S", "8", id="P23-set-needs-its-rank"),
        pytest.param(meld("8S 8H JK"), "JK", "JK", id="P23-no-joker-for-joker-in-set"),
        pytest.param(run("H", 4, 3), "5H", "no joker", id="P23-meld-without-joker"),
        pytest.param(meld("8S 8H 8D"), "8C", "no joker", id="P23-set-without-joker"),
    ],
)
def test_card_that_fits_no_joker_is_refused(target: TableMeld, card: str, needle: str) -> None:
    with pytest.raises(BadSwap) as raised:
        swap_slot(target, Card(card))
    assert raised.value.rule == "P23"
    assert needle in str(raised.value)
