"""Rummy 500's events as stored (`domain.codec`), and how its records read back.

Its events are basic Rummy's, each at schema version 1 (`domain.drawgame.game.draw_events`),
its deal holding `Rummy500Rules`. A take from deep in the discard pile (F4) is recorded as
its draws from the pile, top card first, the card named last: a turn's run of two or more
`Drew` from the pile reads back as one `take` of its last card; the rest reads back as basic
Rummy's actions (`domain.rummy.codec.turn_actions`), decided again under the rule each
event names (`EVENT_RULES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.drawgame.game import draw_events
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.rule_ids import RuleId
from domain.rummy.codec import turn_actions as rummy_turn_actions
from domain.rummy500.commands import TakeAction
from domain.rummy500.rules import Rummy500Rules

RUMMY500_EVENTS: Final = draw_events(Rummy500Rules, Melded, LaidOff)
#: The rule that decides each event, named where a record holds another.
EVENT_RULES: Final[dict[type[Event], RuleId]] = {
    HandDealt: "F2",
    Drew: "F3",
    Melded: "F5",
    LaidOff: "F5",
    Discarded: "F3",
    StockRebuilt: "F8",
    WentOut: "F6",
    HandEnded: "F7",
    SeedRevealed: "R28",
}


def turn_actions(turn: Sequence[Event]) -> list[Any]:
    """The actions that recorded a turn's events (this module's docstring)."""
    actions: list[Any] = []
    index = 0
    while index < len(turn):
        end = index
        while end < len(turn) and _from_pile(turn[end]):
            end += 1
        if end - index >= 2:
            last = cast(Drew, turn[end - 1])
            actions.append(TakeAction(card=last.card))
            index = end
            continue
        stop = max(end, index + 1)
        actions += rummy_turn_actions(turn[index:stop])
        index = stop
    return actions


def _from_pile(event: Event) -> bool:
    return isinstance(event, Drew) and event.source == "discard"
