"""One open stream (`Subscription`): the batches of events its client has still to get.

A `Batch` is what a feed read at once (`service.usecases.hub`): its items, the
stream's position after them, and whose turn it then is. It renders itself once per
viewer, whoever asks first, so that 200 streams of one viewer share one rendering.
A subscription sends each batch's events past its cursor (the last position its client
has) and the batch's turn message when it says anything new; it holds at most
`MAX_QUEUED` batches, and past them it ends after what it holds (its client resumes
from its last id). Ended by a stopping service, it sends what it holds and then a
farewell (the frame telling its client when to reconnect). However it ends, it
releases what it holds through `release`.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Final
from uuid import UUID

from domain.views import Viewer
from service.usecases import feeds
from service.usecases.feeds import Item, Kind, Message
from service.usecases.stream_messages import TurnMessage

#: Batches a subscription may hold unsent before it is ended (its client resumes).
MAX_QUEUED: Final = 256
Frame = Callable[[Message], bytes]
#: What a stream counts against: ("token", its hash) or ("address", the client's).
Holder = tuple[str, str]


class Batch:
    """Items read together, and where the stream stands after them (its end position)."""

    __slots__ = ("_frame", "_frames", "_turn", "complete", "end", "items", "kind", "over", "turn")

    def __init__(  # noqa: PLR0917 (one call site per kind of batch)
        self,
        kind: Kind,
        items: Sequence[Item],
        end: int,
        over: set[UUID],
        turn: TurnMessage | None,
        complete: bool,
        frame: Frame,
    ) -> None:
        self.kind, self.items, self.end, self.over = kind, items, end, over
        self.turn, self.complete, self._frame = turn, complete, frame
        self._frames: dict[Viewer, list[tuple[int, bytes]]] = {}
        self._turn: bytes | None = None

    def frames(self, viewer: Viewer) -> list[tuple[int, bytes]]:
        """Each item framed as `viewer` may see it, with its position (rendered once)."""
        found = self._frames.get(viewer)
        if found is None:
            rendered = feeds.render(self.kind, self.items, viewer, self.over)
            found = self._frames[viewer] = [(m.id or 0, self._frame(m)) for m in rendered]
        return found

    def turn_frame(self) -> bytes | None:
        if self.turn is not None and self._turn is None:
            self._turn = self._frame(feeds.turn_message(self.turn))
        return self._turn


class Subscription:
    """One open stream: its viewer, its cursor (the last position sent), its batches."""

    def __init__(
        self,
        release: Callable[[Subscription], None],
        feed: object,
        viewer: Viewer,
        after: int,
        holder: Holder,
    ) -> None:
        self.viewer, self.cursor = viewer, after
        #: The feed it takes batches from (the hub's), and what it counts against.
        self.feed, self.holder = feed, holder
        self._release = release
        self._queue: deque[Batch] = deque()
        self._ready = asyncio.Event()
        self._first = True
        #: Sent after the queue when the stream is ended for a stop (`end`).
        self._farewell = b""
        #: Taking the feed's batches (set once the catch-up read's end is known).
        self.live = False
        self.ended = False
        self.closed = False

    def push(self, batch: Batch) -> None:
        if self.ended:
            return
        if len(self._queue) >= MAX_QUEUED:
            self.end()  # its client resumes from the last id it got
            return
        self._queue.append(batch)
        self._ready.set()

    def catch_up(self, batch: Batch) -> None:
        self._queue.appendleft(batch)
        self._ready.set()

    def end(self, farewell: bytes = b"") -> None:
        """Send what is queued, then `farewell` (if any), then end the stream."""
        self.ended = True
        self._farewell = self._farewell or farewell
        self._ready.set()

    async def chunks(self, keepalive: float, idle: bytes) -> AsyncIterator[bytes]:
        """The stream's bytes: each batch's frames, `idle` after `keepalive` quiet seconds."""
        try:
            while True:
                if not self._queue:
                    if self.ended:
                        if self._farewell:
                            yield self._farewell
                        return
                    self._ready.clear()
                    try:
                        async with asyncio.timeout(keepalive):
                            await self._ready.wait()
                    except TimeoutError:
                        yield idle
                    continue
                batch = self._queue.popleft()
                chunk = self._take(batch)
                if chunk:
                    yield chunk
                if batch.complete:
                    return
        finally:
            self.close()

    def _take(self, batch: Batch) -> bytes:
        """The batch's frames past the cursor, then its turn message if it says anything new."""
        parts = [frame for position, frame in batch.frames(self.viewer) if position > self.cursor]
        fresh = bool(parts) or (self._first and batch.end >= self.cursor)
        self._first = False
        if parts:
            self.cursor = batch.end
        turn = batch.turn_frame()
        if fresh and turn is not None:
            parts.append(turn)
        return b"".join(parts)

    def close(self) -> None:
        """Release everything the subscription holds (again: nothing)."""
        if not self.closed:
            self.closed = self.ended = True
            self._release(self)
