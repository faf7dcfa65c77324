"""The game's events: immutable facts, past tense, folded into state by `domain.state`.

A game's stream begins with `Dealt` and ends with `GameEnded`. Cards are written in
the game's notation. Events evolve by adding fields with defaults; a change of
meaning is a new event type or an upcast (see `domain.codec`).
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from domain.melds import MeldKind
from domain.penang.rules import Rules


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every event."""


class DealProof(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """How the deck order was drawn (domain.fair): the server seed's SHA-256, published
    before play, and the seats' seeds. The server seed itself follows in `SeedRevealed`.

    `dealer_drawn` is false where the dealer was not drawn from these seeds but chosen
    otherwise: named when the game was created, or by a match's dealer rules (P7, P8),
    which the match's record proves. It is stored only when false, so every deal
    stored before it existed reads as drawn, byte for byte as it was written.
    """

    algorithm: str
    server_seed_sha256: str
    #: Always stored (empty where the seats gave no seeds).
    seat_seeds: tuple[str, ...]
    dealer_drawn: bool = True


class Dealt(Event, frozen=True, tag="Dealt"):
    """The deal (P3, P4): each seat's hand and the undealt cards put aside (P5)."""

    rules: Rules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    undealt: tuple[str, ...]
    proof: DealProof | None = None


class Melded(Event, frozen=True, tag="Melded"):
    """A seat laid a meld; `stands_for` gives what each card counts as (D4)."""

    seat: int
    meld: int
    kind: MeldKind
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]


class PassportMelded(Melded, frozen=True, tag="PassportMelded"):
    """A seat's first meld of the game: its passport (P26)."""


class LaidOff(Event, frozen=True, tag="LaidOff"):
    """A seat added one card to a table meld (P19, P20); `end` for a run."""

    seat: int
    meld: int
    card: str
    stands_for: str
    end: Literal["low", "high"] | None = None


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


class SeedRevealed(Event, frozen=True, tag="SeedRevealed"):
    """After the end: the server seed (hex) whose SHA-256 `Dealt.proof` committed to."""

    server_seed: str


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
    then fails the type check wherever events are matched (`domain.state.evolve`,
    `domain.views.view_event`) until each handles it.
    """
    if isinstance(event, AnyEvent):
        return event
    raise TypeError(f"unknown event {type(event).__name__}")
