"""A hand of Gin Rummy: everything the rules need to judge the next command (its events
are `domain.gin.events`, listed once in `domain.gin.audit.GIN_EVENTS`). The phases:
`offer` (the first upcard, G3), `draw` and `discard` (G4), `wall` (R41, R61: only with
the wall's `fiftieth_card` reading), `knock_discard` and `knock_meld` (G9, G10, G19),
`layoff` and `defend_meld` (G11, G10).

The state is rebuilt only by folding its events (decide, then evolve), in
`domain.gin.fold`; the commands (`domain.gin.game`) check the rules before an event
exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.cards import Card
from domain.events import DealProof
from domain.gin.events import GinHandEnded
from domain.gin.rules import GinRules

Phase = Literal[
    "offer", "draw", "discard", "wall", "knock_discard", "knock_meld", "layoff", "defend_meld"
]


@dataclass(frozen=True, slots=True)
class GinState:
    """Everything the rules need to judge the next command of a hand."""

    rules: GinRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    #: Top card first.
    stock: tuple[Card, ...]
    #: Bottom card first: the last is the upcard, the top of the pile.
    discards: tuple[Card, ...]
    #: G9, G16: the most deadwood a knock may leave.
    knock_limit: int
    turn: int | None
    phase: Phase = "offer"
    #: G3: who declined the first upcard.
    passed: tuple[bool, bool] = (False, False)
    #: G7, R37: the card the seat on turn took from the discard pile.
    taken: Card | None = None
    #: R37: the last discard was the card just taken from the pile.
    repeated: bool = False
    #: G14: draws from the discard pile (the first upcard's offer not counted).
    upcard_draws: int = 0
    knocker: int | None = None
    #: G19: the knocker goes out with big gin (all eleven cards melded, no discard).
    big_gin: bool = False
    #: G20: the deal scores double (Oklahoma, spades double, a spade first upcard).
    doubled: bool = False
    #: The melds each seat laid face up after the knock (G10).
    melds: tuple[tuple[tuple[Card, ...], ...], ...] = ((), ())
    #: The defender's lay-offs, in order (G11).
    layoffs: tuple[Card, ...] = ()
    ended: GinHandEnded | None = None
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the event that ended its last turn where the turn clock
    #: played it (R19, R51), else 0; empty until a seat has played.
    timed_out: tuple[int, ...] = ()
    #: Per seat, the bot that plays it (R33), or None for a person; empty: every seat a
    #: person (`HandDealt.bots`).
    bots: tuple[str | None, ...] = ()
    version: int = 0

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def upcard(self) -> Card | None:
        return self.discards[-1] if self.discards else None
