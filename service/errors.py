"""The errors the service raises on purpose, beside the domain's rule violations.

Plain exceptions, free of the web framework: the store and the use cases raise them,
and `service.api.problems` turns each into HTTP once, by one table.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from uuid import UUID


class ServiceError(Exception):
    """Base of the errors the service raises on purpose."""

    code = "service-error"
    #: The rule (a RULES.md or READINGS.md id) the refusal applies, where one does.
    rule: str | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFound(ServiceError):
    """No game has this id."""

    code = "game-not-found"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"there is no game {game_id}")


class MatchNotFound(ServiceError):
    """No match has this id."""

    code = "match-not-found"

    def __init__(self, match_id: UUID) -> None:
        super().__init__(f"there is no match {match_id}")


class MissingToken(ServiceError):
    """The request has no bearer token where one is needed."""

    code = "missing-token"


class UnknownToken(ServiceError):
    """The bearer token is no seat's token at this game."""

    code = "invalid-token"


class WrongSeat(ServiceError):
    """The bearer token belongs to another seat of this game."""

    code = "wrong-seat"


class DeckNotAllowed(ServiceError):
    """Explicit deck orders are switched off on this service."""

    code = "deck-not-allowed"


class MetricsForbidden(ServiceError):
    """The metrics are restricted to other addresses, or to the bearer of the metrics token."""

    code = "metrics-forbidden"


class InvalidRequest(ServiceError):
    """The request is well formed JSON but not a valid request."""

    code = "invalid-request"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class MalformedAction(InvalidRequest):
    """One action of a turn is not written as a meld, lay-off or swap (P12: no draw, no discard)."""

    code = "malformed-input"

    def __init__(self, message: str, field: str, action_index: int) -> None:
        super().__init__(message, field)
        self.action_index = action_index


class UnsupportedMediaType(ServiceError):
    """The body is not in the media type the operation takes (JSON), or has no Content-Type."""

    code = "unsupported-media-type"


class IdempotencyKeyReused(ServiceError):
    """The Idempotency-Key was first used for a different request."""

    code = "idempotency-key-reused"


class StaleVersion(ServiceError):
    """If-Match names a version that is no longer the game's current one."""

    code = "stale-version"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"If-Match names version {expected}; the game is at version {current}")
        self.version = current


class VersionConflict(ServiceError):
    """Another request recorded events for this game first (a lost race)."""

    code = "version-conflict"

    def __init__(self, current: int) -> None:
        super().__init__(f"another request changed the game first; it is at version {current}")
        self.version = current


class StreamConflict(ServiceError):
    """Another request wrote to one of the streams of this write first (a lost race)."""

    code = "version-conflict"


class TurnTimedOut(ServiceError):
    """The seat's turn clock ran out: the clock records its timeout, not this command (R19)."""

    code = "turn-timed-out"
    rule = "R19"

    def __init__(
        self,
        seat: int | None,
        deadline: datetime,
        outcome: str = "the seat is dead by timeout",
        *,
        recorded: bool = False,
    ) -> None:
        when = deadline.isoformat().replace("+00:00", "Z")
        if recorded:
            message = f"seat {seat}'s time for its turn ran out: recorded at {when}, {outcome}"
        else:
            message = f"seat {seat}'s time for this turn ran out at {when}: {outcome}"
        super().__init__(message)
        self.deadline = deadline


class RateLimited(ServiceError):
    """The client's address or token sent more requests than the service takes for now."""

    code = "rate-limited"

    def __init__(
        self, message: str, retry_after: int, fields: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        #: Whole seconds until the next request is taken.
        self.retry_after = max(1, retry_after)
        #: The RateLimit-Policy and RateLimit fields of the refusal (`service.api.limits`).
        self.fields = dict(fields or {})


class BodyTooLarge(ServiceError):
    """The request's body is larger than the service reads (its `max_body_bytes`)."""

    code = "body-too-large"


class MalformedHttpRequest(ServiceError):
    """Not an HTTP/1.1 request (its request line, a header or its framing): refused by the
    server before the app reads it (`service.cli.http_protocol`)."""

    code = "malformed-http-request"


class ServiceStopping(ServiceError):
    """The service stopped before answering: the request outlasted the stop's bound
    (`PENANG_RUMMY_SHUTDOWN_SECONDS`) and was cut (`service.api.observe`)."""

    code = "service-stopping"


class GameNotOver(ServiceError):
    """The game still runs: its record would show hidden hands (P5)."""

    code = "game-not-over"


class VersionNotFound(ServiceError):
    """The game has not reached the version asked for."""

    code = "version-not-found"

    def __init__(self, asked: int, current: int) -> None:
        super().__init__(f"the game has no version {asked}: it is at version {current}")
        self.version = current


class InvalidRecord(ServiceError):
    """An imported record breaks a rule, its chain or its signature: where, the rule, the code."""

    def __init__(
        self, message: str, *, event_index: int | None, rule: str | None, code: str
    ) -> None:
        super().__init__(message)
        self.event_index, self.rule, self.code = event_index, rule, code


class RecordNotFinished(ServiceError):
    """An imported record follows the rules but stops before the game is over."""

    code = "record-not-finished"


class EventIdNotFound(VersionNotFound):
    """Last-Event-ID names an event the stream has not reached."""

    def __init__(self, asked: int, current: int, stream: str) -> None:
        ServiceError.__init__(
            self, f"the {stream} stream has no event {asked}: its last event is {current}"
        )
        self.version = current


class TooManyStreams(ServiceError):
    """The caller holds as many open live-update streams as it may: one must close first."""

    code = "too-many-streams"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NotThisGamesOption(InvalidRequest):
    """An option of another game given for this one: the field, and this game's rule."""

    code = "not-in-this-game"

    def __init__(self, message: str, field: str, rule: str) -> None:
        super().__init__(message, field)
        self.rule = rule


class UnknownBot(InvalidRequest):
    """A bot seat names no bot of this game: the field, and the game's bots (R33)."""

    code = "unknown-bot"

    def __init__(self, message: str, field: str, bots: tuple[str, ...]) -> None:
        super().__init__(message, field)
        self.rule = "R33"
        self.bots = bots


class TokenInUrl(InvalidRequest):
    """A bearer token was sent in the URL, where logs and histories keep it: never taken."""

    code = "token-in-url"


class TicketUnknown(ServiceError):
    """The stream ticket is not one this service made (or it expired long ago)."""

    code = "invalid-ticket"


class TicketUsed(ServiceError):
    """The stream ticket opened a stream already: each opens one."""

    code = "ticket-used"


class TicketExpired(ServiceError):
    """The stream ticket's time ran out before it was used."""

    code = "ticket-expired"


class TicketElsewhere(ServiceError):
    """The stream ticket opens another game's or match's stream."""

    code = "ticket-for-another-stream"


class TicketSeatChanged(ServiceError):
    """The ticket's seat has another token now (its player left and another claimed it)."""

    code = "ticket-seat-changed"


class CorsRefused(InvalidRequest):
    """A cross-origin preflight the service refuses: its origin, method or a header."""

    code = "cors-refused"
