"""Live updates over server-sent events: a game's stream and a match's stream.

`GET /games/{id}/stream` and `GET /matches/{id}/stream` answer `text/event-stream`:
every event the caller may see (a seat with its bearer token or a stream ticket, a
spectator without, a match's host as a spectator: `service.usecases.stream_access`),
as `getEvents` shows it, then an `event: turn` message after each batch. A client
that reconnects with `Last-Event-ID` (or `?last_event_id=`) gets exactly what it
missed. Checks (the game or match, the token or ticket, the id, the caller's open
streams) come before the stream opens, so each refusal is a problem; the stream ends
when the game (the match) is over and all of it is sent, and a client that already has
all of a finished stream gets 204, which tells an EventSource to stop reconnecting.
A stopping
process ends each stream with a `retry:` field (`Settings.stream_retry_ms`, after a
comment saying why): its client reconnects after that delay, to another process where
a balancer has one; a stream asked of a process already stopping gets only that.

The hub (`service.usecases.hub`), one per app, lives with the app, and frames the
messages (`service.api.stream_hub`).

Both routes are one handler, `follow`, given what it follows (`Followed`: the kind, the
id read of the path by the route's dependency, and the access check); the routes differ
only in their path and their documentation.

The response is Litestar's `Stream`, not its `ServerSentEvent`, which would frame every
message again for each stream.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, Final, NamedTuple
from uuid import UUID

import anyio.to_thread
from litestar import Request, get
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import ResponseSpec
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import Stream

from service.api.http import (
    STREAM_SECURITY,
    GameId,
    MatchId,
    authorization,
    problems,
)
from service.api.stream_hub import KEEPALIVE
from service.errors import InvalidRequest
from service.store import GameStore
from service.usecases import stream_access, tickets
from service.usecases.feeds import Kind
from service.usecases.hub import Hub, Stopping
from service.usecases.stream_access import StreamAccess

EVENT_STREAM: Final = "text/event-stream"
#: The largest Last-Event-ID read (a position; no stream comes near it).
MAX_EVENT_ID: Final = 1_000_000
_HEADERS: Final = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}

LastEventIdHeader = Annotated[
    str | None,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        max_length=7,
        pattern=r"^(?:[0-9]{1,6}|1000000)$",  # 0 to MAX_EVENT_ID
        description=(
            "Resume after this event: the `id` of the last event received (an EventSource "
            "sends it when it reconnects). Wins over `last_event_id`."
        ),
    ),
]
LastEventIdQuery = Annotated[
    int | None,
    QueryParameter(
        ge=0,
        le=MAX_EVENT_ID,
        required=False,
        schema_extra={"minimum": 0},
        description=(
            "Resume after this event, for clients that cannot set the Last-Event-ID "
            "header (a new EventSource); 0 or none: from the first event."
        ),
    ),
]

TicketQuery = Annotated[
    str | None,
    QueryParameter(
        required=False,
        min_length=16,
        max_length=128,
        pattern=r"^[A-Za-z0-9_-]{16,128}$",
        description=(
            "A stream ticket (`createGameStreamTicket`, `createMatchStreamTicket`), for a "
            "client that cannot send Authorization (a browser's EventSource): it opens the "
            "stream once, as its seat, within 60 seconds of being made. A seat token is "
            "never taken in the URL."
        ),
    ),
]

_FORMAT = (
    "Each event is sent as `event:` its type, `id:` as above and one `data:` line of "
    "JSON; after each batch of events comes `event: turn`, with no `id`, whose data is a "
    "`TurnMessage` (the game, its version, whose turn, whether it is over, and the "
    "`deadline` of the turn or null). A comment `: keep-alive` is sent after "
    "PENANG_RUMMY_STREAM_KEEPALIVE_SECONDS without a message. A seat sees its own hand "
    "and nobody sees another hand or the undealt cards while a game runs (P5); once it "
    "is over, everything (R3), as `getEvents` shows it."
)


def _after(header: str | None, query: int | None) -> int:
    if header is not None:
        after = int(header)
        if after > MAX_EVENT_ID:
            raise InvalidRequest(f"Last-Event-ID is at most {MAX_EVENT_ID}", "Last-Event-ID")
        return after
    return query or 0


def _address(request: Request[Any, Any, Any]) -> str:
    client = request.client
    return client.host if client is not None else "unknown"


async def _open(
    request: Request[Any, Any, Any],
    hub: Hub,
    key: tuple[Kind, UUID],
    access: StreamAccess,
    after: int,
) -> Stream:
    holder = hub.admit(access.token_sha256, _address(request))
    try:
        subscription = await hub.subscribe(*key, access.viewer, after, holder)
    except Stopping:
        return Stream((hub.farewell,), media_type=EVENT_STREAM, headers=_HEADERS)
    if subscription is None:
        return Stream((), status_code=204, headers=_HEADERS)
    chunks = subscription.chunks(hub.keepalive, KEEPALIVE)
    return Stream(chunks, media_type=EVENT_STREAM, headers=_HEADERS)


_FINISHED = ResponseSpec(
    None,
    description=(
        "The stream is over (its game or match ended) and the Last-Event-ID is its last "
        "event: nothing more will come, and an EventSource stops reconnecting."
    ),
)


class Followed(NamedTuple):
    """What a stream follows: a game or a match, its id, and who may open its stream."""

    kind: Kind
    stream: UUID
    #: Checks the caller's credential and `after` against the stream, before it opens.
    access: Callable[..., StreamAccess]


def _game(game_id: GameId) -> Followed:
    """A game's stream follows the game (`GET /games/{game_id}/stream`)."""
    return Followed("game", game_id, stream_access.open_game)


