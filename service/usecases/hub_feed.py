"""What the live-update hub keeps of one stream key (a game, or a match): its `Feed`.

The hub (`service.usecases.hub`) starts one feed per key that has a stream open, and
its task follows the store: the feed holds its cursor, the last turn message, its
subscriptions, the streams it follows and the events that wake it.
"""

from __future__ import annotations

import asyncio
from uuid import UUID

from service.usecases.feeds import Cursor, Kind
from service.usecases.stream_messages import TurnMessage
from service.usecases.subscriptions import Subscription


class Feed:
    """The hub's follower of one stream key: its cursor, turn, subscriptions and wake-up."""

    def __init__(self, kind: Kind, stream: UUID) -> None:
        self.kind, self.stream = kind, stream
        self.subscriptions: set[Subscription] = set()
        self.cursor: Cursor | None = None
        self.turn: TurnMessage | None = None
        self.failure: Exception | None = None
        self.ready = asyncio.Event()
        self.wake = asyncio.Event()
        #: The streams followed (the match's, its game's) and the version read of each.
        self.followed: dict[UUID, int] = {}
        self.task: asyncio.Task[None] | None = None
