"""A hand of Gin Rummy while its events are folded into it (decide, then evolve): the
hands, the piles, the shown melds and the clock marks (R51), mutable until the freeze
into a `GinState`, so that a rebuild copies the hands and the piles once, not once for
every event.
"""

from __future__ import annotations

from domain.cards import CARD_ORDER
from domain.gin.state import GinState, Phase


class _Draft:
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    __slots__ = (
        "base",
        "big_gin",
        "discards",
        "drawn",
        "ended",
        "hands",
        "knocker",
        "layoffs",
        "melds",
        "passed",
        "phase",
        "repeated",
        "revealed_seed",
        "taken",
        "timed_out",
        "turn",
        "upcard_draws",
        "version",
    )

    def __init__(self, state: GinState) -> None:
        #: The state the draft began from: what the events never change.
        self.base = state
        self.hands = [list(hand) for hand in state.hands]
        #: Cards drawn off the top of the state's stock since.
        self.drawn = 0
        self.discards = list(state.discards)
        self.turn = state.turn
        self.phase: Phase = state.phase
        self.passed = state.passed
        self.taken = state.taken
        self.repeated = state.repeated
        self.upcard_draws = state.upcard_draws
        self.knocker = state.knocker
        self.big_gin = state.big_gin
        self.melds = [list(melds) for melds in state.melds]
        self.layoffs = list(state.layoffs)
        self.ended = state.ended
        self.revealed_seed = state.revealed_seed
        #: None until a seat has played (the state's empty tuple).
        self.timed_out = list(state.timed_out) if state.timed_out else None
        self.version = state.version

    def stock_left(self) -> int:
        return len(self.base.stock) - self.drawn

    def freeze(self) -> GinState:
        # Every field named: `dataclasses.replace` would look each one up.
        base = self.base
        return GinState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            hands=tuple(tuple(sorted(hand, key=CARD_ORDER)) for hand in self.hands),
            stock=base.stock[self.drawn :] if self.drawn else base.stock,
            discards=tuple(self.discards),
            knock_limit=base.knock_limit,
            turn=self.turn,
            phase=self.phase,
            passed=self.passed,
            taken=self.taken,
            repeated=self.repeated,
            upcard_draws=self.upcard_draws,
            knocker=self.knocker,
            big_gin=self.big_gin,
            doubled=base.doubled,
            melds=tuple(tuple(melds) for melds in self.melds),
            layoffs=tuple(self.layoffs),
            ended=self.ended,
            proof=base.proof,
            revealed_seed=self.revealed_seed,
            timed_out=() if self.timed_out is None else tuple(self.timed_out),
            bots=base.bots,
            version=self.version,
        )
