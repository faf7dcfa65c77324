"""The one table from exception type to status and problem type, and the codes it yields.

`PROBLEMS` maps each exception type to its row (status, problem type slug, title);
`row_for` finds an exception's row by its MRO, the most specific first, and
`problem_codes` derives every `code` a problem can carry. `service.api.problems`
answers with them.
"""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from eventsourcing.persistence import OperationalError
from litestar.exceptions import (
    HTTPException,
    MethodNotAllowedException,
    NotFoundException,
    ValidationException,
)
from litestar.exceptions.http_exceptions import RequestEntityTooLarge

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
from domain.players.errors import HandleTaken, KeyNotFound, KeyRevokedAlready, ScopeNotHeld
from domain.provenance import PROVENANCE_CODES
from domain.replay import REPLAY_CODES
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
    ServiceStopping,
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
from service.player_errors import (
    AnotherPlayersKey,
    MissingPlayerKey,
    NotSeatedHere,
    PlayerNotFound,
    PlayerSeatedTwice,
    RevokedPlayerKey,
    UnknownPlayerKey,
)

E = TypeVar("E", bound=Exception)
TYPE_PREFIX = "urn:penang-rummy:problem:"


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
    PlayerNotFound: Row(404, "player-not-found", "Player not found"),
    KeyNotFound: Row(404, "key-not-found", "No such key"),
    MissingPlayerKey: Row(401, "unauthorized", "Player key required"),
    UnknownPlayerKey: Row(401, "unauthorized", "Player key not recognised"),
    RevokedPlayerKey: Row(401, "unauthorized", "Player key revoked"),
    AnotherPlayersKey: Row(403, "forbidden", "Key of another player"),
    NotSeatedHere: Row(401, "unauthorized", "The player holds no seat here"),
    PlayerSeatedTwice: Row(422, "invalid-request", "A player holds one seat of a table"),
    ScopeNotHeld: Row(403, "forbidden", "Scope not held"),
    HandleTaken: Row(409, "handle-taken", "Handle taken"),
    KeyRevokedAlready: Row(409, "key-revoked", "Key revoked already"),
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
    ServiceStopping: Row(503, "service-stopping", "The service is stopping"),
    Exception: Row(500, "internal-error", "Internal server error"),
}


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
