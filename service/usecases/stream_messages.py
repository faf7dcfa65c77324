"""What a live-update stream sends, besides a game stream's `EventRecord`s: msgspec structs.

A game stream's events are `EventRecord`s, as `getEvents` answers them; a match
stream's are `MatchStreamRecord`s, which say which game an event is of; both streams
send a `TurnMessage` after each batch of events.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from uuid import UUID

import msgspec

from domain.match.events import AnyMatchEvent
from service.usecases.game_kinds import AnyEventView
from service.usecases.messages import Version

Position = Annotated[
    int, msgspec.Meta(ge=1, description="The event's place in the match stream, from 1.")
]


class MatchStreamRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One event of a match stream: the match's own, or one of its games' as the viewer sees it."""

    #: The event's place in the match stream (its SSE `id`), from 1.
    position: Position
    #: The game the event is of; null for an event of the match itself.
    game_id: UUID | None
    #: The version of the event's own stream (the game's, or the match's) after it.
    version: Version
    event: AnyEventView | AnyMatchEvent


class TurnMessage(msgspec.Struct, frozen=True, kw_only=True):
    """Where a game stands after a batch of events: whose turn, and until when.

    Sent as `event: turn`, with no `id`, so that it never moves a client's resume point.
    """

    game_id: UUID
    version: Version
    #: The seat whose turn it is; null once the game is over.
    turn: int | None
    over: bool
    #: When the turn's time runs out (ISO 8601); null when turns are not timed.
    deadline: datetime | None = None
