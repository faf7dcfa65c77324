"""The game endpoints: create, read (spectator and seat views, events, legal moves), play.

Handlers parse, call one use case of `service.usecases.games` in a worker thread (the
event store is synchronous), and answer; an operation that takes a seat's token has a
guard (`service.api.guards`) that checks it and grants the handler what it read;
errors are raised and turned into problems by the table in `service.api.problems`. A
turn and a dead declaration are decided on the event loop where they need no read, and
only their write is awaited.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency
from litestar.params import JSONBody

from domain.games import LISTED, in_words
from service.api import guards
from service.api.guards import Loaded, SeatRead, Viewer
from service.api.http import (
    ETAG,
    IDEMPOTENT_REPLAY,
    SEAT_SECURITY,
    SPECTATOR_OR_SEAT_SECURITY,
    AtVersion,
    GameId,
    IdempotencyKey,
    IfMatch,
    Seat,
    SecretIdempotencyKey,
    Since,
    body_problems,
    if_match_version,
    problems,
    replayable,
    tagged,
    tagged_view,
)
from service.settings import Settings
from service.store import GameStore
from service.usecases import creation, games, loop_commands
from service.usecases.game_kinds import AnyView
from service.usecases.messages import (
    ComposedTurn,
    CreatedGame,
    CreateGame,
    EventsPage,
    MovesView,
    SubmitTurn,
    TurnResult,
)


def _store(state: State) -> GameStore:
    """The app's store, for the two commands whose every microsecond counts (a turn and a
    dead declaration read it here, without resolving a dependency)."""
    store = state.store
    if not isinstance(store, GameStore):
        raise RuntimeError("the event store is not open")
    return store


def _answer(answer: games.Answer) -> Response[TurnResult]:
    response = tagged(answer.result, answer.result.version)
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@post(
    "/games",
    operation_id="createGame",
    summary="Deal a new game and get one bearer token per seat.",
    sync_to_thread=True,
    security=[{}, {"playerKey": []}, {"operatorKey": []}],
    response_headers=[ETAG, IDEMPOTENT_REPLAY],
    responses=body_problems(401, 403, 404),
)
def create_game(
    data: JSONBody[CreateGame],
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    settings: NamedDependency[Settings],
    idempotency_key: SecretIdempotencyKey = None,
) -> Response[CreatedGame]:
    authorization = request.headers.get("authorization")
    created = creation.create_game(store, settings, data, idempotency_key, authorization)
    return replayable(created, created.value.version, status=201)


@get(
    "/games/{game_id:str}",
    operation_id="getGame",
    summary="The game, now or at a version, as a spectator sees it: no hidden hand while it runs.",
    sync_to_thread=True,
    response_headers=[ETAG],
    responses=problems(404, 422),
)
def get_game(
    game_id: GameId, store: NamedDependency[GameStore], version: AtVersion = None
) -> Response[AnyView]:
    return tagged_view(games.spectator_view(store, game_id, version))


@guards.get(
    "/games/{game_id:str}/seats/{seat:int}",
    operation_id="getSeatView",
    summary="The game, now or at a version, as one seat sees it, with its own hand.",
    sync_to_thread=True,
    security=SEAT_SECURITY,
    guards=[guards.guard_seat_read],
    response_headers=[ETAG],
    responses=problems(401, 403, 404, 422),
)
def get_seat_view(
    game_id: GameId,
    seat: Seat,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    version: AtVersion = None,
) -> Response[AnyView]:
    read = guards.granted(request, SeatRead)
    return tagged_view(games.seat_view(store, game_id, seat, read, version))


@guards.post(
    "/games/{game_id:str}/seats/{seat:int}/turns",
    operation_id="submitTurn",
    summary="Play a turn, or part of a draw game's turn: its actions, checked in order.",
    description=(
        " ".join(f"In {game.title}, {game.turn_words}." for game in LISTED)
        + " A draw game's turn may be sent as several commands, the draw first (R22). Each "
        "command's actions are checked in order and recorded together, or refused "
        "together with nothing recorded; an action of another game is refused naming "
        "this game's rule (`not-in-this-game`)."
    ),
    status_code=200,
    security=SEAT_SECURITY,
    guards=[guards.guard_seat_command],
    response_headers=[ETAG, IDEMPOTENT_REPLAY],
    responses=body_problems(401, 403, 404, 409),
)
async def submit_turn(
    *,
    game_id: GameId,
    seat: Seat,
    data: JSONBody[SubmitTurn],
    request: Request[Any, Any, Any],
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response[TurnResult]:
    answer = await loop_commands.submit_turn_on_loop(
        store=_store(request.app.state),
        game_id=game_id,
        seat=seat,
        loaded=guards.granted(request, Loaded),
        if_match=if_match_version(if_match),
        key=idempotency_key,
        actions=data.actions,
    )
    return _answer(answer)


@guards.post(
    "/games/{game_id:str}/seats/{seat:int}/dead",
    operation_id="declareDead",
    summary="Declare the seat dead; refused while it has a legal move (D6).",
    description=(
        " ".join(f"{game.dead_words}." for game in LISTED if game.dead_words)
        + " The draw games have none, since every turn there draws and discards: "
        + in_words([game.title for game in LISTED if not game.declares_dead])
        + " refuse it naming their turn rule (`not-in-this-game`, "
        + ", ".join(game.turn_rule for game in LISTED if not game.declares_dead)
        + ")."
    ),
    status_code=200,
    security=SEAT_SECURITY,
    guards=[guards.guard_seat_command],
    response_headers=[ETAG, IDEMPOTENT_REPLAY],
    responses=problems(401, 403, 404, 409, 422),
)
async def declare_dead(
    *,
    game_id: GameId,
    seat: Seat,
    request: Request[Any, Any, Any],
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response[TurnResult]:
    answer = await loop_commands.dead_on_loop(
        store=_store(request.app.state),
        game_id=game_id,
        seat=seat,
        loaded=guards.granted(request, Loaded),
        if_match=if_match_version(if_match),
        key=idempotency_key,
    )
    return _answer(answer)


@guards.get(
    "/games/{game_id:str}/seats/{seat:int}/moves",
    operation_id="getLegalMoves",
    summary="The seat's legal moves now: a bounded list and the exact answer.",
    sync_to_thread=True,
    security=SEAT_SECURITY,
    guards=[guards.guard_seat_read],
    response_headers=[ETAG],
    responses=problems(401, 403, 404, 422),
)
def get_legal_moves(
    game_id: GameId, seat: Seat, request: Request[Any, Any, Any]
) -> Response[MovesView]:
    found = games.moves(guards.granted(request, SeatRead), seat)
    return tagged(found, found.version)


@guards.post(
    "/games/{game_id:str}/seats/{seat:int}/moves/after",
    operation_id="getMovesAfter",
    summary="The legal moves after the actions of a turn chosen so far; records nothing.",
    description=(
        "A turn chosen one action at a time (P11, R22): the actions so far are checked "
        "in order as `submitTurn` would check them, on the game now, and nothing is "
        "recorded. The answer is the seat's view after them, the legal moves that may "
        "follow, whether they may be sent as they are (`complete`), whether they end the "
        "turn (`ends_turn`), and whether they must be sent before anything may follow "
        "(`send_first`: a draw from the stock, whose card is known only once recorded, "
        "R22). A refusal is the problem `submitTurn` would answer. Read like "
        "`getLegalMoves`: the seat's token only."
    ),
    status_code=200,
    sync_to_thread=True,
    security=SEAT_SECURITY,
    guards=[guards.guard_seat_read],
    response_headers=[ETAG],
    responses=body_problems(401, 403, 404, 409),
)
def get_moves_after(
    game_id: GameId, seat: Seat, data: JSONBody[SubmitTurn], request: Request[Any, Any, Any]
) -> Response[ComposedTurn]:
    found = games.compose(guards.granted(request, SeatRead), seat, data.actions)
    return tagged(found, found.version)


@guards.get(
    "/games/{game_id:str}/events",
    operation_id="getEvents",
    summary="The game's events as the token's seat (or, without one, a spectator) sees them.",
    sync_to_thread=True,
    security=SPECTATOR_OR_SEAT_SECURITY,
    guards=[guards.guard_viewer],
    response_headers=[ETAG],
    responses=problems(401, 404, 422),
)
def get_events(
    game_id: GameId,
    request: Request[Any, Any, Any],
    store: NamedDependency[GameStore],
    since: Since = 0,
) -> Response[EventsPage]:
    viewer = guards.granted(request, Viewer).seat
    page = games.events_page(store, game_id, viewer, since)
    return tagged(page, page.version)
