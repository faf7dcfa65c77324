"""Live updates: one hub per process fans the new events of each game and match out to
every stream open on it.

Per stream key (a game, or a match) one `Feed` (`service.usecases.hub_feed`) follows
the store. A write notice (`service.store.notices`: this process's writes, and on
PostgreSQL every process's) wakes it, and so does a timer every
`stream_recheck_seconds` while a stream is open on it, whatever happens (a lost notice
costs that delay, never an event). Woken, it reads what is new once, in a worker
thread, and hands the batch to every subscription on the key: 200 streams on one game
cost one read per change. A batch is rendered
once per viewer (a spectator, each seat), whoever asks first, and a subscription drops
the events its client already has (`service.usecases.subscriptions`).

A subscription that opens first reads what its client missed (after its
Last-Event-ID) up to the feed's position at that moment, then takes the feed's
batches, which begin exactly there: nothing is missed, nothing repeated.

Limits, per process: a bearer token holds at most `streams_per_token` streams open here
(a stream opened with a ticket counts against its seat's token), and one address
(spectators, without a token) `streams_per_address`. A stream holds this process's
memory and connection, so it is counted where it is held: N processes behind a
balancer allow up to N times the settings, as their descriptions say (counts shared in
PostgreSQL would cost a round trip per stream opened, and go stale with every process
that dies holding streams). Past them `admit` refuses with
`TooManyStreams` (429) before a stream opens. Everything a subscription holds (its
place in its feed, its count against its token or address, the feed itself when it
was the last on it) is released by `Subscription.close`, which the stream calls when
it ends however it ends. The hub lives in the event loop's thread; `changed` (and
`close_threadsafe`) are the methods other threads call (they hand over through
`loop.call_soon_threadsafe`).

Stopping: `close` ends every stream after what it has queued with the hub's
`farewell` frame (a `retry:` hint), so that each client reconnects, to another process
where there is one, after the delay it names; a stream asked for once the hub is closed
is refused with `Stopping`, which the HTTP layer answers with the farewell alone (an
EventSource given an error status would stop reconnecting for good).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final
from uuid import UUID

import anyio.to_thread

from domain.views import Viewer
from service.errors import TooManyStreams
from service.settings import Settings
from service.store import GameStore
from service.store.notices import Change
from service.usecases import feeds
from service.usecases.feeds import Cursor, Item, Kind
from service.usecases.hub_feed import Feed
from service.usecases.stream_messages import TurnMessage
from service.usecases.subscriptions import Batch, Frame, Holder, Subscription

#: The Retry-After of a refusal for too many streams, in seconds.
RETRY_AFTER: Final = 5
Key = tuple[Kind, UUID]
_log = logging.getLogger("service.usecases.hub")


class Stopping(Exception):
    """The hub is closed (its service is stopping): no stream opens here any more."""


class Hub:
    """Every feed and subscription of this process (see the module docstring)."""

    def __init__(
        self, store: GameStore, settings: Settings, frame: Frame, farewell: bytes = b""
    ) -> None:
        self._store, self.frame = store, frame
        #: What each stream sends last when the hub closes (`close`).
        self.farewell = farewell
        self.keepalive = settings.stream_keepalive_seconds
        self._recheck = settings.stream_recheck_seconds
        self._limits = {
            "token": settings.streams_per_token,
            "address": settings.streams_per_address,
        }
        self._loop = asyncio.get_running_loop()
        self._feeds: dict[Key, Feed] = {}
        self._followers: dict[UUID, set[Feed]] = {}
        self._holders: Counter[Holder] = Counter()
        self._subscriptions: set[Subscription] = set()
        self._closed = False

    # --- notices: from any thread -----------------------------------------------------------

    def changed(self, changes: Sequence[Change]) -> None:
        """Streams moved (a write here, or a notice from another process): wake their feeds.

        A write no feed follows wakes no one (most writes: the check costs less than a
        call on the loop); a feed that begins to follow a stream reads it at once
        (`_follow_streams`).
        """
        followers = self._followers
        if any(change.stream in followers for change in changes):
            self._call(self._wake, changes)

    def reconnected(self) -> None:
        """Notices may have been lost: every feed reads again."""
        self._call(self._wake_all)

    def close_threadsafe(self) -> None:
        self._call(self.close)

    def _call(self, function: Callable[..., None], *args: object) -> None:
        # A closed loop (RuntimeError) has no stream left to wake.
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(function, *args)

    def _wake(self, changes: Sequence[Change]) -> None:
        for change in changes:
            for feed in self._followers.get(change.stream, ()):
                if change.version > feed.followed.get(change.stream, -1):
                    feed.wake.set()

    def _wake_all(self) -> None:
        for feed in self._feeds.values():
            feed.wake.set()

    # --- opening and closing streams ----------------------------------------------------------

    def admit(self, token_sha256: str | None, address: str) -> Holder:
        """Count one more stream against the token (its SHA-256; without one, the
        address), or 429."""
        holder = ("token", token_sha256) if token_sha256 else ("address", address)
        limit = self._limits[holder[0]]
        if self._holders[holder] >= limit:
            who = "this bearer token" if token_sha256 else "this address, without a token,"
            raise TooManyStreams(
                f"{who} holds {limit} open streams, the most it may: close one first",
                RETRY_AFTER,
            )
        self._holders[holder] += 1
        return holder

    async def subscribe(
        self, kind: Kind, stream: UUID, viewer: Viewer, after: int, holder: Holder
    ) -> Subscription | None:
        """A subscription to the stream after position `after`, its missed events queued.

        None (holding nothing) when the stream is over and the client has all of it.
        """
        if self._closed:
            self._free(holder)
            raise Stopping
        feed = self._feeds.get((kind, stream)) or self._start(kind, stream)
        subscription = Subscription(self.release, feed, viewer, after, holder)
        self._subscriptions.add(subscription)
        feed.subscriptions.add(subscription)
        try:
            await feed.ready.wait()
            if feed.failure is not None:
                raise feed.failure
            cursor, turn = feed.cursor, feed.turn
            assert cursor is not None
            subscription.live = True  # the feed's next batch begins at `cursor`
            if cursor.complete and after >= cursor.position:
                subscription.close()
                return None
            if after > cursor.position:
                feed.wake.set()  # the client saw more than the feed: read now
                turn = None
            items, over = await anyio.to_thread.run_sync(feeds.catch_up, self._store, cursor, after)
            complete = cursor.complete
            subscription.catch_up(
                Batch(kind, items, cursor.position, over, turn, complete, self.frame)
            )
            return subscription
        except BaseException:
            subscription.close()
            raise

    def release(self, subscription: Subscription) -> None:
        """Forget `subscription`; a feed with none left stops."""
        self._subscriptions.discard(subscription)
        self._free(subscription.holder)
        feed = subscription.feed
        assert isinstance(feed, Feed)
        feed.subscriptions.discard(subscription)
        key = (feed.kind, feed.stream)
        if not feed.subscriptions and self._feeds.get(key) is feed:
            self._stop(feed)

    def close(self) -> None:
        """End every stream (each sends what it has queued, then the farewell) and stop
        every feed; a stream still waiting for its feed's first read is refused."""
        self._closed = True
        for subscription in list(self._subscriptions):
            subscription.end(self.farewell)
        for feed in list(self._feeds.values()):
            if not feed.ready.is_set():
                feed.failure = Stopping()
                feed.ready.set()
            if feed.task is not None:
                feed.task.cancel()

    def stats(self) -> dict[str, int]:
        """What the hub holds: open streams, feeds, streams followed, token and address counts."""
        return {
            "streams": len(self._subscriptions),
            "feeds": len(self._feeds),
            "followed": len(self._followers),
            "holders": len(self._holders),
        }

    def _free(self, holder: Holder) -> None:
        self._holders[holder] -= 1
        if self._holders[holder] <= 0:
            del self._holders[holder]

    # --- feeds ----------------------------------------------------------------------------------

    def _start(self, kind: Kind, stream: UUID) -> Feed:
        feed = Feed(kind, stream)
        self._feeds[(kind, stream)] = feed
        feed.task = asyncio.create_task(self._follow(feed))
        return feed

    def _stop(self, feed: Feed) -> None:
        if self._feeds.get((feed.kind, feed.stream)) is feed:
            del self._feeds[(feed.kind, feed.stream)]
        self._follow_streams(feed, {})
        if feed.task is not None:
            feed.task.cancel()

    async def _follow(self, feed: Feed) -> None:
        try:
            cursor, turn = await anyio.to_thread.run_sync(self._first_read, feed)
        except Exception as failure:
            feed.failure = failure
            feed.ready.set()
            self._stop(feed)
            return
        self._advance(feed, cursor, turn)
        feed.ready.set()
        while not cursor.complete:
            try:
                async with asyncio.timeout(self._recheck):
                    await feed.wake.wait()
            except TimeoutError:
                pass
            feed.wake.clear()
            try:
                items, cursor, turn = await anyio.to_thread.run_sync(self._read, cursor)
            except Exception:
                _log.warning("reading %s %s failed; trying again", feed.kind, feed.stream)
                continue
            batch = Batch(
                feed.kind, items, cursor.position, cursor.over, turn, cursor.complete, self.frame
            )
            self._advance(feed, cursor, turn)
            if items:
                for subscription in list(feed.subscriptions):
                    if subscription.live:
                        subscription.push(batch)
        self._follow_streams(feed, {})

    def _first_read(self, feed: Feed) -> tuple[Cursor, TurnMessage | None]:
        cursor = feeds.start(self._store, feed.kind, feed.stream)
        return cursor, feeds.turn(self._store, cursor)

    def _read(self, cursor: Cursor) -> tuple[list[Item], Cursor, TurnMessage | None]:
        items, cursor = feeds.read(self._store, cursor)
        return items, cursor, (feeds.turn(self._store, cursor) if items else None)

    def _advance(self, feed: Feed, cursor: Cursor, turn: TurnMessage | None) -> None:
        feed.cursor = cursor
        feed.turn = turn or feed.turn
        self._follow_streams(feed, cursor.versions())

    def _follow_streams(self, feed: Feed, streams: dict[UUID, int]) -> None:
        """Follow exactly `streams`; a stream newly followed is read at once (a write to it
        before it was followed woke nobody)."""
        for stream in feed.followed.keys() - streams.keys():
            followers = self._followers.get(stream, set())
            followers.discard(feed)
            if not followers:
                self._followers.pop(stream, None)
        if streams.keys() - feed.followed.keys():
            feed.wake.set()
        for stream in streams:
            self._followers.setdefault(stream, set()).add(feed)
        feed.followed = dict(streams)
