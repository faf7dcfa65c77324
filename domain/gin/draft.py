"""A hand of Gin Rummy while its events are folded into it (decide, then evolve): the
hands, the piles, the shown melds and the clock marks (R51), mutable until the freeze
into a `GinState` (`domain.drafts`: the draft names what a fold changes, each field once).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from domain.cards import CARD_ORDER, Card  # noqa: F401  # CARD_ORDER: read by THAWED
from domain.drafts import AS_LIST, DRAWN_STOCK, LAZY_LIST, SORTED_HANDS, Draft
from domain.gin.events import GinHandEnded
from domain.gin.state import GinState, Phase


class _Draft(Draft[GinState]):
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    THAWED: ClassVar[Mapping[str, tuple[str, str | None]]] = {
        "hands": SORTED_HANDS,
        **DRAWN_STOCK,
        "discards": AS_LIST,
        "melds": ("[list(melds) for melds in v]", "tuple(map(tuple, v))"),
        "layoffs": AS_LIST,
        # None until a seat has played (the state's empty tuple).
        "timed_out": LAZY_LIST,
    }

    hands: list[list[Card]]
    stock: tuple[Card, ...]
    #: Cards drawn off the top of `stock` since.
    drawn: int
    discards: list[Card]
    turn: int | None
    phase: Phase
    passed: tuple[bool, bool]
    taken: Card | None
    repeated: bool
    upcard_draws: int
    knocker: int | None
    big_gin: bool
    melds: list[list[tuple[Card, ...]]]
    layoffs: list[Card]
    ended: GinHandEnded | None
    revealed_seed: str | None
    timed_out: list[int] | None
    version: int

    def stock_left(self) -> int:
        return len(self.stock) - self.drawn
