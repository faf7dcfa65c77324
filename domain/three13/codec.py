"""Three Thirteen's events as stored (`domain.codec`), and how its records read back.

Its family of event types, each at schema version 1: the draw games' `HandDealt`,
`Drew`, `Discarded`, `StockRebuilt`, `WentOut`, `HandEnded`, and `SeedRevealed`
(`domain.drawgame.game.draw_events`). A record's turns read back as their actions
(`turn_actions`: a `Discarded` followed by its seat's `WentOut` is one `go_out`) and are
decided again under the rule each event names (`EVENT_RULES`) by the draw games' replay
(`domain.drawgame.audit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain.cards import Card
from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.drawgame.game import draw_events, recorded_actions
from domain.events import Event, SeedRevealed
from domain.rule_ids import RuleId
from domain.three13.commands import GoOutAction
from domain.three13.game import ThirteenAction
from domain.three13.rules import ThirteenRules

THIRTEEN_EVENTS: Final = draw_events(ThirteenRules)
#: The rule that decides each event, named where a record holds another.
EVENT_RULES: Final[dict[type[Event], RuleId]] = {
    HandDealt: "T1",
    Drew: "T4",
    Discarded: "T4",
    StockRebuilt: "T10",
    WentOut: "T8",
    HandEnded: "T9",
    SeedRevealed: "R28",
}


def turn_actions(turn: Sequence[Event]) -> list[ThirteenAction]:
    """The actions that recorded a turn's events: a discard and going out are one."""
    return recorded_actions(turn, _going_out)


def _going_out(event: Event, following: Event | None) -> GoOutAction | None:
    if isinstance(event, Discarded) and isinstance(following, WentOut):
        melds = tuple(tuple(Card(text).text for text in meld) for meld in following.melds)
        return GoOutAction(melds=melds, discard=Card(event.card).text)
    return None
