"""The random Gin Rummy bot: a uniformly chosen listed action (G3–G13).

Each time its seat is to send a command it sends one of the actions
`domain.gin.moves.legal_actions` lists for the state its seat's view shows
(`domain.gin.bots.window`), every one equally likely: a hand is then the walk its
choices take through the legal actions, to the knock, the wall or the bound (G14). Its
choices come from a generator seeded by the text it is made with, through
`random.Random.random()` only, as the other games' random bots.
"""

from __future__ import annotations

import random

from domain.gin.bots.window import own_gin_turn
from domain.gin.commands import GinAction
from domain.gin.moves import legal_actions
from domain.gin.views import GinView


def choose_at_random(view: GinView, seed: str) -> GinAction:
    """A uniformly chosen listed action for the seat of `view`, drawn from `seed`."""
    state, _ = own_gin_turn(view)
    listed = legal_actions(state)
    if not listed:
        raise ValueError("the seat on turn always has an action (G4, G10, G11)")
    pick = int(random.Random(seed).random() * len(listed))
    return listed[min(pick, len(listed) - 1)]
