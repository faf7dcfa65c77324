"""Basic Rummy as a game of the engine: a draw game (`domain.drawgame.game.DrawGame`) of
its own modules, registered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import msgspec

from domain.cards import Card
from domain.commands import ActionKind, LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.game import DrawGame
from domain.drawgame.state import DrawState
from domain.registry import register
from domain.rule_ids import RuleId
from domain.rummy import game, moves
from domain.rummy.bots import RUMMY_BOTS
from domain.rummy.codec import EVENT_RULES, RUMMY_EVENTS, turn_actions
from domain.rummy.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, RummyRules


class Rummy(DrawGame):
    """Basic Rummy: draw, meld and lay off, discard (B1 to B11)."""

    name = "rummy"
    order = 10
    terms = game.TERMS
    rule_families = "B"
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    rules_type = RummyRules
    rules_version = RULES_VERSION
    codec = RUMMY_EVENTS
    actions: ClassVar[tuple[type[msgspec.Struct], ...]] = (
        DrawAction,
        MeldAction,
        LayOffAction,
        DiscardAction,
    )
    refusals: ClassVar[Mapping[ActionKind, RuleId]] = {
        "swap": "B1",
        "go_out": "B7",
        "pass": "B3",
        "meld": "B3",
        "lay_off": "B6",
    }
    event_rules = EVENT_RULES
    moves_type: ClassVar[type[msgspec.Struct]] = moves.RummyMoves
    rules_example: ClassVar[Mapping[str, object]] = {"game": "rummy", "ace_high": True}
    bots = RUMMY_BOTS
    turn_words = (
        "a draw (`draw`), melds and lay-offs as the seat likes, then a discard (`discard`, B3)"
    )
    deal = staticmethod(game.start_hand)
    play = staticmethod(game.play)
    default_turn = staticmethod(game.default_turn)
    turn_actions = staticmethod(turn_actions)

    def deck(self, rules: Any, seats: int) -> tuple[Card, ...]:
        return game.packs(rules, seats)

    def legal_moves(self, state: DrawState, seat: int) -> msgspec.Struct:
        return moves.legal_moves(state, seat)


RUMMY: Final = register(Rummy())
