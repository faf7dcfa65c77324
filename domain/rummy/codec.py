"""Basic Rummy's events as stored (`domain.codec`), and how its records read back.

Its family of event types, each at schema version 1: the draw games' `HandDealt`,
`Drew`, `Discarded`, `StockRebuilt`, `WentOut`, `HandEnded`, and Penang's `Melded`,
`LaidOff` and `SeedRevealed` (`domain.drawgame.game.draw_events`). A record's turns read
back as their actions (`turn_actions`) and are decided again under the rule each event
names (`EVENT_RULES`) by the draw games' replay (`domain.drawgame.audit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.drawgame.game import draw_events, recorded_actions
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.rule_ids import RuleId
from domain.rummy.game import RummyAction
from domain.rummy.rules import RummyRules

RUMMY_EVENTS: Final = draw_events(RummyRules, Melded, LaidOff)
#: The rule that decides each event, named where a record holds another.
EVENT_RULES: Final[dict[type[Event], RuleId]] = {
    HandDealt: "B2",
    Drew: "B3",
    Melded: "B5",
    LaidOff: "B6",
    Discarded: "B3",
    StockRebuilt: "B11",
    WentOut: "B7",
    HandEnded: "B8",
    SeedRevealed: "R28",
}


def turn_actions(turn: Sequence[Event]) -> list[RummyAction]:
    """The actions that recorded a turn's events (going out is the rules' own event)."""
    return recorded_actions(turn, _table_action)


def _table_action(event: Event, following: Event | None) -> MeldAction | LayOffAction | None:
    if isinstance(event, Melded):
        return MeldAction(cards=tuple(Card(text).text for text in event.cards))
    if isinstance(event, LaidOff):
        return LayOffAction(meld=event.meld, card=Card(event.card).text, end=event.end)
    return None
