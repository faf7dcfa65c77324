"""The bots of the draw games played on `DrawState`: one command at a time from their
seat's `domain.drawgame.views.HandView` (a card drawn from the stock is known only once
drawn, R22), every one listed by the game's legal moves, which each game gives its bots
(`domain.drawgame.bots.game.DrawBotGame`):

- `random` (`domain.drawgame.bots.random`): a uniformly chosen listed command.
- `greedy` (`domain.drawgame.bots.greedy`): takes the discard that makes a meld, melds, lays
  off, sheds its highest card, goes out when it can.

`draw_bots` gives a game's bots as its spec lists them (`Game.bots`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.greedy import GreedyDrawBot
from domain.drawgame.bots.random import RandomDrawBot
from domain.drawgame.views import HandView
from domain.game import BotPlay

#: The bots of the draw games.
DRAW_BOT_NAMES: Final = ("greedy", "random")


class DrawBot(Protocol):
    """A player of any seat of a hand of a draw game."""

    @property
    def name(self) -> str: ...

    def command(self, view: HandView) -> tuple[Any, ...]:
        """The next command (its actions) for the seat of `view`, whose turn it is."""
        ...


def make_draw_bot(name: str, seed: str, game: DrawBotGame) -> DrawBot:
    """The bot of `game` called `name` (one of `DRAW_BOT_NAMES`); `seed` seeds `random`."""
    if name == "greedy":
        return GreedyDrawBot(game)
    if name == "random":
        return RandomDrawBot(seed, game)
    raise ValueError(f"no bot is called {name!r}: choose from {', '.join(DRAW_BOT_NAMES)}")


def _play(name: str, game: DrawBotGame) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, HandView):
            raise TypeError("a draw-game bot plays from a seat's HandView")
        return tuple(make_draw_bot(name, seed, game).command(view))

    return play


def draw_bots(game: DrawBotGame) -> Mapping[str, BotPlay]:
    """The bots of `game`, by name, as its spec lists them (`Game.bots`)."""
    return {name: _play(name, game) for name in DRAW_BOT_NAMES}
