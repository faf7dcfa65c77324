"""Dealing and the next dealer (P3–P5, P7, P8, D2).

The shuffle enters as input: a game is a pure function of its deck order and its
commands. The dealer deals one card at a time, starting with the seat on their left
and going clockwise (P4), until each seat holds its hand (P3, D2); the rest is put
aside unseen (P5). Seats are numbered clockwise, so "left of seat s" is seat s + 1.
The first dealer of a match (P6) is drawn with the deck order, from seeds (`domain.fair`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from domain.cards import Card
from domain.errors import InvalidRules


@runtime_checkable
class Scored(Protocol):
    """A finished game's points and winners, by seat: the end of a game (Penang's
    `GameEnded`, a draw game's `HandEnded`) and a match's score of it (`MatchGameScored`)."""

    @property
    def points(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


def deal(
    deck: Sequence[Card], seats: int, dealer: int, hand_size: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands (by seat) and the undealt cards, dealing from the top of `deck`."""
    if not 0 <= dealer < seats:
        raise InvalidRules("P4", f"the dealer must be one of seats 0..{seats - 1}", "dealer")
    dealt = seats * hand_size
    if dealt > len(deck):
        raise InvalidRules("P3", f"{dealt} cards to deal but the deck holds {len(deck)}", "deck")
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for i, card in enumerate(deck[:dealt]):
        hands[(dealer + 1 + i) % seats].append(card)
    return tuple(tuple(hand) for hand in hands), tuple(deck[dealt:])


def pass_left(previous_dealer: int, ended: Scored, points_recorded: bool = True) -> int:
    """The deal passes to the left: the seat on the previous dealer's left deals the next
    game, whoever won (basic Rummy's R24, Three Thirteen's T11)."""
    return (previous_dealer + 1) % len(ended.points)


def next_dealer(previous_dealer: int, ended: Scored, points_recorded: bool) -> int:
    """Who deals the next game of a match (P7, P8).

    With points recorded the winner of the last game deals (P7); without, the seat
    with the most points in the last game, the worst loser (P8). Where several seats
    tie (a shared win under D7, or equal worst totals), the first of them clockwise
    from the previous dealer's left deals.
    """
    seats = len(ended.points)
    if points_recorded:
        candidates = set(ended.winners)
    else:
        worst = max(ended.points)
        candidates = {seat for seat, total in enumerate(ended.points) if total == worst}
    for step in range(1, seats + 1):
        seat = (previous_dealer + step) % seats
        if seat in candidates:
            return seat
    raise ValueError("a finished game has at least one winner")
