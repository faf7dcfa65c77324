"""Penang Rummy's bots: players that choose a whole turn from what their seat may see (P5,
P9–P11, D6).

A bot is given its seat's view (`domain.penang.views.PenangView`: its own hand, the table,
every seat's hand size and flags, the rules; see `domain.penang.bots.window`) when its
turn comes, and answers a whole turn, ready to send (D8), or None to declare dead.

- `random` (`domain.penang.bots.uniform`): a uniformly chosen listed turn.
- `greedy` (`domain.penang.bots.greedy`): sheds the most points each turn, keeps its
  jokers, plans its passport.
- `patient` (`domain.penang.bots.patient`): one move a turn, the best, keeping its melds
  in hand for later turns, until an opponent may go out.

`PENANG_BOTS` is what the game's spec lists (`Game.bots`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

from domain.game import BotPlay
from domain.penang.bots.greedy import GreedyBot
from domain.penang.bots.patient import PatientBot
from domain.penang.bots.uniform import RandomBot
from domain.penang.commands import Turn
from domain.penang.views import PenangView

BOT_NAMES: Final = ("greedy", "patient", "random")


class Bot(Protocol):
    """A player of any seat of a game of Penang Rummy."""

    @property
    def name(self) -> str: ...

    def turn(self, view: PenangView) -> Turn | None:
        """The whole turn for the seat of `view`, whose turn it is; None to declare dead."""
        ...


def make_bot(name: str, seed: str) -> Bot:
    """The bot called `name` (one of `BOT_NAMES`); `seed` seeds its choices, if it makes any."""
    if name == "greedy":
        return GreedyBot()
    if name == "patient":
        return PatientBot()
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"no bot is called {name!r}: choose from {', '.join(BOT_NAMES)}")


def _play(name: str) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, PenangView):
            raise TypeError("a Penang bot plays from a seat's PenangView")
        turn = make_bot(name, seed).turn(view)
        return None if turn is None else tuple(turn.actions)

    return play


#: Penang Rummy's bots, by name (`BOT_NAMES`): each plays a whole turn (D8), or None where
#: the seat must declare dead.
PENANG_BOTS: Final[Mapping[str, BotPlay]] = {name: _play(name) for name in BOT_NAMES}
