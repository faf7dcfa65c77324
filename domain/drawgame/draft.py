"""A hand of a draw game while its events are folded into it (decide, then evolve): the
hands, the piles and the table, mutable until the freeze into a `DrawState`
(`domain.drafts`: the draft names what a fold changes, each field once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from domain.cards import CARD_ORDER, Card  # noqa: F401  # CARD_ORDER: read by THAWED
from domain.drafts import AS_LIST, DRAWN_STOCK, LAZY_LIST, SORTED_HANDS, Draft
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState, Phase
from domain.melds import TableMeld


class _Draft(Draft[DrawState]):
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    THAWED: ClassVar[Mapping[str, tuple[str, str | None]]] = {
        "hands": SORTED_HANDS,
        **DRAWN_STOCK,
        "discards": AS_LIST,
        "played": AS_LIST,
        "table": AS_LIST,
        # None until a seat has put a card on the table (the state's empty tuple).
        "tabled": (
            "[list(c) for c in v] if v else None",
            "() if v is None else tuple(map(tuple, v))",
        ),
        # None until a seat has discarded (the state's empty tuple).
        "timed_out": LAZY_LIST,
    }

    hands: list[list[Card]]
    stock: tuple[Card, ...]
    #: Cards drawn off the top of `stock` since.
    drawn: int
    discards: list[Card]
    turn: int | None
    phase: Phase
    taken: Card | None
    acted: bool
    played: list[bool]
    table: list[TableMeld]
    tabled: list[list[Card]] | None
    rebuilds: int
    went_out: int | None
    declared: tuple[tuple[Card, ...], ...]
    last_turns: tuple[int, ...]
    ended: HandEnded | None
    revealed_seed: str | None
    timed_out: list[int] | None
    version: int

    def tables(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` put `cards` on the table (a meld or a lay-off)."""
        if self.tabled is None:
            self.tabled = [[] for _ in self.base.players]
        self.tabled[seat].extend(cards)
