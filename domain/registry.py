"""The games of the engine, as each game's package registers itself.

A game's package ends with `register(TheGame())` (in its `spec` module), like
OpenSpiel's `register_game`; `domain.games` imports every game package and builds the
names, unions and maps the service reads from `listed()`. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add `game` to the registry (once per name); answers it, for the module's constant."""
    known = _GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _GAMES[game.name] = game
    return game


def listed() -> tuple[Game, ...]:
    """Every registered game, by its `order` (the first is the default game)."""
    return tuple(sorted(_GAMES.values(), key=lambda game: (game.order, game.name)))
