"""Who may call an operation: the guards of the operations that take a seat's or a host's token.

Each guard reads what its operation is decided on, once (from what the process holds
where it can, in a worker thread where it must read the store), checks the credential
against it (`service.usecases.auth`: 401 without a known token, 403 for another seat's,
404 for no such game, match or seat), and grants the request what it read: the handler
takes the grant (`granted`) and reads none of it again. So a turn still reads its
game's state and secrets once, whether it is then decided on the event loop or in a
thread (`service.usecases.pipeline`), and the service's own commands (the clock's, a
bot's) take the same pipeline with no guard and no token.

Litestar runs a handler's guards before it reads the rest of the request: a request
refused for its credential (or for naming no game or match) is refused so even where
its body, query or headers are malformed too (R56). A path that names nothing (an id
spelt otherwise than the service writes it, a seat past every table's bound) is left to
the parameters' check, 422: the guard grants nothing, and no handler runs without its
grant (`granted` refuses it).
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar
from uuid import UUID

import anyio.to_thread
from litestar.connection import ASGIConnection
from litestar.enums import HttpMethod
from litestar.handlers import HTTPRouteHandler
from litestar.handlers.base import BaseRouteHandler

from domain.games import MAX_SEATS
from service.api.ids import canonical_id
from service.errors import UnknownToken, WrongSeat
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.usecases import auth, games, match_writes, pipeline_steps, player_seats
from service.usecases.games import SeatRead
from service.usecases.match_writes import MatchRead
from service.usecases.pipeline_steps import Loaded

__all__ = ["Loaded", "MatchRead", "SeatRead", "SeatToken", "Viewer", "granted"]

Connection = ASGIConnection[Any, Any, Any, Any]
G = TypeVar("G")
#: Where a guard leaves its grant: the connection's state.
_GRANT = "penang_rummy.grant"


class Viewer(NamedTuple):
    """Who reads a game's events: the token's seat, or None for a spectator."""

    seat: int | None


class SeatToken(NamedTuple):
    """A seat whose token was shown: its stored hash (a stream ticket names it)."""

    token_sha256: str


class _GuardedInPlace(HTTPRouteHandler):
    """A route handler whose guards are handed the handler itself.

    Litestar hands each guard a copy of the handler (`copy` of some fifty fields, on
    every request), so that a guard may change it for that request alone. The guards
    here read nothing of it, and change nothing: for a turn, the copy cost two thirds
    as much again as the guard's own work (profiled), for nothing.
    """

    async def authorize_connection(self, connection: Connection) -> None:
        for guard in self.resolve_guards():
            await guard(connection, self)  # type: ignore[misc]


def get(path: str, **options: Any) -> HTTPRouteHandler:
    """`litestar.get`, for an operation with a guard of this module (`_GuardedInPlace`)."""
    return _GuardedInPlace(path, http_method=HttpMethod.GET, **options)


def post(path: str, **options: Any) -> HTTPRouteHandler:
    """`litestar.post`, for an operation with a guard of this module (`_GuardedInPlace`)."""
    return _GuardedInPlace(path, http_method=HttpMethod.POST, **options)


def granted(connection: Connection, kind: type[G]) -> G:
    """What the handler's guard granted the request (a handler without one is a bug)."""
    grant = connection.scope["state"].get(_GRANT)
    if not isinstance(grant, kind):
        raise RuntimeError(f"no guard granted this request its {kind.__name__}")
    return grant


def grant(connection: Connection, what: object) -> None:
    """Leave the guard's grant for the handler (`granted`)."""
    connection.scope["state"][_GRANT] = what


def _store(connection: Connection) -> GameStore:
    store = connection.app.state.store
    if not isinstance(store, GameStore):
        raise RuntimeError("the event store is not open")
    return store


def _authorization(connection: Connection) -> str | None:
    return connection.headers.get("authorization")


def _id(connection: Connection, name: str) -> UUID | None:
    """The id the path names, None where it is spelt otherwise (refused as 422 later)."""
    return canonical_id(connection.path_params[name])


def _seat(connection: Connection) -> int | None:
    """The seat the path names, None past every table's bound (refused as 422 later)."""
    seat = connection.path_params["seat"]
    return seat if isinstance(seat, int) and 0 <= seat < MAX_SEATS else None


# --- a seat's commands and reads of its game --------------------------------------------


async def seat_command(
    store: GameStore, game_id: UUID, seat: int, authorization: str | None
) -> Loaded:
    """What a seat's command (a turn, a dead declaration) is decided on, for the bearer
    of that seat's token: the pipeline's load, from memory where the process holds it."""
    loaded = pipeline_steps.cached(store, game_id)
    if loaded is None:
        loaded = await anyio.to_thread.run_sync(pipeline_steps.load, store, game_id)
    auth.check_seat(loaded.state, seat)
    try:
        auth.authorize(loaded.secrets, authorization, seat)
    except UnknownToken:
        if not player_seats.is_player_key(authorization):
            raise
        await anyio.to_thread.run_sync(player_seats.authorize, store, game_id, authorization, seat)
    return loaded


