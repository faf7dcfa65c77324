"""Turns and dead declarations as the event loop takes them (`pipeline.run_on_loop`).

The use cases of `service.usecases.games`, for the two commands whose every
microsecond counts: the same command and the same pipeline, whose steps run on the
loop from what the process holds in memory, only the write awaited (the store's group
writer commits it on its own thread). Whatever would need a read is taken whole in a
worker thread by the pipeline itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from service.store import GameStore
from service.usecases import pipeline
from service.usecases.game_kinds import AnyAction
from service.usecases.games import Answer, Loaded, dead_command, turn


async def submit_turn_on_loop(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    loaded: Loaded,
    if_match: int | None,
    key: str | None,
    actions: Sequence[AnyAction],
) -> Answer:
    """`games.submit_turn`, on the event loop where it needs no read."""
    command = turn(game_id, seat, actions, if_match, key)
    return await pipeline.run_on_loop(store, command, loaded)


async def dead_on_loop(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    loaded: Loaded,
    if_match: int | None,
    key: str | None,
) -> Answer:
    """`games.dead`, on the event loop where it needs no read."""
    command = dead_command(game_id, seat, if_match, key)
    return await pipeline.run_on_loop(store, command, loaded)
