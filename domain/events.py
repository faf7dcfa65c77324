"""Events' base, and the table events every game shares: immutable facts, past tense.

Every event of every game is an `Event`: a msgspec struct tagged by its `"type"`, which
is how it is stored (`domain.codec`) and how a store of every game's events tells them
apart (no two games tag different types alike). Each game folds its own events into its
state (`domain.penang.fold`, `domain.drawgame.fold`, `domain.gin.fold`).

The events here mean the same in every game that records them: a meld laid on the table
(`Melded`: Penang's P13, basic Rummy's B5), a card laid off onto one (`LaidOff`: P19,
P20, B6), and the server seed revealed once the game is over (`SeedRevealed`: P6, R3,
R28), whose SHA-256 the deal published in its `DealProof` (`domain.fair`). Cards are
written in the game's notation. Events evolve by adding fields with defaults; a change
of meaning is a new event type or an upcast (`domain.codec`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.melds import MeldKind


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


class Melded(Event, frozen=True, tag="Melded"):
    """A seat laid a meld; `stands_for` gives what each card counts as (D4)."""

    seat: int
    meld: int
    kind: MeldKind
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]


class LaidOff(Event, frozen=True, tag="LaidOff"):
    """A seat added one card to a table meld (P19, P20); `end` for a run."""

    seat: int
    meld: int
    card: str
    stands_for: str
    end: Literal["low", "high"] | None = None


class SeedRevealed(Event, frozen=True, tag="SeedRevealed"):
    """After the end: the server seed (hex) whose SHA-256 `Dealt.proof` committed to."""

    server_seed: str
