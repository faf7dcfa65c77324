"""Card notation (DESIGN principle 3) and decks (P1, P2)."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from domain.cards import Card, build_deck, format_cards, parse_cards, parse_rank, sort_cards
from domain.errors import MalformedCard, MalformedInput
from domain.penang.rules import PenangRules

# Written out here rather than taken from domain.cards, so the table checks the notation.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
NATURAL_TEXTS = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_TEXTS = (*NATURAL_TEXTS, "JK")


def test_the_notation_has_53_distinct_cards() -> None:
    assert len(set(ALL_TEXTS)) == 53
    assert len({Card(text) for text in ALL_TEXTS}) == 53


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_card_notation_round_trips_through_parse_and_print(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.text == text
    assert Card(str(card)) is card


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_card_repr_round_trips(text: str) -> None:
    card = Card(text)
    assert repr(card) == f"Card({text!r})"
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"),
        ("2H", 2, "H"),
        ("9D", 9, "D"),
        ("10C", 10, "C"),
        ("JS", 11, "S"),
        ("QH", 12, "H"),
        ("KD", 13, "D"),
    ],
    ids=str,
)
def test_card_reads_rank_then_suit_letter(text: str, rank: int, suit: str) -> None:
    card = Card(text)
    assert (card.rank, card.suit, card.is_joker) == (rank, suit, False)


def test_joker_is_written_jk_and_has_no_rank_or_suit() -> None:
    joker = Card("JK")
    assert joker.is_joker
    assert (joker.rank, joker.suit) == (0, "")


@pytest.mark.parametrize(
    "text",
    ["1H", "11S", "AX", "jk", "", " AS", "10", "as", "AS ", "0S", "14H", "JKS", "10HH", "A"],
    ids=repr,
)
def test_malformed_card_is_refused_naming_the_input(text: str) -> None:
    with pytest.raises(MalformedCard) as raised:
        Card.parse(text)
    assert raised.value.text == text
    assert repr(text) in str(raised.value)
    assert isinstance(raised.value, MalformedInput)
    assert raised.value.code == "malformed-card"


def test_malformed_card_inside_a_list_names_the_bad_card() -> None:
    with pytest.raises(MalformedCard) as raised:
        parse_cards("AS 2S 1S")
    assert raised.value.text == "1S"


@pytest.mark.parametrize("value", [None, 10, ["AS"]], ids=["none", "int", "list"])
def test_non_text_card_is_malformed_not_a_crash(value: object) -> None:
    with pytest.raises(MalformedCard):
        Card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "rank"),
    [("A", 1), ("2", 2), ("10", 10), ("J", 11), ("Q", 12), ("K", 13)],
)
def test_rank_notation_reads_a_to_k(text: str, rank: int) -> None:
    assert parse_rank(text) == rank


@pytest.mark.parametrize("text", ["1", "11", "", "AS", "a", "14"], ids=repr)
def test_malformed_rank_is_refused_naming_the_input(text: str) -> None:
    with pytest.raises(MalformedCard) as raised:
        parse_rank(text)
    assert raised.value.text == text
    assert "rank" in str(raised.value)


@pytest.mark.parametrize(
    ("rank", "suit", "text"),
    [(1, "S", "AS"), (14, "S", "AS"), (10, "H", "10H"), (13, "C", "KC")],
    ids=["low-ace", "high-ace-position-14", "ten", "king"],
)
def test_natural_card_at_run_position(rank: int, suit: str, text: str) -> None:
    assert Card.natural(rank, suit) is Card(text)


def test_cards_are_interned_values() -> None:
    assert Card("QD") is Card.parse("QD")
    assert pickle.loads(pickle.dumps(Card("QD"))) is Card("QD")


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card("QD").rank = 5


def test_card_lists_print_in_the_notation_they_were_written_in() -> None:
    text = "AS 10H JK QC 2D JK"
    assert format_cards(parse_cards(text)) == text
    assert parse_cards(["AS", "JK"]) == (Card("AS"), Card("JK"))


def test_canonical_order_is_suits_s_h_d_c_ranks_a_to_k_jokers_last() -> None:
    shuffled = parse_cards("JK KC 2S AH 10D AS JK QH")
    assert format_cards(sort_cards(shuffled)) == "AS 2S AH QH 10D KC JK JK"


# --- decks (P1, P2) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("packs", "jokers", "size"),
    [(2, 6, 110), (2, 8, 112), (3, 6, 162), (3, 8, 164)],
    ids=["P1-two-packs-6-jokers", "P1-two-packs-8-jokers", "P2-three-packs-6", "P2-three-packs-8"],
)
def test_deck_is_the_packs_plus_the_jokers(packs: int, jokers: int, size: int) -> None:
    deck = build_deck(packs, jokers)
    assert len(deck) == size
    counts = Counter(card.text for card in deck)
    assert counts["JK"] == jokers
    assert {text: counts[text] for text in NATURAL_TEXTS} == dict.fromkeys(NATURAL_TEXTS, packs)
    assert set(counts) == set(ALL_TEXTS)


@pytest.mark.parametrize(
    ("players", "jokers", "size"),
    [(2, 6, 110), (3, 6, 110), (4, 6, 110), (4, 8, 112), (5, 6, 162), (5, 8, 164)],
    ids=["2p", "3p", "4p", "4p-8-jokers", "5p-third-pack", "5p-third-pack-8-jokers"],
)
def test_five_players_add_a_third_pack(players: int, jokers: int, size: int) -> None:
    assert PenangRules(jokers=jokers).deck_size_for(players) == size
