"""Rule options (P1–P3, D2), dealing (P4, P5, P9) and the choice of dealer (P6–P8, R5)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest

from domain.cards import Card, build_deck
from domain.deal import deal, next_dealer
from domain.errors import InvalidRules
from domain.fair import first_dealer
from domain.penang.events import Dealt, GameEnded
from domain.penang.fold import fold
from domain.penang.game import start_game
from domain.penang.rules import PenangRules

from ..support import cards, texts

# --- rule options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "rule", "field"),
    [
        pytest.param(PenangRules(), 1, "P2", "players", id="P2-one-player-is-too-few"),
        pytest.param(PenangRules(), 6, "P2", "players", id="P2-six-players-are-too-many"),
        pytest.param(PenangRules(jokers=0), 4, "P1", "jokers", id="P1-no-jokers"),
        pytest.param(PenangRules(jokers=7), 4, "P1", "jokers", id="P1-seven-jokers"),
        pytest.param(PenangRules(packs=1), 4, "P2", "packs", id="P2-one-pack"),
        pytest.param(
            PenangRules(cards_per_player=56), 2, "P3", "cards_per_player", id="P3-2x56-over-110"
        ),
        pytest.param(
            PenangRules(cards_per_player=28), 4, "P3", "cards_per_player", id="P3-4x28-over-110"
        ),
        pytest.param(
            PenangRules(cards_per_player=33), 5, "P3", "cards_per_player", id="P3-5x33-over-162"
        ),
        pytest.param(
            PenangRules(packs=2, cards_per_player=23),
            5,
            "P3",
            "cards_per_player",
            id="P3-5x23-over-110",
        ),
    ],
)
def test_rules_that_make_no_playable_game_are_refused(
    rules: PenangRules, players: int, rule: str, field: str
) -> None:
    with pytest.raises(InvalidRules) as raised:
        rules.validate(players)
    assert (raised.value.rule, raised.value.field) == (rule, field)


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        pytest.param(PenangRules(), 2, id="P2-two-players"),
        pytest.param(PenangRules(), 5, id="P2-five-players"),
        pytest.param(PenangRules(jokers=8), 4, id="P1-eight-jokers"),
        pytest.param(PenangRules(cards_per_player=55), 2, id="P3-2x55-fills-110-exactly"),
        pytest.param(PenangRules(jokers=8, cards_per_player=56), 2, id="P3-2x56-fills-112-exactly"),
        pytest.param(PenangRules(cards_per_player=32), 5, id="P3-5x32-fits-162"),
        pytest.param(PenangRules(packs=3), 2, id="P2-third-pack-by-option"),
    ],
)
def test_rules_that_fit_the_deck_are_accepted(rules: PenangRules, players: int) -> None:
    assert rules.validate(players) is rules


@pytest.mark.parametrize(
    ("players", "hand_size", "packs"),
    [(2, 25, 2), (3, 25, 2), (4, 20, 2), (5, 20, 3)],
    ids=["D2-two-players-25", "P3-three-players-25", "P3-four-players-20", "D2-five-players-20"],
)
def test_default_hand_sizes_and_packs(players: int, hand_size: int, packs: int) -> None:
    rules = PenangRules()
    assert (rules.hand_size_for(players), rules.packs_for(players)) == (hand_size, packs)


def test_cards_per_player_and_packs_override_the_defaults() -> None:
    rules = PenangRules(cards_per_player=7, packs=3)
    assert (rules.hand_size_for(4), rules.packs_for(4)) == (7, 3)


# --- dealing (P4, P5) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "seats", "dealer", "size", "hands", "undealt"),
    [
        pytest.param(
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH",
            4,
            2,
            3,
            # seat 3 sits left of dealer 2 and takes the first card; round and round.
            ("2S 6S 10S", "3S 7S JS", "4S 8S QS", "AS 5S 9S"),
            "KS AH",
            id="dealer-2-of-4-first-card-to-seat-3",
        ),
        pytest.param(
            "AS 2S 3S 4S 5S",
            2,
            0,
            2,
            ("2S 4S", "AS 3S"),
            "5S",
            id="dealer-0-of-2-first-card-to-seat-1",
        ),
        pytest.param(
            "AS 2S 3S 4S 5S 6S",
            3,
            2,
            2,
            ("AS 4S", "2S 5S", "3S 6S"),
            "",
            id="dealer-in-last-seat-deals-seat-0-first",
        ),
    ],
)
def test_dealer_deals_one_card_at_a_time_from_their_left(
    *, deck: str, seats: int, dealer: int, size: int, hands: tuple[str, ...], undealt: str
) -> None:
    dealt_hands, rest = deal(cards(deck), seats, dealer, size)
    assert tuple(" ".join(texts(hand)) for hand in dealt_hands) == hands
    assert " ".join(texts(rest)) == undealt


def test_deal_refuses_a_dealer_who_is_not_at_the_table() -> None:
    with pytest.raises(InvalidRules) as raised:
        deal(cards("AS 2S 3S"), 2, 2, 1)
    assert raised.value.rule == "P4"


def test_deal_refuses_more_cards_than_the_deck_holds() -> None:
    with pytest.raises(InvalidRules) as raised:
        deal(cards("AS 2S 3S"), 2, 0, 2)
    assert raised.value.rule == "P3"


@pytest.mark.parametrize(
    ("players", "hand_size", "undealt"),
    [(2, 25, 60), (3, 25, 35), (4, 20, 30), (5, 20, 62)],
    ids=["D2-2p", "P3-3p", "P3-4p", "D2-5p-three-packs"],
)
def test_start_game_deals_every_seat_and_puts_the_rest_aside(
    players: int, hand_size: int, undealt: int
) -> None:
    rules = PenangRules()
    deck = list(build_deck(rules.packs_for(players), rules.jokers))
    random.Random(players).shuffle(deck)
    names = tuple(f"p{i}" for i in range(players))
    events = start_game(names, deck, rules, dealer=players - 1)
    dealt = events[0]
    assert isinstance(dealt, Dealt)
    assert [len(hand) for hand in dealt.hands] == [hand_size] * players
    assert len(dealt.undealt) == undealt
    everything = [text for hand in dealt.hands for text in hand] + list(dealt.undealt)
    assert Counter(everything) == Counter(card.text for card in deck)
    # P9: play opens with the seat on the dealer's left (here the dealer sits last),
    # who holds a meld in every one of these shuffled deals.
    assert fold(events).turn == 0


def test_start_game_records_the_hands_in_canonical_order() -> None:
    rules = PenangRules(cards_per_player=3)
    deck = _on_top("KC 9S JK AH 2D 3D")
    dealt = start_game(("a", "b"), deck, rules, dealer=1)[0]
    assert isinstance(dealt, Dealt)
    # Seat 0 took KC, JK, 2D; seat 1 took 9S, AH, 3D.
    assert dealt.hands == (("2D", "KC", "JK"), ("9S", "AH", "3D"))


def _replace_one(old: str, new: str) -> tuple[Card, ...]:
    """A two-pack, six-joker deck with one `old` card changed into `new`."""
    deck = list(build_deck(2, 6))
    deck[deck.index(Card(old))] = Card(new)
    return tuple(deck)


def _on_top(text: str) -> tuple[Card, ...]:
    """A two-pack, six-joker deck with these cards on top, the rest below."""
    top = cards(text)
    rest = Counter(build_deck(2, 6))
    rest.subtract(Counter(top))
    return (*top, *sorted(rest.elements()))


@pytest.mark.parametrize(
    "deck",
    [
        pytest.param(build_deck(2, 6)[:-1], id="P1-109-cards"),
        pytest.param(_replace_one("KS", "AS"), id="P1-a-third-ace-of-spades"),
        pytest.param(_replace_one("JK", "KS"), id="P1-five-jokers-and-a-third-king"),
    ],
)
def test_start_game_refuses_a_deck_that_is_not_the_packs_and_jokers(
    deck: tuple[Card, ...],
) -> None:
    with pytest.raises(InvalidRules) as raised:
        start_game(("a", "b", "c", "d"), deck, PenangRules(), dealer=0)
    assert raised.value.rule == "P1"


def test_start_game_refuses_a_dealer_outside_the_table() -> None:
    with pytest.raises(InvalidRules) as raised:
        start_game(("a", "b"), build_deck(2, 6), PenangRules(), dealer=2)
    assert raised.value.rule == "P4"


# --- the dealer (P6–P8, R5) -----------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_first_dealer_is_drawn_from_the_seeds_among_every_seat(seats: int) -> None:
    # P6: the seeds draw the first dealer (domain.fair); every seat can be drawn.
    seeds = (hashlib.sha256(f"draw-{i}".encode()).digest() for i in range(200))
    assert {first_dealer(seed, (), seats) for seed in seeds} == set(range(seats))


def test_first_dealer_needs_a_seat_to_draw() -> None:
    with pytest.raises(ValueError, match="seat"):
        first_dealer(bytes(32), (), 0)


def _ended(points: tuple[int, ...], winners: tuple[int, ...]) -> GameEnded:
    return GameEnded(
        reason="all_dead", deadwood=((),) * len(points), points=points, winners=winners
    )


@pytest.mark.parametrize(
    ("previous", "points", "winners", "recorded", "expected"),
    [
        pytest.param(0, (35, 0, 60, 40), (1,), True, 1, id="P7-winner-deals"),
        pytest.param(1, (35, 0, 60, 40), (1,), True, 1, id="P7-winner-who-dealt-deals-again"),
        pytest.param(0, (35, 10, 60, 10), (1, 3), True, 1, id="R5-shared-win-first-from-left"),
        pytest.param(1, (35, 10, 60, 10), (1, 3), True, 3, id="R5-shared-win-dealer-tied-last"),
        pytest.param(3, (35, 10, 60, 10), (1, 3), True, 1, id="R5-shared-win-wraps-round"),
        pytest.param(2, (10, 35, 10, 60), (0, 2), True, 0, id="R5-shared-win-wraps-to-seat-0"),
        pytest.param(0, (35, 0, 60, 40), (1,), False, 2, id="P8-worst-loser-deals"),
        pytest.param(1, (60, 0, 30, 60), (1,), False, 3, id="R5-worst-tie-first-from-left"),
        pytest.param(3, (60, 0, 30, 60), (1,), False, 0, id="R5-worst-tie-wraps-round"),
        pytest.param(0, (60, 0, 30, 60), (1,), False, 3, id="R5-worst-tie-dealer-last"),
    ],
)
def test_next_dealer_is_the_winner_or_the_worst_loser_ties_going_clockwise(
    previous: int,
    points: tuple[int, ...],
    winners: tuple[int, ...],
    recorded: bool,
    expected: int,
) -> None:
    assert next_dealer(previous, _ended(points, winners), points_recorded=recorded) == expected
