"""The stored form of a match's events: the game events' form (`domain.codec`), own versions."""

from __future__ import annotations

from typing import Final

from domain.codec import EventCodec
from domain.match.events import MATCH_EVENT_TYPES, AnyMatchEvent

#: A match's events, and the current schema version of each: bumped only with an upcaster.
MATCH_EVENTS: Final = EventCodec[AnyMatchEvent](
    MATCH_EVENT_TYPES,
    {
        "MatchOpened": 1,
        "DrawMatchOpened": 1,
        "SeatClaimed": 1,
        "SeatLeft": 1,
        "MatchStarted": 1,
        "MatchGameStarted": 1,
        "MatchGameScored": 1,
        "MatchClosed": 1,
        "MatchEnded": 1,
        "MatchSeedRevealed": 1,
    },
)
MATCH_EVENTS.check()
