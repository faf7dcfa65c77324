"""Rummy 500 as a game of the engine: a variant of basic Rummy (`domain.rummy.spec.Rummy`)
overriding what differs, registered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import msgspec

from domain.cards import Card
from domain.commands import ActionKind, LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.state import DrawState
from domain.registry import register
from domain.rule_ids import RuleId
from domain.rummy.spec import Rummy
from domain.rummy500 import moves, table
from domain.rummy500.bots import RUMMY500_BOTS
from domain.rummy500.codec import EVENT_RULES, RUMMY500_EVENTS, turn_actions
from domain.rummy500.commands import TakeAction
from domain.rummy500.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, Rummy500Rules


class Rummy500(Rummy):
    """Rummy 500: basic Rummy with the take from deep in the discard pile (F4), every card
    played scoring for its player (F7), and a match to 500 (F8)."""

    name = "rummy500"
    order = 15
    terms = table.TERMS
    rule_families = "F"
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    rules_type = Rummy500Rules
    rules_version = RULES_VERSION
    codec = RUMMY500_EVENTS
    actions: ClassVar[tuple[type[msgspec.Struct], ...]] = (
        DrawAction,
        TakeAction,
        MeldAction,
        LayOffAction,
        DiscardAction,
    )
    refusals: ClassVar[Mapping[ActionKind, RuleId]] = {
        "swap": "F1",
        "go_out": "F6",
        "pass": "F3",
        "meld": "F3",
        "lay_off": "F5",
    }
    event_rules = EVENT_RULES
    moves_type: ClassVar[type[msgspec.Struct]] = moves.Rummy500Moves
    rules_example: ClassVar[Mapping[str, object]] = {"game": "rummy500", "ace_high": True}
    bots = RUMMY500_BOTS
    turn_words = (
        "a draw (`draw`) or a take from the discard pile (`take`, F4: the card taken "
        "deepest melded or laid off by the next action), melds and lay-offs as the seat "
        "likes, then a discard (`discard`, F3)"
    )
    deal = staticmethod(table.start_hand)
    play = staticmethod(table.play)
    default_turn = staticmethod(table.default_turn)
    turn_actions = staticmethod(turn_actions)

    def deck(self, rules: Any, seats: int) -> tuple[Card, ...]:
        return table.packs(rules, seats)

    def legal_moves(self, state: DrawState, seat: int) -> msgspec.Struct:
        return moves.legal_moves(state, seat)


RUMMY500: Final = register(Rummy500())
