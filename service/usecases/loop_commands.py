"""Turns and dead declarations decided on the event loop, where they need no read.

The use cases of `service.usecases.games`, for the two commands whose every
microsecond counts: the decision is the same (`games.decide`), made on the loop from
what the process holds in memory, and only the write is awaited (the store's group
writer commits it on its own thread). Whatever would need a read is taken whole in a
worker thread by the use case itself (`_act_on_loop`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from uuid import UUID

import anyio.to_thread

from domain.errors import RummyError
from service.errors import StaleVersion
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets
from service.store.game_folds import AnyGameState
from service.usecases import auth, game_kinds, matches
from service.usecases.game_kinds import AnyAction
from service.usecases.games import (
    Answer,
    Command,
    dead,
    decide,
    recorded,
    submit_turn,
    turn_command,
)


class _OffLoop(Exception):
    """The command needs a read of the store: it is taken again in a worker thread."""


async def submit_turn_on_loop(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
    actions: Sequence[AnyAction],
) -> Answer:
    """`submit_turn`, decided on the event loop where it needs no read (`_act_on_loop`)."""
    taken = partial(
        submit_turn,
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        if_match=if_match,
        key=key,
        actions=actions,
    )
    request = (if_match, key, authorization)
    command = turn_command(store, game_id, seat, actions)
    return await _act_on_loop(store, game_id, seat, request, command, taken)


async def dead_on_loop(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
) -> Answer:
    """`dead`, decided on the event loop where it needs no read (`_act_on_loop`)."""
    taken = partial(
        dead,
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        if_match=if_match,
        key=key,
    )
    command = partial(game_kinds.declare_dead, seat=seat)
    request = (if_match, key, authorization)
    return await _act_on_loop(store, game_id, seat, request, command, taken)


async def _act_on_loop(  # noqa: PLR0917 (two call sites, in order)
    store: GameStore,
    game_id: UUID,
    seat: int,
    request: tuple[int | None, str | None, str | None],
    command: Command,
    taken: Callable[[], Answer],
) -> Answer:
    """`_act` with no thread of its own: decided on the loop, only the write awaited.

    Taken where the store writes through the group writer and everything the decision
    needs is in this process's memory: the game's cached state and secrets, no
    Idempotency-Key (its answer is read), no turn clock (its index is kept by its own
    writes). Its token is checked here: a refusal of it is final. Any other refusal
    (the cached state may be behind), a lost write (nothing was stored), or a game of
    a match that ends (the match is read) is `taken` again, whole, in a worker thread,
    where `_act` decides it on the stored game.
    """
    if_match, key, authorization = request
    state = store.games.cached(game_id)
    game_secrets = store.cached_secrets(game_id)
    if (
        not store.writes_on_loop
        or key is not None
        or state is None
        or game_secrets is None
        or game_secrets.turn_seconds is not None
    ):
        return await anyio.to_thread.run_sync(taken)
    auth.check_seat(state, seat)
    auth.authorize(game_secrets, authorization, seat)
    try:
        if if_match is not None and if_match != state.version:
            raise StaleVersion(if_match, state.version)
        decided = decide(store, game_id, seat, state, command, None, "", _continue_on_loop)
        landed = await store.append_async(
            game_id, state.version, decided.events, decided.extra, at=decided.at
        )
    except (RummyError, StaleVersion, _OffLoop):
        landed = False
    if not landed:
        return await anyio.to_thread.run_sync(taken)
    return recorded(store, game_id, decided)


def _continue_on_loop(
    store: GameStore, game_secrets: GameSecrets, after: AnyGameState
) -> tuple[list[Envelope], Callable[[], None]]:
    """`matches.continue_after` where it reads nothing: a game outside a match, or going on."""
    if game_secrets.match_id is not None and after.ended is not None:
        raise _OffLoop("a match's game ended: the match is read")
    return matches.continue_after(store, game_secrets, after)
