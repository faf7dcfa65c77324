"""Bot seats: the service's bots as each game's spec lists them (R33).

A bot seat's command is a pure function of its seat's view and a seed
(`domain.fair.bot_seed`, from the game's committed server seed): the bot is made afresh
from that seed for every command, so no choice depends on what the process saw before,
and a verifier that folds the record to the same view gets the same command.

Penang's bots play a whole turn (D8), or None where the seat must declare dead; the draw
games' send one command at a time (R22), and so do Gin's, one action a command (R50).
`bots_of` gives a game's bots as its spec lists them (`Game.bots`): each game's
package holds its bots and its spec registers them, so no game is named here.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.game import BotPlay, Game

__all__ = ["BotPlay", "bots_of"]


def bots_of(spec: Game) -> Mapping[str, BotPlay]:
    """The bots that play `spec`'s game, by name (none for a game without bots)."""
    return spec.bots
