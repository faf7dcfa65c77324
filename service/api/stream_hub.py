"""The live-update streams' hub as the app holds it, and the frames it sends.

The hub (`service.usecases.hub`), one per app, lives with the app (`lifespan`): the
store tells it of this process's writes, and on PostgreSQL a listener thread of every
other process's (`service.store.notices`). A stopping process ends each stream with a
`retry:` field (`farewell`); `end_streams` ends them all from any thread.

Messages are framed by Litestar's `ServerSentEventMessage`, once per viewer per batch,
and the frames are shared by every stream (`service.api.streams` sends them).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

import anyio.to_thread
from litestar import Litestar
from litestar.datastructures import State
from litestar.response.sse import ServerSentEventMessage

from service.settings import Settings
from service.store import GameStore
from service.store.notices import PostgresListener
from service.usecases.feeds import Message
from service.usecases.hub import Hub

_SEP: Final = "\n"
KEEPALIVE: Final = ServerSentEventMessage(data=None, comment="keep-alive", sep=_SEP).encode()


def frame(message: Message) -> bytes:
    """One message in the text/event-stream form."""
    return ServerSentEventMessage(
        data=message.data.decode("utf-8"), event=message.event, id=message.id, sep=_SEP
    ).encode()


def farewell(settings: Settings) -> bytes:
    """The last frame of a stream a stopping process ends: reconnect after the delay."""
    return ServerSentEventMessage(
        data=None,
        comment="the service is stopping: reconnect",
        retry=settings.stream_retry_ms,
        sep=_SEP,
    ).encode()


def hub_of(state: State) -> Hub:
    """The app's hub (the `hub` dependency)."""
    hub = state.hub
    if not isinstance(hub, Hub):
        raise RuntimeError("live updates are not running")
    return hub


def lifespan(settings: Settings) -> Any:
    """The app's hub, from start-up to shutdown (a lifespan context for `create_app`)."""

    @asynccontextmanager
    async def running(app: Litestar) -> AsyncIterator[None]:
        store = app.state.store
        assert isinstance(store, GameStore)
        hub = Hub(store, settings, frame, farewell(settings))
        stop_telling = store.listeners.add(hub.changed)
        listener = None
        if settings.store == "postgres":
            listener = PostgresListener(settings, hub.changed, hub.reconnected)
            listener.start()
        app.state.hub = hub
        try:
            yield
        finally:
            hub.close()
            stop_telling()
            if listener is not None:
                await anyio.to_thread.run_sync(listener.close)

    return running


def end_streams(app: Litestar) -> None:
    """End every open stream, from any thread (a server about to stop waits for them)."""
    hub = app.state.get("hub")
    if isinstance(hub, Hub):
        hub.close_threadsafe()
