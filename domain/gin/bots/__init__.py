"""Gin Rummy's bots: one action a command, from their seat's `domain.gin.views.GinView`
(`domain.gin.bots.window` turns it into the state the rules judge, R49, R50):

- `random` (`domain.gin.bots.random`): a uniformly chosen listed action.
- `greedy` (`domain.gin.bots.greedy`): takes the upcard that lowers its deadwood, sheds
  the card that leaves the least, knocks as soon as it may, lays off all it can.
- `expert` (`domain.gin.bots.expert`): weighs each draw and discard by the deadwood
  expected after the next draw over every unseen card, and the melds a discard could
  give the opponent (R77).

`GIN_BOTS` is what the game's spec lists (`Game.bots`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from domain.game import BotPlay
from domain.gin.bots import expert
from domain.gin.bots.greedy import choose
from domain.gin.bots.random import choose_at_random
from domain.gin.commands import GinAction
from domain.gin.views import GinView


def _play(choice: Callable[[GinView, str], GinAction]) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, GinView):
            raise TypeError("a Gin Rummy bot plays from a seat's GinView")
        return (choice(view, seed),)

    return play


def _greedy(view: GinView, seed: str) -> GinAction:
    return choose(view)  # the greedy bot makes no random choice: the seed goes unused


def _expert(view: GinView, seed: str) -> GinAction:
    return expert.expert_choice(view)  # an exact expectation, no sample: the seed goes unused


#: Gin Rummy's bots, by name (`domain.gin.bots.greedy`, `domain.gin.bots.random`,
#: `domain.gin.bots.expert`).
GIN_BOTS: Final[Mapping[str, BotPlay]] = {
    "expert": _play(_expert),
    "greedy": _play(_greedy),
    "random": _play(choose_at_random),
}
