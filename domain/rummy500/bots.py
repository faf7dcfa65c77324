"""Rummy 500's bots: basic Rummy's (`domain.rummy.bots`) over Rummy 500's legal moves
(F3–F7). They draw from the stock or the top of the discard pile as basic Rummy's do, and
take from deeper in the pile never: every command they send is one the legal moves list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from domain.drawgame.bots import draw_bots
from domain.game import BotPlay
from domain.rummy.bots import rummy_bot_game
from domain.rummy500.moves import legal_moves

#: Rummy 500 as its bots play it.
RUMMY500_BOT_GAME: Final = rummy_bot_game(legal_moves)
#: Rummy 500's bots, by name (`domain.drawgame.bots.DRAW_BOT_NAMES`).
RUMMY500_BOTS: Final[Mapping[str, BotPlay]] = draw_bots(RUMMY500_BOT_GAME)
