"""Three Thirteen's events as stored (`domain.codec`), and the replay of its records.

Its family of event types, each at schema version 1: the draw games' `HandDealt`,
`Drew`, `Discarded`, `StockRebuilt`, `WentOut`, `HandEnded`, and `SeedRevealed`.
`verify` replays a record of a hand through the rules (`domain.drawgame.audit`): a
`Discarded` followed by its seat's `WentOut` is one `go_out`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain.cards import Card, build_deck
from domain.codec import EventCodec
from domain.drawgame.audit import HandGame, verify_hand
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.events import Event, SeedRevealed
from domain.replay import Verdict
from domain.three13.commands import GoOutAction
from domain.three13.game import TERMS, ThirteenAction, default_turn, play, start_hand
from domain.three13.rules import RULES_VERSION, ThirteenRules

THIRTEEN_EVENTS: Final = EventCodec[Event](
    (HandDealt[ThirteenRules], Drew, Discarded, StockRebuilt, WentOut, HandEnded, SeedRevealed),
    {
        "HandDealt": 1,
        "Drew": 1,
        "Discarded": 1,
        "StockRebuilt": 1,
        "WentOut": 1,
        "HandEnded": 1,
        "SeedRevealed": 1,
    },
)
THIRTEEN_EVENTS.check()


def turn_actions(turn: Sequence[Event]) -> list[ThirteenAction]:
    """The actions that recorded a turn's events: a discard and going out are one."""
    actions: list[ThirteenAction] = []
    for index, event in enumerate(turn):
        following = turn[index + 1] if index + 1 < len(turn) else None
        if isinstance(event, Drew):
            actions.append(DrawAction(source=event.source))
        elif isinstance(event, Discarded) and isinstance(following, WentOut):
            melds = tuple(tuple(Card(text).text for text in meld) for meld in following.melds)
            actions.append(GoOutAction(melds=melds, discard=Card(event.card).text))
        elif isinstance(event, Discarded):
            actions.append(DiscardAction(card=Card(event.card).text))
    return actions


def _packs(rules: ThirteenRules, seats: int) -> tuple[Card, ...]:
    return build_deck(rules.packs_for(seats), 0)


REPLAY: Final = HandGame(
    terms=TERMS,
    rules_version=RULES_VERSION,
    rules_type=ThirteenRules,
    packs=_packs,
    deal=start_hand,
    play=play,
    default_turn=default_turn,
    actions=turn_actions,
    rules={
        HandDealt: "T1",
        Drew: "T4",
        Discarded: "T4",
        StockRebuilt: "T10",
        WentOut: "T8",
        HandEnded: "T9",
        SeedRevealed: "R28",
    },
)


def verify(events: Sequence[Event], rules_version: str | None = None) -> Verdict:
    """Replay a hand of Three Thirteen through the rules (`domain.drawgame.audit`)."""
    return verify_hand(REPLAY, events, rules_version)
