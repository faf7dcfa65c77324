"""Deadwood and the end of the game (P31–P33, D1, D7)."""

from __future__ import annotations

import pytest

from domain.cards import Card
from domain.penang.rules import CardPoints
from domain.penang.scoring import card_points, deadwood_points, score

from ..support import cards


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("2S", 2),
        ("5H", 5),
        ("9D", 9),
        ("10C", 10),
        ("JS", 10),
        ("QH", 10),
        ("KD", 10),
        ("AC", 15),
        ("JK", 20),
    ],
    ids=lambda value: f"D1-{value}" if isinstance(value, str) else str(value),
)
def test_card_points_by_default(card: str, points: int) -> None:
    assert card_points(Card(card), CardPoints()) == points


@pytest.mark.parametrize(
    ("card", "points"),
    [("7S", 7), ("QS", 5), ("AS", 1), ("JK", 50)],
    ids=["face-value-stays", "face-option", "ace-option", "joker-option"],
)
def test_card_points_follow_the_rule_option(card: str, points: int) -> None:
    assert card_points(Card(card), CardPoints(face=5, ace=1, joker=50)) == points


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        pytest.param("", 0, id="empty-hand-scores-0"),
        pytest.param("JK JK 2S", 42, id="P33-jokers-in-hand-count-20-each"),
        pytest.param("AS KD 10H 3C", 38, id="D1-mixed-hand"),
        pytest.param("AS AS", 30, id="duplicates-count-twice"),
    ],
)
def test_deadwood_is_every_card_left_in_hand(hand: str, points: int) -> None:
    assert deadwood_points(cards(hand), CardPoints()) == points


def test_game_declarer_wins_and_scores_0() -> None:
    ended = score((cards("JK 2S"), (), cards("KS")), CardPoints(), "game", declarer=1)
    assert (ended.reason, ended.points, ended.winners) == ("game", (22, 0, 10), (1,))
    assert ended.deadwood == (("JK", "2S"), (), ("KS",))


@pytest.mark.parametrize(
    ("hands", "points", "winners"),
    [
        pytest.param(("2S 3S", "KS", "JK"), (5, 10, 20), (0,), id="D7-lowest-total-wins"),
        pytest.param(("5S 5H", "KS", "JK"), (10, 10, 20), (0, 1), id="D7-equal-lowest-share"),
        pytest.param(("AS", "AH", "AD"), (15, 15, 15), (0, 1, 2), id="D7-all-equal-all-share"),
    ],
)
def test_when_every_seat_is_dead_the_lowest_total_wins(
    hands: tuple[str, ...], points: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    ended = score(tuple(cards(hand) for hand in hands), CardPoints(), "all_dead")
    assert (ended.reason, ended.points, ended.winners) == ("all_dead", points, winners)


def test_game_without_a_declarer_is_an_error() -> None:
    with pytest.raises(ValueError, match="declarer"):
        score((cards("2S"), cards("3S")), CardPoints(), "game")
