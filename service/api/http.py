"""HTTP details shared by the handlers: parameters, problems, headers, security.

Bodies are checked and decoded for every handler by `service.api.inputs`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from litestar import Request, Response
from litestar.datastructures import ResponseHeader
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import Components, OpenAPIType, SecurityScheme
from litestar.params import HeaderParameter, PathParameter, QueryParameter

from domain.games import LISTED, MAX_SEATS, in_words
from service.api.docs import render_plugins
from service.api.ids import GAME_ID_PATTERN, CanonicalId
from service.api.problems import PROBLEM_MEDIA_TYPE
from service.api.schemas import Problem
from service.errors import InvalidRequest
from service.settings import Settings
from service.usecases.game_kinds import AnyView, revealed_when_over
from service.usecases.idempotency import MIN_SECRET_KEY, Replayed

T = TypeVar("T")
#: The largest request body the service reads by default (`Settings.max_body_bytes`).
DEFAULT_BODY_BYTES = Settings().max_body_bytes
JSON_MEDIA_TYPE = "application/json"
NDJSON_MEDIA_TYPE = "application/x-ndjson"
#: The NDJSON record's bytes as a plain download, for clients that ask for it (generated
#: clients read a response of this type as bytes; they read no NDJSON).
OCTET_STREAM_MEDIA_TYPE = "application/octet-stream"


def _id_parameter(description: str) -> PathParameter:
    return PathParameter(
        description=description,
        schema_extra={"type": OpenAPIType.STRING, "format": "uuid", "pattern": GAME_ID_PATTERN},
    )


GameId = Annotated[
    CanonicalId,
    _id_parameter(
        "The game's id, exactly as `POST /games` returned it: a UUID in lowercase "
        "with dashes (other spellings of it are refused)."
    ),
]
PlayerId = Annotated[
    CanonicalId,
    _id_parameter(
        "The player's id, exactly as `POST /players` returned it: a UUID in lowercase "
        "with dashes (other spellings of it are refused)."
    ),
]
MatchId = Annotated[
    CanonicalId,
    _id_parameter(
        "The match's id, exactly as `POST /matches` returned it: a UUID in lowercase "
        "with dashes (other spellings of it are refused)."
    ),
]
Seat = Annotated[
    int,
    PathParameter(
        ge=0,
        le=MAX_SEATS - 1,
        schema_extra={"minimum": 0},
        description="A seat number, 0-based, clockwise.",
    ),
]
Since = Annotated[
    int,
    QueryParameter(
        ge=0,
        le=1_000_000,
        schema_extra={"minimum": 0},
        description="Only events after this version (0: all).",
    ),
]
AtVersion = Annotated[
    int | None,
    QueryParameter(
        ge=1,
        le=1_000_000,
        required=False,
        description=(
            "Time travel: the game as it was at this version (1: just dealt); leave it "
            "out for the game now. While the "
            "game runs a past version is as secret as the present; once it is over, every "
            "version shows every hand. A version the game has not reached is 404."
        ),
    ),
]
RecordFormat = Annotated[
    Literal["json", "ndjson"],
    QueryParameter(
        name="format",
        required=False,
        description=(
            "`json` (default): one JSON document, `application/json`; `ndjson`: the header "
            "line, then one event per line, `application/x-ndjson`."
        ),
    ),
]
IfMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-Match",
        required=False,
        max_length=16,
        pattern=r'^(?:\*|(?:W/)?"[0-9]{1,9}"|[0-9]{1,9})$',
        description='The version the client saw, as its ETag (`"7"`); a stale one gets 409.',
    ),
]
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=1,
        max_length=128,
        pattern=r"^[\x21-\x7e]+$",
        description="A retry with the same key gets the first answer; nothing is recorded twice.",
    ),
]
#: The Idempotency-Key of an operation whose answer holds bearer tokens: whoever sends the
#: key gets the answer, so it must be unguessable (`service.usecases.idempotency`).
SecretIdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=MIN_SECRET_KEY,
        max_length=128,
        pattern=rf"^[\x21-\x7e]{{{MIN_SECRET_KEY},}}$",
        description=(
            "A retry with the same key gets the first answer, tokens included; nothing is "
            "recorded twice. The answer holds bearer tokens and is given to whoever sends "
            f"the key: make it unguessable (a random UUID; at least {MIN_SECRET_KEY} "
            "characters). A key first sent with another request is refused (422)."
        ),
    ),
]


def authorization(request: Request[Any, Any, Any]) -> str | None:
    """The Authorization header, if any."""
    return request.headers.get("authorization")


def if_match_version(if_match: str | None) -> int | None:
    """The version an If-Match header names (None: no header, or `*`)."""
    if if_match is None or if_match == "*":
        return None
    text = if_match.removeprefix("W/").strip('"')
    if not text.isdigit():
        raise InvalidRequest('If-Match must be a version ETag such as "7"', "If-Match")
    return int(text)


def tagged(content: T, version: int, status: int = 200) -> Response[T]:
    """A response carrying the game's version as its ETag."""
    return Response(content, status_code=status, headers={"ETag": f'"{version}"'})


