"""What a draw game tells the draw games' bots (`domain.drawgame.bots`): the bots are shared,
the game's own rules are not, so each game gives its bots these functions
(`domain.rummy.bots`, `domain.three13.bots`), and no bot names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.cards import Card
from domain.drawgame.state import DrawState


@dataclass(frozen=True, slots=True)
class DrawBotGame:
    """A draw game as its bots play it, from the state of their seat's window."""

    #: The single actions the game's `legal_moves` lists for the seat, after its draw.
    listed: Callable[[DrawState, int], tuple[Any, ...]]
    #: Whether the greedy bot takes the top of the discard pile, the given card (B5, B6,
    #: T6, T9).
    wants: Callable[[DrawState, int, Card], bool]
    #: The greedy bot's action after its draw (B7, B8, T8, T9).
    play: Callable[[DrawState, int], Any]
    #: Where the game has a command of its own that opens a turn in place of a draw (a
    #: take from deep in the discard pile and its play, F4), the one the greedy bot
    #: sends now, listed by the game's legal moves, or None to draw.
    opens: Callable[[DrawState, int], tuple[Any, ...] | None] | None = None
