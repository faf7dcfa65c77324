"""The composition root: `create_app(settings)` is the one factory (the CLI and tests call it).

It loads the signing keys (`service.keyfiles`), opens the event store and starts the
live-update hub (`service.api.stream_hub`) for the app's lifetime, runs the turn clock
(`service.usecases.timeouts`) while it is open, registers the routes of `service.api`,
the problem table and the OpenAPI contract, and wraps it all in the observer
(`service.api.observe`: the client's address, the request id, the figures of
`service.metrics` and the access lines).
"""

from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import anyio.to_thread
from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide

from service import version
from service.api import (
    docs,
    games,
    health,
    index,
    keys,
    matches,
    play,
    players,
    ratings,
    record_views,
    records,
    scrape,
    stream_hub,
    streams,
    tickets,
    viewer,
)
from service.api.conditional import ConditionalRequests
from service.api.cors import cors_config, hooks
from service.api.forwarded import Proxies
from service.api.http import openapi_config
from service.api.ids import TYPE_DECODERS
from service.api.inputs import check_inputs
from service.api.limits import RateLimits
from service.api.observe import Observer
from service.api.openapi import MatchViewSchema, served_schema
from service.api.problems import exception_handlers
from service.keyfiles import open_keyring
from service.metrics import Metrics
from service.settings import Settings
from service.signing import KeyRing
from service.store import GameStore
from service.usecases import bot_turns, timeouts
from service.usecases.ratings import keep_ratings

_log = logging.getLogger("service.keys")


def _store(state: State) -> GameStore:
    store = state.store
    if not isinstance(store, GameStore):
        raise RuntimeError("the event store is not open")
    return store


def _keyring(state: State) -> KeyRing:
    ring = state.keyring
    if not isinstance(ring, KeyRing):
        raise RuntimeError("the signing keys are not loaded")
    return ring


def _limits(settings: Settings) -> list[RateLimits]:
    """The rate limits, where the settings switch them on (`serve` does by default)."""
    if not settings.rate_limit:
        return []
    return [
        RateLimits(settings.rate_per_address, settings.rate_per_token, settings.rate_burst_seconds)
    ]


def create_app(settings: Settings | None = None) -> Litestar:
    """The application over the store `settings` names (default: from the environment)."""
    settings = settings or Settings.from_env()
    cors = cors_config(settings)
    proxies = Proxies(settings.trusted_proxies, settings.forwarded_header)
    metrics = Metrics(
        process=f"{socket.gethostname()}:{settings.port}",
        info={"version": version(), "store": settings.store},
    )

    @asynccontextmanager
    async def load_keys(app: Litestar) -> AsyncIterator[None]:
        ring, note = await anyio.to_thread.run_sync(open_keyring, settings)
        if note is not None:
            _log.warning(note)
        app.state.keyring = ring
        try:
            yield
        finally:
            app.state.keyring = None

    @asynccontextmanager
    async def open_store(app: Litestar) -> AsyncIterator[None]:
        store = await anyio.to_thread.run_sync(GameStore, settings, metrics)
        app.state.store = store
        try:
            yield
        finally:
            app.state.store = None
            await anyio.to_thread.run_sync(store.close)

    @asynccontextmanager
    async def run_clock(app: Litestar) -> AsyncIterator[None]:
        async with anyio.create_task_group() as group:
            group.start_soon(timeouts.keep_time, _store(app.state), settings.clock_poll)
            group.start_soon(
                bot_turns.play_bots,
                _store(app.state),
                settings.clock_poll,
                settings.bot_turns_per_second,
            )
            group.start_soon(keep_ratings, _store(app.state), settings.clock_poll)
            try:
                yield
            finally:
                group.cancel_scope.cancel()

    app = Litestar(
        route_handlers=[
            games.create_game,
            games.get_game,
            games.get_seat_view,
            games.submit_turn,
            games.declare_dead,
            games.get_legal_moves,
            games.get_moves_after,
            games.get_events,
            records.export_record,
            records.export_record_ndjson,
            records.import_record,
            *record_views.ROUTES,
            *matches.ROUTES,
            *streams.ROUTES,
            *tickets.ROUTES,
            *players.ROUTES,
            *ratings.ROUTES,
            keys.signing_keys,
            health.health,
            health.ready,
            *([] if settings.metrics == "off" else [scrape.metrics]),
            index.index,
            docs.assets_router(),
            viewer.viewer_router(),
            play.lobby_games,
            play.play_router(),
        ],
        dependencies={
            "store": Provide(_store, sync_to_thread=False),
            "keyring": Provide(_keyring, sync_to_thread=False),
            "hub": Provide(stream_hub.hub_of, sync_to_thread=False),
            "settings": Provide(lambda: settings, sync_to_thread=False, use_cache=True),
        },
        before_request=check_inputs,
        before_send=hooks(cors),
        cors_config=cors,
        exception_handlers=exception_handlers(),
        lifespan=[load_keys, open_store, run_clock, stream_hub.lifespan(settings)],
        middleware=[*_limits(settings), ConditionalRequests()],
        # The app leaves logging to its host: `penang-rummy serve` configures it
        # (Litestar's default would route every library's INFO lines, httpx's included,
        # through a handler of its own, in tests too).
        logging_config=None,
        openapi_config=openapi_config(),
        plugins=[MatchViewSchema()],
        request_max_body_size=settings.max_body_bytes,
        type_decoders=TYPE_DECODERS,
    )
    served_schema(app)
    app.state.metrics = metrics
    app.state.settings = settings
    app.state.metrics_access = scrape.MetricsAccess(settings, proxies)
    scrape.watch_app(metrics, app)
    # Outside Litestar's router and middleware, so that every request is seen (those the
    # router refuses too) and its client is known before the rate limits count it.
    counted = None if settings.metrics == "off" else metrics
    app.asgi_handler = Observer(app.asgi_handler, proxies, counted, settings.access_log)
    return app
