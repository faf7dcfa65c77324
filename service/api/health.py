"""Liveness and readiness."""

from __future__ import annotations

import anyio.to_thread
from litestar import get
from litestar.di import NamedDependency

from service.api.http import problems
from service.api.schemas import Health
from service.store import GameStore


@get("/health", operation_id="getHealth", summary="Liveness: the process answers.")
async def health() -> Health:
    return Health(status="ok")


@get(
    "/ready",
    operation_id="getReady",
    summary="Readiness: the event store answers.",
    responses=problems(),
)
async def ready(store: NamedDependency[GameStore]) -> Health:
    await anyio.to_thread.run_sync(store.ping)
    return Health(status="ok")