async def guard_seat_command(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `submitTurn` and `declareDead` (`seat_command`)."""
    game_id, seat = _id(connection, "game_id"), _seat(connection)
    if game_id is not None and seat is not None:
        loaded = await seat_command(_store(connection), game_id, seat, _authorization(connection))
        grant(connection, loaded)


def seat_read(store: GameStore, game_id: UUID, seat: int, authorization: str | None) -> SeatRead:
    """A seat's read of its game now, for the bearer of that seat's token (a thread's)."""
    read = games.seat_read(store, game_id)
    auth.check_seat(read.state, seat)
    _seat_or_player(store, game_id, read.secrets.token_sha256, authorization, seat)
    return read


def _seat_or_player(
    store: GameStore,
    game_id: UUID,
    hashes: tuple[str | None, ...] | tuple[str, ...],
    authorization: str | None,
    seat: int,
) -> None:
    """Require the seat's token, or the key of the player holding the seat (U10)."""
    try:
        auth.authorize(hashes, authorization, seat)
    except UnknownToken:
        if not player_seats.is_player_key(authorization):
            raise
        player_seats.authorize(store, game_id, authorization, seat)


def _viewer(
    store: GameStore, game_id: UUID, hashes: GameSecrets, authorization: str | None
) -> int | None:
    """The bearer's seat (a seat's token, or its player's key: U10), None without one."""
    try:
        return auth.viewer(hashes, authorization)
    except UnknownToken:
        if not player_seats.is_player_key(authorization):
            raise
        return player_seats.player_seat(store, game_id, authorization)


async def guard_seat_read(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `getSeatView`, `getLegalMoves` and `getMovesAfter` (`seat_read`)."""
    game_id, seat = _id(connection, "game_id"), _seat(connection)
    if game_id is not None and seat is not None:
        store, authorization = _store(connection), _authorization(connection)
        read = await anyio.to_thread.run_sync(seat_read, store, game_id, seat, authorization)
        grant(connection, read)


async def guard_viewer(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `getEvents`: the token's seat, or a spectator without one (an unknown
    token is refused)."""
    game_id = _id(connection, "game_id")
    if game_id is not None:
        store = _store(connection)
        game_secrets = store.cached_secrets(game_id)
        if game_secrets is None:
            game_secrets = await anyio.to_thread.run_sync(store.secrets, game_id)
        authorization = _authorization(connection)
        if player_seats.is_player_key(authorization):
            seat = await anyio.to_thread.run_sync(
                _viewer, store, game_id, game_secrets, authorization
            )
        else:
            seat = auth.viewer(game_secrets, authorization)
        grant(connection, Viewer(seat))


# --- stream tickets -------------------------------------------------------------------------


def _seat_token(hashes: tuple[str | None, ...], seat: int, authorization: str | None) -> SeatToken:
    auth.check_seat_number(len(hashes), seat)
    auth.authorize(hashes, authorization, seat)
    token_sha256 = hashes[seat]
    assert token_sha256 is not None  # authorize found the token at this seat
    return SeatToken(token_sha256)


async def guard_game_seat_token(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `createGameStreamTicket`: the bearer of the seat's token."""
    game_id, seat = _id(connection, "game_id"), _seat(connection)
    if game_id is not None and seat is not None:
        store = _store(connection)
        game_secrets = store.cached_secrets(game_id)
        if game_secrets is None:
            game_secrets = await anyio.to_thread.run_sync(store.secrets, game_id)
        hashes, authorization = game_secrets.token_sha256, _authorization(connection)
        if player_seats.is_player_key(authorization):
            # The player's ticket is the seat's: it dies with the seat's token as any (U10).
            auth.check_seat_number(len(hashes), seat)
            await anyio.to_thread.run_sync(
                _seat_or_player, store, game_id, hashes, authorization, seat
            )
            grant(connection, SeatToken(hashes[seat]))
        else:
            grant(connection, _seat_token(hashes, seat, authorization))


# --- a match's seats and its host -------------------------------------------------------


async def _match(connection: Connection) -> MatchRead | None:
    match_id = _id(connection, "match_id")
    if match_id is None:
        return None
    return await anyio.to_thread.run_sync(match_writes.read, _store(connection), match_id)


async def _match_seat_or_player(connection: Connection, read: MatchRead, seat: int) -> None:
    """Require the match's seat's token, or the key of the player holding the seat (U13)."""
    authorization = _authorization(connection)
    try:
        auth.authorize(read.secrets.seat_sha256, authorization, seat)
    except UnknownToken:
        if not player_seats.is_player_key(authorization):
            raise
        held = await anyio.to_thread.run_sync(
            player_seats.held_seat, _store(connection), read.secrets.seated, authorization
        )
        if held != seat:
            raise WrongSeat(f"this player holds seat {held}, not seat {seat}") from None


async def guard_match_seat(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `leaveSeat`: the bearer of the match's seat's token, or its player's key."""
    seat = _seat(connection)
    read = None if seat is None else await _match(connection)
    if read is not None and seat is not None:
        auth.check_seat_number(read.state.seats, seat)
        await _match_seat_or_player(connection, read, seat)
        grant(connection, read)


async def guard_match_seat_token(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `createMatchStreamTicket`: the bearer of the match's seat's token, or
    its player's key (U13), whose ticket is the seat's."""
    seat = _seat(connection)
    read = None if seat is None else await _match(connection)
    if read is not None and seat is not None:
        hashes = read.secrets.seat_sha256
        auth.check_seat_number(len(hashes), seat)
        await _match_seat_or_player(connection, read, seat)
        token_sha256 = hashes[seat]
        if token_sha256 is None:
            raise UnknownToken("the bearer token is not a token of this table")
        grant(connection, SeatToken(token_sha256))


async def guard_host(connection: Connection, _: BaseRouteHandler) -> None:
    """The guard of `closeMatch`: the bearer of the match's host token."""
    read = await _match(connection)
    if read is not None:
        auth.require(read.secrets.host_sha256, _authorization(connection), "host")
        grant(connection, read)