def _match(match_id: MatchId) -> Followed:
    """A match's stream follows the match and its games (`GET /matches/{match_id}/stream`)."""
    return Followed("match", match_id, stream_access.open_match)


async def follow(
    *,
    followed: NamedDependency[Followed],
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    hub: NamedDependency[Hub],
    last_event_id_header: LastEventIdHeader = None,
    last_event_id: LastEventIdQuery = None,
    ticket: TicketQuery = None,
) -> Stream:
    """The one stream handler: the credential (token or ticket) and `Last-Event-ID`
    checked in a thread against what it follows, then the hub's subscription."""
    after = _after(last_event_id_header, last_event_id)
    opening = partial(
        followed.access,
        store,
        followed.stream,
        authorization=authorization(request),
        ticket=ticket,
        after=after,
        at=tickets.now(),
    )
    access = await anyio.to_thread.run_sync(opening)
    return await _open(request, hub, (followed.kind, followed.stream), access, after)


def _stream_route(
    path: str,
    followed: Callable[..., Followed],
    *,
    operation_id: str,
    summary: str,
    description: str,
) -> HTTPRouteHandler:
    """`follow` at `path`, following what `followed` reads of the path."""
    return get(
        path,
        operation_id=operation_id,
        summary=summary,
        description=description,
        media_type=EVENT_STREAM,
        security=STREAM_SECURITY,
        responses={204: _FINISHED, **problems(401, 403, 404, 422, 429)},
        dependencies={"followed": Provide(followed, sync_to_thread=False)},
    )(follow)


stream_game = _stream_route(
    "/games/{game_id:str}/stream",
    _game,
    operation_id="streamGame",
    summary="Follow a game live: its events as the token's seat (or a spectator) sees them.",
    description=(
        "Server-sent events. `id` is the game's version after the event (`Dealt` is 1); "
        "reconnect with `Last-Event-ID` for exactly the events missed. The stream ends once "
        "the game is over and every event is sent. A match's seat token serves every game "
        "of the match, as that seat; its host's token, as a spectator. A browser's "
        "EventSource, which sends no Authorization, follows its seat with `?ticket=` "
        "(`createGameStreamTicket`). " + _FORMAT
    ),
)
stream_match = _stream_route(
    "/matches/{match_id:str}/stream",
    _match,
    operation_id="streamMatch",
    summary="Follow a match live: its events and its games' events, in one order.",
    description=(
        "Server-sent events: the match's events in order, each `MatchGameStarted` followed "
        "by every event of that game as it is played, and the match's events recorded "
        "after it (its score, a close, the next game) once that game is over. `id` is the "
        "event's position in that sequence, from 1 (a `MatchStreamRecord` says which game "
        "an event is of, and its version there); the order is a function of the stored "
        "events alone, so `Last-Event-ID` resumes exactly, on any process. A seat's token "
        "(or a ticket, `createMatchStreamTicket`) shows that seat's hand in every game; the "
        "host's token opens it as a spectator. The stream ends once the match is over. " + _FORMAT
    ),
)

ROUTES = (stream_game, stream_match)
