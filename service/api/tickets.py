"""The stream tickets' endpoints: a seat's bearer token for a single-use stream ticket.

For clients that cannot send `Authorization` on a stream (a browser's `EventSource`):
see `service.usecases.tickets`. The answer is a secret for a minute: no cache keeps it.
"""

from __future__ import annotations

from typing import Any, Final

from litestar import Request, Response
from litestar.di import NamedDependency

from service.api import guards
from service.api.guards import SeatToken
from service.api.http import (
    SEAT_SECURITY,
    GameId,
    MatchId,
    Seat,
    problems,
)
from service.store import GameStore
from service.usecases import tickets
from service.usecases.tickets import TICKET_SECONDS, StreamTicket

_NO_STORE: Final = {"Cache-Control": "no-store"}
_WHY = (
    "For a client that cannot send Authorization on the stream (a browser's EventSource): "
    f"the ticket opens the stream once, as this seat, within {TICKET_SECONDS} seconds, in "
    "any process of the service. Open `stream` (the path, ticket included); to resume "
    "after a drop, ask for a new ticket and send `last_event_id` too (a used ticket is "
    "refused, 401 `ticket-used`)."
)


@guards.post(
    "/games/{game_id:str}/seats/{seat:int}/ticket",
    operation_id="createGameStreamTicket",
    summary="A single-use ticket to the game's stream as this seat (for an EventSource).",
    description=_WHY + " A match's seat token serves every game of the match.",
    sync_to_thread=True,
    status_code=201,
    security=SEAT_SECURITY,
    guards=[guards.guard_game_seat_token],
    responses=problems(401, 403, 404, 422),
)
def create_game_stream_ticket(
    game_id: GameId,
    seat: Seat,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
) -> Response[StreamTicket]:
    token = guards.granted(request, SeatToken).token_sha256
    made = tickets.game_ticket(store, game_id, seat, token, tickets.now())
    return Response(made, status_code=201, headers=_NO_STORE)


@guards.post(
    "/matches/{match_id:str}/seats/{seat:int}/ticket",
    operation_id="createMatchStreamTicket",
    summary="A single-use ticket to the match's stream as this seat (for an EventSource).",
    description=_WHY,
    sync_to_thread=True,
    status_code=201,
    security=SEAT_SECURITY,
    guards=[guards.guard_match_seat_token],
    responses=problems(401, 403, 404, 422),
)
def create_match_stream_ticket(
    match_id: MatchId,
    seat: Seat,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
) -> Response[StreamTicket]:
    token = guards.granted(request, SeatToken).token_sha256
    made = tickets.match_ticket(store, match_id, seat, token, tickets.now())
    return Response(made, status_code=201, headers=_NO_STORE)


ROUTES = (create_game_stream_ticket, create_match_stream_ticket)