def tagged_view(view: AnyView) -> Response[AnyView]:
    """A game's view tagged with its version, as `tagged`, but for what time travel reveals.

    A past version of a game that has ended since shows every hand (R3), unlike the same
    version read while the game ran: its ETag is `"N-ended"`, so that a cache or an
    If-None-Match never takes one for the other.
    """
    tag = f'"{view.version}-ended"' if revealed_when_over(view) else f'"{view.version}"'
    return Response(view, headers={"ETag": tag})


def replayable(answer: Replayed[T], version: int, status: int) -> Response[T]:
    """`tagged`, saying when the answer is the stored first answer to its Idempotency-Key."""
    response = tagged(answer.value, version, status)
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


ETAG = ResponseHeader(
    name="ETag",
    description=(
        'The version, quoted (`"7"`): send it back as If-Match or If-None-Match. A past '
        'version of a game read after the game ended shows every hand: `"7-ended"`.'
    ),
    documentation_only=True,
)
IDEMPOTENT_REPLAY = ResponseHeader(
    name="Idempotent-Replayed",
    description="`true` when this is the stored first answer to the Idempotency-Key.",
    documentation_only=True,
    required=False,
)
#: A game's seat: its token, or the key of the player holding it (U10).
SEAT_SECURITY: list[dict[str, list[str]]] = [{"seatToken": []}, {"playerKey": []}]
SPECTATOR_OR_SEAT_SECURITY: list[dict[str, list[str]]] = [{}, *SEAT_SECURITY]
#: A match's seat: its token only (a match seats no players yet).
HOST_SECURITY: list[dict[str, list[str]]] = [{"hostToken": []}]
#: A stream: a spectator, a seat, or a match's host (who sees what a spectator sees).
STREAM_SECURITY: list[dict[str, list[str]]] = [{}, {"seatToken": []}, {"hostToken": []}]

_DESCRIPTIONS = {
    401: "No bearer token, or not a token of this game; a stream ticket unknown, used or expired",
    403: "The bearer token of another seat, a stream ticket of another stream or of a seat's "
    "former holder, or a switched-off feature",
    404: "No such game or seat",
    409: "Not your turn, the game is over (or not yet), the seat is dead, the turn's time "
    "ran out, or a stale/conflicting version",
    413: "The body is larger than the service reads (`PENANG_RUMMY_MAX_BODY_BYTES`, by default "
    f"{DEFAULT_BODY_BYTES} bytes)",
    415: "The body is not `application/json` (UTF-8), or has no Content-Type",
    422: "Malformed input, a move the rules forbid, or a record that breaks a rule",
    429: "Too many requests from this address or with this token, or too many open streams: "
    "retry after `Retry-After` seconds",
    500: "Internal error (no internals are shown)",
    503: "The event store is unavailable",
}


def body_problems(*statuses: int) -> dict[int, ResponseSpec]:
    """The problem responses of an operation that takes a JSON body (413, 415, 422 too)."""
    return problems(*statuses, 413, 415, 422)


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """The problem responses a handler documents (500 and 503 always)."""
    return {
        status: ResponseSpec(
            Problem,
            description=_DESCRIPTIONS[status],
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
        )
        for status in sorted({*statuses, 500, 503})
    }


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Penang Rummy rules service",
        version="0.1.0",
        description=(
            "The reference rules service for Penang Rummy (Si Rummy), which plays "
            + in_words([game.title for game in LISTED[1:]])
            + " too: each game, and each match of games, names its `game` ("
            + ", ".join(
                f"`{game.name}`" + (" by default" * (not i)) for i, game in enumerate(LISTED)
            )
            + "). Cards are written "
            "rank then suit letter (`AS 2H 10D QC`), `JK` for a joker (Penang Rummy's "
            "only). Errors are RFC 9457 problems with a stable `code` and, for rule "
            "violations, the rule id."
        ),
        components=Components(
            security_schemes={
                "hostToken": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description="A match's host token, as `POST /matches` returned it.",
                ),
                "operatorKey": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description=(
                        "The operator key (`PENANG_RUMMY_OPERATOR_KEY`), with which a site "
                        "registers players and manages their keys (U9)."
                    ),
                ),
                "playerKey": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description=(
                        "A player's key (`prk_…`), as `POST /players` or `issuePlayerKey` "
                        "returned it."
                    ),
                ),
                "seatToken": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description=(
                        "A seat's token, as `POST /games`, `POST /matches` or a claim "
                        "returned it; a match's seat token serves every game of the match."
                    ),
                ),
            }
        ),
        use_handler_docstrings=False,
        render_plugins=render_plugins(),
    )
