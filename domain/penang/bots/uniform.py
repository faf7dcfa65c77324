"""The random bot: a uniformly chosen listed turn (P10, P29).

Each turn it plays one of the whole turns `domain.penang.moves.legal_moves` lists, every one
equally likely, and nothing more; it declares dead exactly when none is listed, which
is when it has no move (D6). Its choices come from a generator seeded by the text it
is made with, through `random.Random.random()` only (whose sequence Python keeps
stable for a given seed), so a seat's play is the same wherever its game is replayed.
"""

from __future__ import annotations

import random

from domain.penang.bots.window import own_turn
from domain.penang.commands import Turn
from domain.penang.moves import legal_moves
from domain.penang.views import PenangView


class RandomBot:
    """Plays a uniformly chosen listed turn."""

    name = "random"

    def __init__(self, seed: str) -> None:
        self._random = random.Random(seed)

    def turn(self, view: PenangView) -> Turn | None:
        """One listed turn, or None where the seat has no move (it must declare dead)."""
        turns = legal_moves(*own_turn(view)).turns
        if not turns:
            return None
        return turns[min(int(self._random.random() * len(turns)), len(turns) - 1)]
