"""Basic Rummy's events as stored (`domain.codec`), and the replay of its records.

Its family of event types, each at schema version 1: the draw games' `HandDealt`,
`Drew`, `Discarded`, `StockRebuilt`, `WentOut`, `HandEnded`, and Penang's `Melded`,
`LaidOff` and `SeedRevealed`. `verify` replays a record of a hand through the rules
(`domain.drawgame.audit`), rebuilding each turn's actions from its events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain.cards import Card, build_deck
from domain.codec import EventCodec
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.audit import HandGame, verify_hand
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.replay import Verdict
from domain.rummy.game import TERMS, RummyAction, default_turn, play, start_hand
from domain.rummy.rules import RULES_VERSION, RummyRules

RUMMY_EVENTS: Final = EventCodec[Event](
    (
        HandDealt[RummyRules],
        Drew,
        Melded,
        LaidOff,
        Discarded,
        StockRebuilt,
        WentOut,
        HandEnded,
        SeedRevealed,
    ),
    {
        "HandDealt": 1,
        "Drew": 1,
        "Melded": 1,
        "LaidOff": 1,
        "Discarded": 1,
        "StockRebuilt": 1,
        "WentOut": 1,
        "HandEnded": 1,
        "SeedRevealed": 1,
    },
)
RUMMY_EVENTS.check()


def turn_actions(turn: Sequence[Event]) -> list[RummyAction]:
    """The actions that recorded a turn's events (going out is the rules' own event)."""
    actions: list[RummyAction] = []
    for event in turn:
        if isinstance(event, Drew):
            actions.append(DrawAction(source=event.source))
        elif isinstance(event, Melded):
            actions.append(MeldAction(cards=tuple(Card(text).text for text in event.cards)))
        elif isinstance(event, LaidOff):
            actions.append(LayOffAction(meld=event.meld, card=Card(event.card).text, end=event.end))
        elif isinstance(event, Discarded):
            actions.append(DiscardAction(card=Card(event.card).text))
    return actions


def _packs(rules: RummyRules, seats: int) -> tuple[Card, ...]:
    return build_deck(1, 0)


REPLAY: Final = HandGame(
    terms=TERMS,
    rules_version=RULES_VERSION,
    rules_type=RummyRules,
    packs=_packs,
    deal=start_hand,
    play=play,
    default_turn=default_turn,
    actions=turn_actions,
    rules={
        HandDealt: "B2",
        Drew: "B3",
        Melded: "B5",
        LaidOff: "B6",
        Discarded: "B3",
        StockRebuilt: "B11",
        WentOut: "B7",
        HandEnded: "B8",
        SeedRevealed: "R28",
    },
)


def verify(events: Sequence[Event], rules_version: str | None = None) -> Verdict:
    """Replay a hand of basic Rummy through the rules (`domain.drawgame.audit`)."""
    return verify_hand(REPLAY, events, rules_version)
