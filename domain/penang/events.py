"""Penang Rummy's events: immutable facts, past tense, folded into state by `domain.penang.fold`.

A game's stream begins with `Dealt` (P3, P4: each seat's hand and the undealt cards, P5)
and ends with `GameEnded` (P31–P33), then `SeedRevealed` when the deal was committed to
a seed (P6, R3). Between them each seat's turn records its melds (`PassportMelded` for
its first, P26; `Melded`), lay-offs (`LaidOff`) and joker swaps (`WildSwapped`, P23),
then `TurnEnded` (P9); `DeclaredDead` (P28–P30, D6, R19) and `DeclaredGame` (P31).
`Melded`, `LaidOff` and `SeedRevealed` are the core's (`domain.events`): they mean the
same in every game. `AnyEvent` is every Penang event; matching on `known_event(event)`
ends with `assert_never`, so a new event type fails the type check wherever Penang's
events are matched until each place handles it. Events evolve by adding fields with
defaults; a change of meaning is a new event type or an upcast (`domain.penang.codec`).
"""

from __future__ import annotations

from typing import ClassVar, Literal, get_args

from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.penang.rules import PenangRules


class Dealt(Event, frozen=True, tag="Dealt"):
    """The deal (P3, P4): each seat's hand and the undealt cards put aside (P5)."""

    rules: PenangRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    undealt: tuple[str, ...]
    proof: DealProof | None = None
    #: The bot of each seat the service plays (R33), by seat, None for a person's seat;
    #: absent (and not stored) where no seat is a bot's.
    bots: tuple[str | None, ...] | None = None
    #: The player (its public id) holding each seat, by seat, None for a seat no player
    #: holds (U10); absent (and not stored) where no seat is a player's.
    seated: tuple[str | None, ...] | None = None
    #: Fields left out of the stored form while None, so records without them keep
    #: their bytes (`domain.codec`).
    omitted_when_none: ClassVar[tuple[str, ...]] = ("bots", "seated")


class PassportMelded(Melded, frozen=True, tag="PassportMelded"):
    """A seat's first meld of the game: its passport (P26)."""


class WildSwapped(Event, frozen=True, tag="WildSwapped"):
    """A seat replaced the joker at `slot` of a meld with `card` and took the joker (P23)."""

    seat: int
    meld: int
    slot: int
    card: str


class TurnEnded(Event, frozen=True, tag="TurnEnded"):
    """The seat's turn is over; play passes clockwise to the next live seat (P9)."""

    seat: int


class DeclaredDead(Event, frozen=True, tag="DeclaredDead"):
    """The seat is dead (P28–P30): declared by the seat, by the engine (D6), or by the
    table's turn clock when the seat's time ran out (`timeout`, R19)."""

    seat: int
    reason: Literal["declared", "no_move", "no_passport", "timeout"]


class DeclaredGame(Event, frozen=True, tag="DeclaredGame"):
    """The seat emptied its hand and wins (P31)."""

    seat: int


class GameEnded(Event, frozen=True, tag="GameEnded"):
    """The game is over (P31, P32): every seat's deadwood and points (P33, D1, D7)."""

    reason: Literal["game", "all_dead"]
    deadwood: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]


AnyEvent = (
    Dealt
    | PassportMelded
    | Melded
    | LaidOff
    | WildSwapped
    | TurnEnded
    | DeclaredDead
    | DeclaredGame
    | GameEnded
    | SeedRevealed
)
EVENT_TYPES: tuple[type[Event], ...] = get_args(AnyEvent)


def known_event(event: Event) -> AnyEvent:
    """`event` typed as one of `AnyEvent`'s members, or TypeError.

    A `match` on the result ends with `assert_never`: adding an event type to `AnyEvent`
    then fails the type check wherever events are matched (the fold's `_apply` in
    `domain.penang.fold`, `domain.penang.views.view_event`) until each handles it.
    """
    if isinstance(event, AnyEvent):
        return event
    raise TypeError(f"unknown event {type(event).__name__}")
