"""Bots: players that choose a whole turn from what their seat may see (P5, P9–P11, D6).

A bot is given its seat's view (`domain.penang.views.GameView`: its own hand, the table, every
seat's hand size and flags, the rules; see `domain.bots.window`) when its turn comes,
and answers a whole turn, ready to send (D8), or None to declare dead. Bots are pure
and deterministic: the same view (and, for `random`, the same seed and history) gives
the same turn, in process or over HTTP alike. Every turn a bot answers is one the
rules accept, and a bot declares dead only when it has no move (tests/property).

- `random` (`domain.bots.uniform`): a uniformly chosen listed turn.
- `greedy` (`domain.bots.greedy`): sheds the most points each turn, keeps its jokers,
  plans its passport.
- `patient` (`domain.bots.patient`): one move a turn, the best, keeping its melds in
  hand for later turns, until an opponent may go out.

The draw games (basic Rummy, Three Thirteen) have bots of their own, which send one
command at a time from their seat's `domain.drawgame.views.HandView` (a card drawn from
the stock is known only once drawn, R22), every one listed by the game's legal moves:

- `random` (`domain.bots.draw_random`): a uniformly chosen listed command.
- `greedy` (`domain.bots.draw_greedy`): takes the discard that makes a meld, melds, lays
  off, sheds its highest card, goes out when it can.

Gin Rummy's bots send one action a command too, from their seat's
`domain.gin.views.GinView` (`domain.bots.gin_window` turns it into the state the rules
judge, R49, R50):

- `random` (`domain.bots.gin_random`): a uniformly chosen listed action.
- `greedy` (`domain.bots.gin_greedy`): takes the upcard that lowers its deadwood, sheds
  the card that leaves the least, knocks as soon as it may, lays off all it can.

Each module's docstring defines its bot exactly.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from domain.bots.draw_greedy import GreedyDrawBot
from domain.bots.draw_random import RandomDrawBot
from domain.bots.greedy import GreedyBot
from domain.bots.patient import PatientBot
from domain.bots.uniform import RandomBot
from domain.drawgame.views import HandView
from domain.penang.commands import Turn
from domain.penang.views import GameView

BOT_NAMES: Final = ("greedy", "patient", "random")
#: The bots of the draw games.
DRAW_BOT_NAMES: Final = ("greedy", "random")


class Bot(Protocol):
    """A player of any seat of any game."""

    @property
    def name(self) -> str: ...

    def turn(self, view: GameView) -> Turn | None:
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


class DrawBot(Protocol):
    """A player of any seat of a hand of basic Rummy or Three Thirteen."""

    @property
    def name(self) -> str: ...

    def command(self, view: HandView) -> tuple[Any, ...]:
        """The next command (its actions) for the seat of `view`, whose turn it is."""
        ...


def make_draw_bot(name: str, seed: str) -> DrawBot:
    """The draw-game bot called `name` (one of `DRAW_BOT_NAMES`); `seed` seeds `random`."""
    if name == "greedy":
        return GreedyDrawBot()
    if name == "random":
        return RandomDrawBot(seed)
    raise ValueError(f"no bot is called {name!r}: choose from {', '.join(DRAW_BOT_NAMES)}")
