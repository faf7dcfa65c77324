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
