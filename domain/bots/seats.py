"""Bot seats: the service's bots as each game's spec lists them (R33).

A bot seat's command is a pure function of its seat's view and a seed
(`domain.fair.bot_seed`, from the game's committed server seed): the bot is made afresh
from that seed for every command, so no choice depends on what the process saw before,
and a verifier that folds the record to the same view gets the same command.

`PENANG_BOTS` plays a whole turn (D8), or None where the seat must declare dead;
`DRAW_BOTS` sends one command at a time (R22), and so does `GIN_BOTS`, one action a
command (R50). `bots_of` gives a game's bots by its
spec, read of the view its seats see: the games sit below the bots (DESIGN principle 1),
so a game's spec cannot list them itself, and the bots, which play every game, list
them by the view each plays from; no game is named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from domain.bots import BOT_NAMES, DRAW_BOT_NAMES, make_bot, make_draw_bot
from domain.bots.gin_greedy import choose
from domain.bots.gin_random import choose_at_random
from domain.drawgame.views import HandView
from domain.game_spec import GameSpec
from domain.gin.commands import GinAction
from domain.gin.views import GinView
from domain.penang.views import GameView

#: A bot's command: its actions from its seat's view and a seed; None to declare dead.
BotPlay = Callable[[Any, str], tuple[Any, ...] | None]


def _penang(name: str) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, GameView):
            raise TypeError("a Penang bot plays from a seat's GameView")
        turn = make_bot(name, seed).turn(view)
        return None if turn is None else tuple(turn.actions)

    return play


def _draw(name: str) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, HandView):
            raise TypeError("a draw-game bot plays from a seat's HandView")
        return tuple(make_draw_bot(name, seed).command(view))

    return play


def _gin(choice: Callable[[GinView, str], GinAction]) -> BotPlay:
    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, GinView):
            raise TypeError("a Gin Rummy bot plays from a seat's GinView")
        return (choice(view, seed),)

    return play


def _greedy_gin(view: GinView, seed: str) -> GinAction:
    return choose(view)  # the greedy bot makes no random choice: the seed goes unused


#: Penang Rummy's bots, by name (`domain.bots.BOT_NAMES`).
PENANG_BOTS: Final[Mapping[str, BotPlay]] = {name: _penang(name) for name in BOT_NAMES}
#: The draw games' bots, by name (`domain.bots.DRAW_BOT_NAMES`).
DRAW_BOTS: Final[Mapping[str, BotPlay]] = {name: _draw(name) for name in DRAW_BOT_NAMES}
#: Gin Rummy's bots, by name (`domain.bots.gin_greedy`, `domain.bots.gin_random`).
GIN_BOTS: Final[Mapping[str, BotPlay]] = {
    "greedy": _gin(_greedy_gin),
    "random": _gin(choose_at_random),
}
#: Each game's bots, by the view its seat sees (`GameSpec.view_types`): a bot plays from
#: its seat's view, so the view it reads says which game it plays.
_BY_VIEW: Final[Mapping[type, Mapping[str, BotPlay]]] = {
    GameView: PENANG_BOTS,
    HandView: DRAW_BOTS,
    GinView: GIN_BOTS,
}


def bots_of(spec: GameSpec[Any, Any]) -> Mapping[str, BotPlay]:
    """The bots that play `spec`'s game, by name (none for a game without bots)."""
    return next((_BY_VIEW[view] for view in spec.view_types if view in _BY_VIEW), {})
