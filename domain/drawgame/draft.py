"""A hand of a draw game while its events are folded into it (decide, then evolve): the
hands, the piles and the table, mutable until the freeze into a `DrawState`, so that a
rebuild copies them once, not once for every event (a copy of the state per event was
most of a rebuild's time).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import CARD_ORDER, Card
from domain.drawgame.state import DrawState, Phase


class _Draft:
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    __slots__ = (
        "acted",
        "base",
        "declared",
        "discards",
        "drawn",
        "ended",
        "hands",
        "last_turns",
        "phase",
        "played",
        "rebuilds",
        "revealed_seed",
        "stock",
        "table",
        "tabled",
        "taken",
        "timed_out",
        "turn",
        "version",
        "went_out",
    )

    def __init__(self, state: DrawState) -> None:
        #: The state the draft began from: what the events never change.
        self.base = state
        self.hands = [list(hand) for hand in state.hands]
        self.stock = state.stock
        #: Cards drawn off the top of `stock` since.
        self.drawn = 0
        self.discards = list(state.discards)
        self.turn = state.turn
        self.phase: Phase = state.phase
        self.taken = state.taken
        self.acted = state.acted
        self.played = list(state.played)
        self.table = list(state.table)
        #: None until a seat has put a card on the table (the state's empty tuple).
        self.tabled = [list(cards) for cards in state.tabled] if state.tabled else None
        self.rebuilds = state.rebuilds
        self.went_out = state.went_out
        self.declared = state.declared
        self.last_turns = state.last_turns
        self.ended = state.ended
        self.revealed_seed = state.revealed_seed
        #: None until a seat has discarded (the state's empty tuple).
        self.timed_out = list(state.timed_out) if state.timed_out else None
        self.version = state.version

    def tables(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` put `cards` on the table (a meld or a lay-off)."""
        if self.tabled is None:
            self.tabled = [[] for _ in self.base.players]
        self.tabled[seat].extend(cards)

    def freeze(self) -> DrawState:
        # Every field named: `dataclasses.replace` would look each one up.
        base = self.base
        return DrawState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            number=base.number,
            hands=tuple(tuple(sorted(hand, key=CARD_ORDER)) for hand in self.hands),
            stock=self.stock[self.drawn :] if self.drawn else self.stock,
            discards=tuple(self.discards),
            turn=self.turn,
            phase=self.phase,
            taken=self.taken,
            acted=self.acted,
            played=tuple(self.played),
            table=tuple(self.table),
            tabled=() if self.tabled is None else tuple(tuple(c) for c in self.tabled),
            rebuilds=self.rebuilds,
            went_out=self.went_out,
            declared=self.declared,
            last_turns=self.last_turns,
            ended=self.ended,
            proof=base.proof,
            revealed_seed=self.revealed_seed,
            timed_out=() if self.timed_out is None else tuple(self.timed_out),
            bots=base.bots,
            version=self.version,
        )
