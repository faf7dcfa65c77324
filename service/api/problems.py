"""Errors become HTTP here, once: one table from exception type to status and problem.

Handlers only raise. `problem_handler` is registered on the app for every type in
`PROBLEMS` and answers with an RFC 9457 `application/problem+json` body carrying a
stable `code` (the domain error's own code where there is one), the rule id of a rule
violation, the offending action's index (or, for an imported record, the index of
its first bad or altered event), and a `detail` that speaks only of what the
caller may know (the domain's messages name only the acting seat's cards).
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple, TypeVar

from eventsourcing.persistence import OperationalError
from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    MethodNotAllowedException,
    NotFoundException,
    ValidationException,
)
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.types import ExceptionHandlersMap

from domain.drawgame.errors import (
    BadRebuild,
    CannotGoOut,
    EmptyStock,
    LastCardDiscard,
    TakenBack,
    WrongPhase,
)
from domain.errors import (
    GameOver,
    InvalidRules,
    MalformedInput,
    NotInThisGame,
    NotYourTurn,
    RuleViolation,
    RummyError,
    SeatIsDead,
    UnknownSeat,
    UnreadableAction,
)
from domain.match.errors import (
    MatchClosedAlready,
    MatchNotOver,
    MatchOver,
    MatchUnderway,
    NoGameToScore,
    SeatNotTaken,
    SeatsOpen,
    SeatTaken,
)
from domain.provenance import PROVENANCE_CODES
from domain.replay import REPLAY_CODES
from service.api.schemas import FieldError, Problem
from service.errors import (
    BodyTooLarge,
    CorsRefused,
    DeckNotAllowed,
    GameNotFound,
    GameNotOver,
    IdempotencyKeyReused,
    InvalidRecord,
    InvalidRequest,
    MalformedAction,
    MalformedHttpRequest,
    MatchNotFound,
    MetricsForbidden,
    MissingToken,
    NotThisGamesOption,
    RateLimited,
    RecordNotFinished,
    ServiceError,
    StaleVersion,
    StreamConflict,
    TicketElsewhere,
    TicketExpired,
    TicketSeatChanged,
    TicketUnknown,
    TicketUsed,
    TokenInUrl,
    TooManyStreams,
    TurnTimedOut,
    UnknownBot,
    UnknownToken,
    UnsupportedMediaType,
    VersionConflict,
    VersionNotFound,
    WrongSeat,
)
from service.metrics import Metrics

E = TypeVar("E", bound=Exception)
PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:penang-rummy:problem:"
_log = logging.getLogger("service.api.problems")


class Row(NamedTuple):
    """How one exception type answers: status, problem type slug, title."""

    status: int
    slug: str
    title: str


#: The one table. Lookup walks the exception's MRO, so the most specific row wins.
PROBLEMS: dict[type[Exception], Row] = {
    GameNotFound: Row(404, "game-not-found", "Game not found"),
    MatchNotFound: Row(404, "match-not-found", "Match not found"),
    VersionNotFound: Row(404, "version-not-found", "No such version"),
    UnknownSeat: Row(404, "unknown-seat", "No such seat"),
    MissingToken: Row(401, "unauthorized", "Bearer token required"),
    UnknownToken: Row(401, "unauthorized", "Bearer token not recognised"),
    WrongSeat: Row(403, "forbidden", "Token of another seat"),
    TicketUnknown: Row(401, "unauthorized", "Stream ticket not recognised"),
    TicketUsed: Row(401, "unauthorized", "Stream ticket used already"),
    TicketExpired: Row(401, "unauthorized", "Stream ticket expired"),
    TicketElsewhere: Row(403, "forbidden", "Stream ticket of another stream"),
    TicketSeatChanged: Row(403, "forbidden", "Stream ticket of a seat's former holder"),
    CorsRefused: Row(403, "cors-refused", "Cross-origin request refused"),
    DeckNotAllowed: Row(403, "deck-not-allowed", "Explicit decks are not allowed"),
    MetricsForbidden: Row(403, "metrics-forbidden", "The metrics are not served to this client"),
    NotYourTurn: Row(409, "not-your-turn", "Not your turn"),
    GameOver: Row(409, "game-over", "The game is over"),
    SeatIsDead: Row(409, "seat-dead", "The seat is dead"),
    SeatTaken: Row(409, "seat-taken", "The seat is taken"),
    SeatNotTaken: Row(409, "seat-open", "The seat is open"),
    MatchUnderway: Row(409, "match-started", "The match has started"),
    SeatsOpen: Row(409, "seats-open", "Seats are still open"),
    MatchOver: Row(409, "match-over", "The match is over"),
    MatchNotOver: Row(409, "match-not-over", "The match is not over"),
    MatchClosedAlready: Row(409, "match-closed", "The match is closed"),
    NoGameToScore: Row(409, "no-game-to-score", "No game to score"),
    GameNotOver: Row(409, "game-not-over", "The game is not over"),
    StaleVersion: Row(409, "stale-version", "Stale version"),
    TurnTimedOut: Row(409, "turn-timed-out", "The turn's time ran out"),
    VersionConflict: Row(409, "version-conflict", "Concurrent change"),
    StreamConflict: Row(409, "version-conflict", "Concurrent change"),
    #: 400, not 422: the message itself is broken, so no request was read (RFC 9110 15.5.1).
    MalformedHttpRequest: Row(400, "malformed-http-request", "Malformed HTTP request"),
    BodyTooLarge: Row(413, "body-too-large", "Request body too large"),
    RequestEntityTooLarge: Row(413, "body-too-large", "Request body too large"),
    UnsupportedMediaType: Row(415, "unsupported-media-type", "Unsupported media type"),
    TooManyStreams: Row(429, "too-many-streams", "Too many open streams"),
    #: The draw games' refusals (B3, B4, B7, B11, T4, T8, T10), each naming its game's rule.
    WrongPhase: Row(409, "wrong-phase", "Not this part of the turn"),
    EmptyStock: Row(422, "empty-stock", "Nothing to draw from the stock"),
    TakenBack: Row(422, "discard-taken-back", "The card taken may not be discarded"),
    BadRebuild: Row(422, "bad-rebuild", "Not the stock the discard pile rebuilds"),
    LastCardDiscard: Row(422, "last-card-discard", "The last card must be discarded"),
    CannotGoOut: Row(422, "cannot-go-out", "The hand does not go out"),
    #: Another game's action or option, refused naming this game's rule (P12, B7, T7, …).
    NotInThisGame: Row(422, "not-in-this-game", "Not a move of this game"),
    NotThisGamesOption: Row(422, "not-in-this-game", "Not an option of this game"),
    IdempotencyKeyReused: Row(422, "idempotency-key-reused", "Idempotency-Key reused"),
    RateLimited: Row(429, "rate-limited", "Too many requests"),
    InvalidRequest: Row(422, "invalid-request", "Invalid request"),
    TokenInUrl: Row(422, "token-in-url", "Token in the URL"),
    UnknownBot: Row(422, "unknown-bot", "No such bot"),
    MalformedAction: Row(422, "malformed-input", "Malformed input"),
    InvalidRecord: Row(422, "invalid-record", "Invalid record"),
    RecordNotFinished: Row(422, "record-not-finished", "The record's game is not over"),
    ValidationException: Row(422, "invalid-request", "Invalid request"),
    RuleViolation: Row(422, "illegal-move", "Illegal move"),
    InvalidRules: Row(422, "invalid-rules", "Invalid rules"),
    MalformedInput: Row(422, "malformed-input", "Malformed input"),
    RummyError: Row(422, "rule-error", "Refused by the rules"),
    NotFoundException: Row(404, "not-found", "Not found"),
    MethodNotAllowedException: Row(405, "method-not-allowed", "Method not allowed"),
    #: Litestar's other refusals keep their status, except 400: invalid input is 422.
    HTTPException: Row(422, "http-error", "Request refused"),
    OperationalError: Row(503, "store-unavailable", "The event store is unavailable"),
    Exception: Row(500, "internal-error", "Internal server error"),
}
#: Headers a refusal carries besides the problem.
_AUTH_HEADERS = {"WWW-Authenticate": 'Bearer realm="penang-rummy"'}


def problem_codes() -> tuple[str, ...]:
    """Every `code` a problem can carry, derived from the errors and the table (sorted).

    A `RummyError` or `ServiceError` answers with its class's `code`: every subclass of
    either, however deep, defined in `domain` or `service` (call this once the app is
    built, when every module that defines one is imported). Any other exception answers
    with its row's slug. An imported record is refused with its verdict's code: a rule's
    error code, what the replay itself found (`REPLAY_CODES`, typed: a new one is added
    there or the type check fails), or what its chain or signature says
    (`PROVENANCE_CODES`).
    """
    coded = (RummyError, ServiceError)
    codes = {row.slug for cls, row in PROBLEMS.items() if not issubclass(cls, coded)}
    codes.update(cls.code for cls in _subclasses(RummyError) if _ours(cls))
    codes.update(cls.code for cls in _subclasses(ServiceError) if _ours(cls))
    codes.update(REPLAY_CODES, PROVENANCE_CODES)
    return tuple(sorted(codes))


def _subclasses(cls: type[E]) -> list[type[E]]:
    found = [cls]
    for subclass in cls.__subclasses__():
        found.extend(_subclasses(subclass))
    return found


def _ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] in ("domain", "service")


def row_for(exc: Exception) -> Row:
    """The table row for `exc`: its own type's, or the nearest base class's."""
    for cls in type(exc).__mro__:
        row = PROBLEMS.get(cls)
        if row is not None:
            return row
    return PROBLEMS[Exception]


def to_problem(exc: Exception) -> tuple[Problem, dict[str, str]]:
    """The problem body and headers answering `exc`."""
    row = row_for(exc)
    status, headers = row.status, {}
    extra: dict[str, Any] = {}
    if isinstance(exc, HTTPException) and row.slug == "http-error":
        status = row.status if exc.status_code == 400 else exc.status_code
    if isinstance(exc, HTTPException) and exc.headers:
        headers.update(exc.headers)
    if status == 401:
        headers.update(_AUTH_HEADERS)
    if status == 503:
        headers["Retry-After"] = "1"
    if isinstance(exc, TooManyStreams | RateLimited):
        headers["Retry-After"] = str(exc.retry_after)
    if isinstance(exc, RateLimited):
        headers.update(exc.fields)
    code, detail = row.slug, "the request could not be served"
    if isinstance(exc, RummyError | ServiceError):
        code, detail = exc.code, exc.message
        extra["rule"] = exc.rule
    if isinstance(exc, RuleViolation | MalformedAction | UnreadableAction):
        extra["action_index"] = exc.action_index
    if isinstance(exc, InvalidRules | InvalidRequest):
        extra["field"] = exc.field
    if isinstance(exc, UnknownBot):
        extra["bots"] = exc.bots
    if isinstance(exc, StaleVersion | VersionConflict):
        extra["version"] = exc.version
        headers["ETag"] = f'"{exc.version}"'
    if isinstance(exc, VersionNotFound):
        extra["version"] = exc.version
    if isinstance(exc, InvalidRecord):
        extra["rule"], extra["event_index"] = exc.rule, exc.event_index
    if isinstance(exc, ValidationException):
        detail, extra = _validation(exc)
    elif isinstance(exc, HTTPException) and status < 500:
        detail = exc.detail
    problem = Problem(
        type=TYPE_PREFIX + row.slug,
        title=row.title,
        status=status,
        detail=detail,
        code=code,
        **{key: value for key, value in extra.items() if value is not None},
    )
    return problem, headers


def _validation(exc: ValidationException) -> tuple[str, dict[str, Any]]:
    """Litestar's validation errors as a detail naming the fields, and `errors`."""
    items = exc.extra if isinstance(exc.extra, list) else []
    errors = tuple(
        FieldError(field=_field(item), message=str(item.get("message", "invalid")))
        for item in items
        if isinstance(item, dict)
    )
    if not errors:
        return exc.detail, {}
    detail = "; ".join(f"{error.field}: {error.message}" for error in errors)
    return detail, {"field": errors[0].field, "errors": errors}


def _field(item: dict[str, Any]) -> str:
    key = str(item.get("key", "body"))
    return "body" if key == "data" else key


def problem_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Problem]:
    """The one exception handler: the table's answer for `exc`, counted in the app's figures
    (a refusal by its code and rule) or logged (an error of the service's own)."""
    problem, headers = to_problem(exc)
    if problem.status == 503:
        # The store is down: one line each time, not a traceback per probe.
        _log.warning("%s on %s %s: %s", problem.code, request.method, request.url.path, exc)
    elif problem.status >= 500:
        _log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    else:
        metrics = request.app.state.get("metrics")
        if isinstance(metrics, Metrics):
            metrics.refused(problem.status, problem.code, problem.rule)
    return Response(
        problem, status_code=problem.status, headers=headers, media_type=PROBLEM_MEDIA_TYPE
    )


def exception_handlers() -> ExceptionHandlersMap:
    """The handlers to register on the app: one per table row, all the same function."""
    return dict.fromkeys(PROBLEMS, problem_handler)
