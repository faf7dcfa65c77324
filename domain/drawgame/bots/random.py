"""The random bot of the draw games: a uniformly chosen listed command (B3, T4).

Each time its seat is to send a command it sends one of the single-action commands the
game's `legal_moves` lists (a draw, a meld, a lay-off, a discard, a way to go out; as the
game gives them, `DrawBotGame.listed`), every one equally likely; a turn is then the walk
its choices take through the legal moves, to its discard (or to the end of the hand). Its
choices come from a generator seeded by the text it is made with, through
`random.Random.random()` only, as Penang's random bot.
"""

from __future__ import annotations

import random
from typing import Any

from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.window import draws, own_hand
from domain.drawgame.views import HandView


class RandomDrawBot:
    """Sends a uniformly chosen listed command."""

    name = "random"

    def __init__(self, seed: str, game: DrawBotGame) -> None:
        self._random = random.Random(seed)
        self._game = game

    def command(self, view: HandView) -> tuple[Any, ...]:
        """The seat's next command: one listed action."""
        state, seat = own_hand(view)
        if state.phase == "draw":
            listed: tuple[Any, ...] = draws(view)
        else:
            listed = self._game.listed(state, seat)
        if not listed:
            raise ValueError("the seat on turn always has a command (B3, T4)")
        return (listed[min(int(self._random.random() * len(listed)), len(listed) - 1)],)
