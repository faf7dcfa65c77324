"""The players' endpoints (U1-U9): register, read, and a player's keys.

Issuing a key is `POST …/keys/new`, not `POST …/keys`: Litestar answers `OPTIONS` of a
path whose methods are registered by several handlers with the first one's alone.

A player's operation is guarded (`guard_player`): the guard reads the player and the
bearer key from the store, in a worker thread, and grants the handler the player's
state and who acts (`service.usecases.players.acting`); the handler's scope (U7) is
its route's `opt["scope"]`, checked by the use case. Keys are taken in `Authorization`
only (`service.api.url_secrets` refuses them in a URL) and answered once.
"""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple
from uuid import UUID

import anyio.to_thread
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.handlers.base import BaseRouteHandler
from litestar.params import JSONBody, PathParameter

from domain.players.state import PlayerKey, PlayerState
from service.api import guards
from service.api.guards import Connection
from service.api.http import PlayerId, body_problems, problems
from service.api.ids import canonical_id
from service.settings import Settings
from service.store import GameStore
from service.usecases import players
from service.usecases.players import (
    Acting,
    CreatedPlayer,
    CreatePlayer,
    IssuedKey,
    IssueKey,
    KeyList,
    PlayerView,
)

PLAYER_SECURITY: list[dict[str, list[str]]] = [{"playerKey": []}, {"operatorKey": []}]
#: Registering: with no key (the player itself), or the operator's (U9).
REGISTER_SECURITY: list[dict[str, list[str]]] = [{}, {"operatorKey": []}]

KeyId = Annotated[
    str, PathParameter(description="The key's id, as issued.", pattern="^[0-9a-f]{16}$")
]


class PlayerGrant(NamedTuple):
    """What a player's operation is decided on: the player now, and who acts."""

    state: PlayerState
    who: Acting


async def guard_player(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of a player's operations: the player's key, or the operator's (U6-U9)."""
    player_id = canonical_id(connection.path_params["player_id"])
    if player_id is not None:
        store, settings = connection.app.state.store, connection.app.state.settings
        authorization = connection.headers.get("authorization")
        state, who = await anyio.to_thread.run_sync(
            players.acting, store, settings, player_id, authorization
        )
        guards.grant(connection, PlayerGrant(state, who))


@post(
    "/players",
    operation_id="createPlayer",
    summary="Register a handle: the player's id and its first key, shown once.",
    description=(
        "A handle (U1-U5): after NFKC, 3 to 20 ASCII letters, digits, `_` and `-`, a "
        "letter first; not taken by a handle that reads the same (case, `_` and `-`, "
        "look-alikes: R64), nor reserved, nor passing for a bot. The answer holds the "
        "player's first key, with every scope (U6): keep it, it is never shown again. "
        "With the operator key (U9) a site registers a player for one of its users."
    ),
    sync_to_thread=True,
    security=REGISTER_SECURITY,
    responses=body_problems(401, 409),
)
def create_player(
    data: JSONBody[CreatePlayer],
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    settings: NamedDependency[Settings],
) -> Response[CreatedPlayer]:
    created = players.register(store, settings, data, request.headers.get("authorization"))
    return Response(created, status_code=201, headers={"Cache-Control": "no-store"})


@get(
    "/players/{player_id:str}",
    operation_id="getPlayer",
    summary="A player as anyone sees it: its id and handle.",
    sync_to_thread=True,
    responses=problems(404, 422),
)
def get_player(player_id: PlayerId, store: NamedDependency[GameStore]) -> PlayerView:
    return players.view(store, player_id)


@guards.get(
    "/players/{player_id:str}/keys",
    operation_id="listPlayerKeys",
    summary="The player's keys (scope `read`): ids, scopes, labels, times; never a secret.",
    sync_to_thread=True,
    security=PLAYER_SECURITY,
    guards=[guard_player],
    responses=problems(401, 403, 404, 422),
)
def list_player_keys(player_id: PlayerId, request: Request[Any, Any, Any]) -> KeyList:
    grant = guards.granted(request, PlayerGrant)
    return players.keys(grant.state, player_id, grant.who)


@guards.post(
    "/players/{player_id:str}/keys/new",
    operation_id="issuePlayerKey",
    summary="Issue the player a key (scope `keys`) of scopes the acting key holds; shown once.",
    sync_to_thread=True,
    security=PLAYER_SECURITY,
    guards=[guard_player],
    responses=body_problems(401, 403, 404, 409),
)
def issue_player_key(
    player_id: PlayerId,
    data: JSONBody[IssueKey],
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
) -> Response[IssuedKey]:
    grant = guards.granted(request, PlayerGrant)
    issued = players.issue(store, player_id, grant.state, grant.who, data)
    return Response(issued, status_code=201, headers={"Cache-Control": "no-store"})


@guards.post(
    "/players/{player_id:str}/keys/{key_id:str}/revoke",
    operation_id="revokePlayerKey",
    summary="Revoke one of the player's keys (scope `keys`): refused at once, everywhere.",
    status_code=200,
    sync_to_thread=True,
    security=PLAYER_SECURITY,
    guards=[guard_player],
    responses=problems(401, 403, 404, 409, 422),
)
def revoke_player_key(
    player_id: PlayerId,
    key_id: KeyId,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
) -> PlayerKey:
    grant = guards.granted(request, PlayerGrant)
    return players.revoke(store, player_id, grant.state, grant.who, key_id)


ROUTES = (create_player, get_player, list_player_keys, issue_player_key, revoke_player_key)
__all__ = ["ROUTES", "UUID"]
