"""Scoring at the end of a game (P31–P33, D1, D7).

Each seat's deadwood is every card left in hand, jokers included (P33). Points are
2–10 face value, J Q K 10, ace 15, joker 20 by default (D1): fewer is better. The
seat that declared Game holds nothing and scores 0 (P31, D1); when every seat is
dead the lowest total wins and equal lowest totals share the win (D7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from domain.cards import Card, texts
from domain.penang.events import GameEnded
from domain.penang.rules import CardPoints


def card_points(card: Card, points: CardPoints) -> int:
    if card.is_joker:
        return points.joker
    if card.rank == 1:
        return points.ace
    if card.rank >= 11:
        return points.face
    return card.rank


def deadwood_points(cards: Iterable[Card], points: CardPoints) -> int:
    return sum(card_points(card, points) for card in cards)


def score(
    hands: tuple[tuple[Card, ...], ...],
    points: CardPoints,
    reason: Literal["game", "all_dead"],
    declarer: int | None = None,
) -> GameEnded:
    """The end-of-game event for these final hands."""
    totals = tuple(deadwood_points(hand, points) for hand in hands)
    if reason == "game":
        if declarer is None:
            raise ValueError("a game won by declaring Game names its declarer")
        winners: tuple[int, ...] = (declarer,)
    else:
        lowest = min(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    return GameEnded(
        reason=reason,
        deadwood=tuple(texts(hand) for hand in hands),
        points=totals,
        winners=winners,
    )
