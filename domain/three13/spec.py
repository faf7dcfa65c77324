"""Three Thirteen as a game of the engine: a draw game (`domain.drawgame.game.DrawGame`)
of its own modules, registered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from domain.commands import ActionKind
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.game import DrawGame
from domain.registry import register
from domain.rule_ids import RuleId
from domain.three13 import game, moves
from domain.three13.bots import THIRTEEN_BOTS
from domain.three13.codec import EVENT_RULES, THIRTEEN_EVENTS, turn_actions
from domain.three13.commands import GoOutAction
from domain.three13.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    ThirteenRules,
    wild_rank,
)


class ThreeThirteen(DrawGame):
    """Three Thirteen: eleven hands, each with its wild rank (T1 to T11)."""

    name = "three-thirteen"
    order = 20
    terms = game.TERMS
    rule_families = "T"
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    rules_type = ThirteenRules
    rules_version = RULES_VERSION
    codec = THIRTEEN_EVENTS
    actions = (DrawAction, DiscardAction, GoOutAction)
    refusals: ClassVar[Mapping[ActionKind, RuleId]] = {
        "meld": "T7",
        "lay_off": "T7",
        "swap": "T7",
        "pass": "T4",
        "go_out": "T8",
    }
    event_rules = EVENT_RULES
    moves_type = moves.ThirteenMoves
    bots = THIRTEEN_BOTS
    turn_words = "a draw, then a discard, or going out with one (`go_out`, T8)"
    deck = staticmethod(game.packs)
    deal = staticmethod(game.start_hand)
    play = staticmethod(game.play)
    default_turn = staticmethod(game.default_turn)
    turn_actions = staticmethod(turn_actions)
    legal_moves = staticmethod(moves.legal_moves)
    wild_rank = staticmethod(wild_rank)


THREE_THIRTEEN: Final = register(ThreeThirteen())
