"""The exact deadwood of a Three Thirteen hand (T9, R27), against every arrangement.

`oracle` tries every way to split a hand into melds (each checked by the meld reader
under the hand's terms, `domain.melds.read_meld_as`) and deadwood: the search of
`domain.three13.deadwood` must find the same least points, on small hands drawn from
one to three packs, and an arrangement whose melds are melds and whose cards are the
hand's. What a hand leaves after each discard, from one search shared by every
discard, is the oracle's least deadwood of that hand too, and on hands of the largest
sizes (13 and 14 cards, several packs) the least a search of that hand alone finds.
Tables pin the search on hands written out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.cards import Card, build_deck, parse_cards
from domain.errors import RuleViolation
from domain.melds import read_meld_as
from domain.three13.deadwood import best_arrangement, deadwood_after_discards, ways_out
from domain.three13.rules import ThirteenRules, meld_terms, wild_rank

POINTS = ThirteenRules().card_points


def oracle(hand: Sequence[Card], number: int) -> int:
    """The least deadwood over every split of `hand` into melds and deadwood."""
    terms = meld_terms(number)
    best = [sum(POINTS(card) for card in hand)]

    def split(rest: list[Card], points: int) -> None:
        if points >= best[0]:
            return
        if not rest:
            best[0] = points
            return
        first, others = rest[0], rest[1:]
        split(others, points + POINTS(first))
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                meld = [first, *(others[i] for i in chosen)]
                try:
                    read_meld_as(meld, (), terms)
                except RuleViolation:
                    continue
                split([card for i, card in enumerate(others) if i not in chosen], points)

    split(list(hand), 0)
    return best[0]


def check(hand: Sequence[Card], number: int) -> int:
    arranged = best_arrangement(hand, wild_rank(number), POINTS)
    for meld in arranged.melds:
        read_meld_as(meld, (), meld_terms(number))  # every meld is a meld
    held = [card for meld in arranged.melds for card in meld] + list(arranged.deadwood)
    assert Counter(held) == Counter(hand)
    assert arranged.points == sum(POINTS(card) for card in arranged.deadwood)
    return arranged.points


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Card], int]:
    number = draw(st.integers(1, 11))
    packs = draw(st.integers(1, 3))
    # A narrow part of the packs, and the hand's wild cards, makes melds likely.
    low = draw(st.integers(1, 9))
    pool = [c for c in build_deck(packs, 0) if low <= c.rank <= low + 4 or c.rank == number + 2]
    pool = [c for c in pool if c.suit in draw(st.sampled_from(("SH", "SHD", "SHDC")))]
    size = draw(st.integers(3, 8))
    chosen = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    return [pool[i] for i in chosen], number


@settings(max_examples=300, deadline=None)
@given(hands())
def test_the_search_finds_the_least_deadwood_of_every_arrangement(
    hand: tuple[list[Card], int],
) -> None:
    cards, number = hand
    assert check(cards, number) == oracle(cards, number)


@settings(max_examples=150, deadline=None)
@given(hands())
def test_the_ways_out_are_every_discard_that_leaves_melds_only(
    hand: tuple[list[Card], int],
) -> None:
    cards, number = hand
    ways = dict(ways_out(cards, wild_rank(number)))
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        assert (card in ways) is (oracle(rest, number) == 0), card
        if card in ways:
            for meld in ways[card]:
                read_meld_as(meld, (), meld_terms(number))
            assert Counter(c for meld in ways[card] for c in meld) == Counter(rest)


@settings(max_examples=200, deadline=None)
@given(hands())
def test_the_deadwood_after_each_discard_is_the_least_of_every_arrangement(
    hand: tuple[list[Card], int],
) -> None:
    cards, number = hand
    after = deadwood_after_discards(cards, wild_rank(number), POINTS)
    assert set(after) == set(cards)
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        assert after[card] == oracle(rest, number), card


@st.composite
def large_hands(draw: st.DrawFn) -> tuple[list[Card], int]:
    """13 or 14 cards of hands 10 and 11 from two or three packs, dense enough that
    most cards fit a run and a set, as the largest hands are (T1, T2)."""
    number = draw(st.sampled_from((10, 11)))
    packs = draw(st.integers(2, 3))
    low = draw(st.integers(1, 7))
    pool = [c for c in build_deck(packs, 0) if low <= c.rank <= low + 6 or c.rank == number + 2]
    size = draw(st.sampled_from((number + 2, number + 3)))
    chosen = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    return [pool[i] for i in chosen], number


@settings(max_examples=40, deadline=None)
@given(large_hands())
def test_one_search_for_every_discard_finds_what_each_hand_alone_does(
    hand: tuple[list[Card], int],
) -> None:
    cards, number = hand
    after = deadwood_after_discards(cards, wild_rank(number), POINTS)
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        assert after[card] == best_arrangement(rest, wild_rank(number), POINTS).points, card


@pytest.mark.parametrize(
    ("hand", "number", "points", "deadwood"),
    [
        pytest.param("7H 8H 9H 9S 9D", 3, 15, "7H 8H", id="R27-a-set-leaves-less-than-a-run"),
        pytest.param("AC 4D KS QH", 2, 25, "AC 4D KS QH", id="T9-a-lone-wild-at-face-value"),
        pytest.param("KS KH 4D 9C", 2, 9, "9C", id="T6-a-wild-completes-a-set"),
        pytest.param("3S 3H 3D", 1, 0, "", id="T6-all-wild"),
        pytest.param("3S 3H 9C", 1, 0, "", id="T6-two-wilds-and-any-card"),
        pytest.param("QH KH AH", 1, 21, "QH KH AH", id="T5-no-Q-K-A"),
        pytest.param("KH AH 2H 3S", 1, 10, "KH", id="T5-A-2-3-but-no-king-above-the-ace"),
        pytest.param(
            "5H 6H 7H 8H 9H 10H JH QH KH AH 2H 4H KS", 11, 0, "", id="T6-A-to-K-and-a-wild"
        ),
        pytest.param("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S", 11, 2, "2S", id="T9-12-card-run"),
        pytest.param(
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S", 1, 0, "", id="R27-2-2-3-and-4-to-K"
        ),
        pytest.param("KS KS KS 5D", 11, 0, "", id="T6-three-wilds-and-a-five"),
        pytest.param("KS KS 5D 9C", 11, 5, "5D", id="R27-two-wilds-go-with-the-nine"),
        pytest.param("9S 9S 9S 9S", 1, 0, "", id="T5-four-of-a-kind-two-packs"),
    ],
)
def test_hands_written_out(hand: str, number: int, points: int, deadwood: str) -> None:
    cards = parse_cards(hand)
    arranged = best_arrangement(cards, wild_rank(number), POINTS)
    assert (arranged.points, sorted(c.text for c in arranged.deadwood)) == (
        points,
        sorted(deadwood.split()),
    )
    assert check(cards, number) == points


def test_the_arrangement_is_one_function_of_the_hand() -> None:
    hand = parse_cards("4H 4S 4D 5H 5S 5D 6H 6S 6D 7H 7S 7D KD")
    first = best_arrangement(hand, 13, POINTS)
    assert best_arrangement(tuple(reversed(hand)), 13, POINTS) == first
