"""The match endpoints: open a table, claim and leave seats, close it, read it.

A match's games are ordinary games (`service.api.games`), played with the seat tokens
the match gave. Handlers parse, call one use case of `service.usecases.matches` in a
worker thread, and answer.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody

from domain.match.records import dump_match_record
from domain.match.views import MatchView
from service.api import guards
from service.api.guards import MatchRead
from service.api.http import (
    ETAG,
    HOST_SECURITY,
    IDEMPOTENT_REPLAY,
    JSON_MEDIA_TYPE,
    SEAT_SECURITY,
    MatchId,
    Seat,
    SecretIdempotencyKey,
    Since,
    body_problems,
    problems,
    replayable,
    tagged,
)
from service.settings import Settings
from service.signing import KeyRing
from service.store import GameStore
from service.usecases import matches
from service.usecases.match_messages import (
    ClaimedSeat,
    ClaimSeat,
    CreatedMatch,
    CreateMatch,
    LeftSeat,
    MatchEventsPage,
    MatchRecordDocument,
)


@post(
    "/matches",
    operation_id="createMatch",
    summary="Open a match: players named (every seat's token) or seats open to claim.",
    description=(
        "With `players`, the match starts at once: the first dealer is drawn from the "
        "match seed (P6) and the first game is dealt; the answer holds every seat's token. "
        "With `seats`, every seat is open: the answer holds no seat token, and each player "
        "claims a seat (`claimSeat`); the cards are dealt when the last seat is taken. The "
        "match commits to its seed now, before any seat seed is known (R18). The host "
        "token closes the match (`closeMatch`). Each next game is dealt when the last one "
        "ends, by the winner (P7) or, without points recorded, the worst loser (P8)."
    ),
    sync_to_thread=True,
    security=[{}, {"playerKey": []}, {"operatorKey": []}],
    response_headers=[ETAG, IDEMPOTENT_REPLAY],
    responses=body_problems(401, 403, 404),
)
def create_match(
    data: JSONBody[CreateMatch],
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    settings: NamedDependency[Settings],
    idempotency_key: SecretIdempotencyKey = None,
) -> Response[CreatedMatch]:
    authorization = request.headers.get("authorization")
    created = matches.create_match(store, settings, data, idempotency_key, authorization)
    return replayable(created, created.value.version, status=201)


@get(
    "/matches/{match_id:str}",
    operation_id="getMatch",
    summary="The match: seats, games, dealers, scores and totals (nothing in it is secret).",
    sync_to_thread=True,
    response_headers=[ETAG],
    responses=problems(404, 422),
)
def get_match(match_id: MatchId, store: NamedDependency[GameStore]) -> Response[MatchView]:
    view = matches.match_view(store, match_id)
    return tagged(view, view.version)


@get(
    "/matches/{match_id:str}/events",
    operation_id="getMatchEvents",
    summary="The match's own events (claims, deals, scores, the end) after a version.",
    sync_to_thread=True,
    response_headers=[ETAG],
    responses=problems(404, 422),
)
def get_match_events(
    match_id: MatchId, store: NamedDependency[GameStore], since: Since = 0
) -> Response[MatchEventsPage]:
    page = matches.match_events(store, match_id, since)
    return tagged(page, page.version)


@post(
    "/matches/{match_id:str}/seats/{seat:int}/claim",
    operation_id="claimSeat",
    summary="Claim an open seat: its token, for this seat only; the last claim deals.",
    sync_to_thread=True,
    security=[{}, {"playerKey": []}, {"operatorKey": []}],
    response_headers=[ETAG, IDEMPOTENT_REPLAY],
    responses=body_problems(401, 403, 404, 409),
)
def claim_seat(
    match_id: MatchId,
    seat: Seat,
    data: JSONBody[ClaimSeat],
    request: Request[Any, Any, Any],
    *,
    store: NamedDependency[GameStore],
    settings: NamedDependency[Settings],
    idempotency_key: SecretIdempotencyKey = None,
) -> Response[ClaimedSeat]:
    authorization = request.headers.get("authorization")
    claimed = matches.claim_seat(
        store, settings, match_id, seat, data, key=idempotency_key, authorization=authorization
    )
    return replayable(claimed, claimed.value.version, status=201)


@guards.post(
    "/matches/{match_id:str}/seats/{seat:int}/leave",
    operation_id="leaveSeat",
    summary="Leave a claimed seat before the deal: the seat is open again, its token void.",
    sync_to_thread=True,
    status_code=200,
    security=SEAT_SECURITY,
    guards=[guards.guard_match_seat],
    response_headers=[ETAG],
    responses=problems(401, 403, 404, 409, 422),
)
def leave_seat(
    match_id: MatchId,
    seat: Seat,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
) -> Response[LeftSeat]:
    left = matches.leave_seat(store, match_id, seat, guards.granted(request, MatchRead))
    return tagged(left, left.version)


@guards.post(
    "/matches/{match_id:str}/close",
    operation_id="closeMatch",
    summary="Close the match (host): the game being played is its last.",
    sync_to_thread=True,
    status_code=200,
    security=HOST_SECURITY,
    guards=[guards.guard_host],
    response_headers=[ETAG],
    responses=problems(401, 404, 409, 422),
)
def close_match(
    match_id: MatchId, request: Request[Any, Any, Any], store: NamedDependency[GameStore]
) -> Response[MatchView]:
    view = matches.close_match(store, match_id, guards.granted(request, MatchRead))
    return tagged(view, view.version)


@get(
    "/matches/{match_id:str}/record",
    operation_id="exportMatchRecord",
    summary="The record of a match that is over: its events and every game's signed record.",
    description=(
        "Format `penang-rummy-match-record/1` (domain.match.records): the match's events "
        "in their stored form, then each game's record as `exportRecord` gives it "
        "(chained and signed). Refused (409 `match-not-over`) while the match runs: its "
        "games' records show every hand. `penang-rummy verify RECORD` checks it offline, "
        "the dealer of every game included."
    ),
    sync_to_thread=True,
    response_headers=[ETAG],
    responses={
        200: ResponseSpec(
            MatchRecordDocument,
            description="The match record",
            media_type=JSON_MEDIA_TYPE,
            generate_examples=False,
        ),
        **problems(404, 409, 422),
    },
)
def export_match_record(
    match_id: MatchId, store: NamedDependency[GameStore], keyring: NamedDependency[KeyRing]
) -> Response[bytes]:
    record = matches.export_match_record(store, match_id, keyring)
    return Response(
        dump_match_record(record),
        media_type=JSON_MEDIA_TYPE,
        headers={"ETag": f'"{len(record.events)}"'},
    )


ROUTES = (
    create_match,
    get_match,
    get_match_events,
    claim_seat,
    leave_seat,
    close_match,
    export_match_record,
)
