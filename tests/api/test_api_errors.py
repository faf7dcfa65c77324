"""Errors become problems once, from one table: every row is checked here."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from uuid import uuid4

import pytest
from eventsourcing.persistence import OperationalError
from litestar.exceptions import (
    ClientException,
    HTTPException,
    MethodNotAllowedException,
    NotFoundException,
    ValidationException,
)
from litestar.exceptions.http_exceptions import RequestEntityTooLarge

from domain import errors as domain_errors
from domain.drawgame import errors as draw_errors
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
from service.api.problem_table import PROBLEMS, TYPE_PREFIX, row_for
from service.api.problems import to_problem
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
from service.store import GameStore

from .support import Api

#: One instance of exactly each table type (a new row fails until it is added here).
SAMPLES: dict[type[Exception], Callable[[], Exception]] = {
    GameNotFound: lambda: GameNotFound(uuid4()),
    MatchNotFound: lambda: MatchNotFound(uuid4()),
    StreamConflict: lambda: StreamConflict("another request changed this table first"),
    SeatTaken: lambda: SeatTaken("seat 1 is taken"),
    SeatNotTaken: lambda: SeatNotTaken("seat 1 is open"),
    MatchUnderway: lambda: MatchUnderway("the cards are dealt"),
    SeatsOpen: lambda: SeatsOpen("seats 2 are still open"),
    MatchOver: lambda: MatchOver("the match is over"),
    MatchNotOver: lambda: MatchNotOver("the match still runs"),
    MatchClosedAlready: lambda: MatchClosedAlready("closed already"),
    NoGameToScore: lambda: NoGameToScore("no game"),
    VersionNotFound: lambda: VersionNotFound(9, 7),
    UnknownSeat: lambda: UnknownSeat("there is no seat 4"),
    MissingToken: lambda: MissingToken("token required"),
    UnknownToken: lambda: UnknownToken("unknown token"),
    WrongSeat: lambda: WrongSeat("seat 1's token"),
    TicketUnknown: lambda: TicketUnknown("this ticket is not one this service made"),
    TicketUsed: lambda: TicketUsed("this ticket opened a stream already"),
    TicketExpired: lambda: TicketExpired("this ticket expired at 2026-01-02T03:04:05Z"),
    TicketElsewhere: lambda: TicketElsewhere("this ticket opens another game's stream"),
    TicketSeatChanged: lambda: TicketSeatChanged("seat 1 has another token now"),
    CorsRefused: lambda: CorsRefused("origin http://a.test is not allowed", "Origin"),
    TokenInUrl: lambda: TokenInUrl("a token is never taken in the URL", "token"),
    DeckNotAllowed: lambda: DeckNotAllowed("off"),
    MetricsForbidden: lambda: MetricsForbidden("not to 192.0.2.1"),
    NotYourTurn: lambda: NotYourTurn("it is seat 2's turn"),
    GameOver: lambda: GameOver("the game is over"),
    SeatIsDead: lambda: SeatIsDead("seat 1 is dead"),
    GameNotOver: lambda: GameNotOver("the game runs"),
    StaleVersion: lambda: StaleVersion(3, 5),
    TurnTimedOut: lambda: TurnTimedOut(1, datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)),
    VersionConflict: lambda: VersionConflict(6),
    UnsupportedMediaType: lambda: UnsupportedMediaType("this operation takes application/json"),
    TooManyStreams: lambda: TooManyStreams("this token holds 8 open streams", retry_after=5),
    WrongPhase: lambda: WrongPhase("a turn begins with a draw", "T4"),
    EmptyStock: lambda: EmptyStock("the discard pile holds only its top card", "B11"),
    TakenBack: lambda: TakenBack("7H was taken from the discard pile this turn", "B4"),
    BadRebuild: lambda: BadRebuild("not the discard pile less its top card", "T10"),
    LastCardDiscard: lambda: LastCardDiscard("the last card must be discarded", "B7"),
    CannotGoOut: lambda: CannotGoOut("the melds hold 3H 4H 5H, not the rest", "T8"),
    NotInThisGame: lambda: NotInThisGame("Three Thirteen has no 'swap' action", "T7").at_action(1),
    NotThisGamesOption: lambda: NotThisGamesOption("no turn clock", "turn_seconds", "R19"),
    IdempotencyKeyReused: lambda: IdempotencyKeyReused("other request"),
    RateLimited: lambda: RateLimited("too many requests from this address: retry in 3 s", 3),
    BodyTooLarge: lambda: BodyTooLarge("the body is larger than the 2048 bytes this service reads"),
    MalformedHttpRequest: lambda: MalformedHttpRequest("Invalid character in Content-Length"),
    RequestEntityTooLarge: RequestEntityTooLarge,
    InvalidRequest: lambda: InvalidRequest("bad", "players"),
    UnknownBot: lambda: UnknownBot(
        "no bot of basic Rummy is called 'clever'", "players[1].bot", ("greedy", "random")
    ),
    MalformedAction: lambda: MalformedAction(
        "actions[0].type: Invalid value", "actions[0].type", 0
    ),
    InvalidRecord: lambda: InvalidRecord(
        "invalid: event 4: P13 card-not-in-hand: …",
        event_index=4,
        rule="P13",
        code="card-not-in-hand",
    ),
    RecordNotFinished: lambda: RecordNotFinished("the game is not over"),
    ValidationException: lambda: ValidationException(
        extra=[{"message": "Expected `int` >= 0", "key": "since", "source": "query"}]
    ),
    RuleViolation: lambda: RuleViolation("not allowed", "P13").at_action(2),
    InvalidRules: lambda: InvalidRules("P1", "7 jokers", "jokers"),
    MalformedInput: lambda: MalformedInput("not notation"),
    RummyError: lambda: RummyError("refused"),
    NotFoundException: NotFoundException,
    MethodNotAllowedException: MethodNotAllowedException,
    HTTPException: lambda: ClientException("bad request"),
    OperationalError: lambda: OperationalError("database is locked"),
    ServiceStopping: lambda: ServiceStopping("the service stopped before answering"),
    Exception: lambda: RuntimeError("secret internals: /srv/db password=hunter2"),
    PlayerNotFound: lambda: PlayerNotFound(uuid4()),
    KeyNotFound: lambda: KeyNotFound("the player has no key 0123456789abcdef"),
    MissingPlayerKey: lambda: MissingPlayerKey("a player's key is required"),
    UnknownPlayerKey: lambda: UnknownPlayerKey("the bearer key is not a player's key"),
    RevokedPlayerKey: lambda: RevokedPlayerKey("the key 0123456789abcdef was revoked"),
    AnotherPlayersKey: lambda: AnotherPlayersKey("this key is another player's"),
    NotSeatedHere: lambda: NotSeatedHere("this player holds no seat of this table"),
    PlayerSeatedTwice: lambda: PlayerSeatedTwice("one player at seats 0 and 1", "seat_players"),
    ScopeNotHeld: lambda: ScopeNotHeld("this key does not hold the scope `keys`"),
    HandleTaken: lambda: HandleTaken("'alice' is taken"),
    KeyRevokedAlready: lambda: KeyRevokedAlready("the key was revoked already"),
}


def test_every_row_has_a_sample() -> None:
    assert set(SAMPLES) == set(PROBLEMS)


@pytest.mark.parametrize("exc_type", list(PROBLEMS), ids=lambda t: t.__name__)
def test_each_row_answers_with_its_status_type_and_title(exc_type: type[Exception]) -> None:
    exc = SAMPLES[exc_type]()
    row = PROBLEMS[exc_type]
    assert row_for(exc) == row
    problem, headers = to_problem(exc)
    assert problem.status == row.status
    assert problem.type == TYPE_PREFIX + row.slug
    assert problem.title == row.title
    assert problem.code and problem.detail
    if isinstance(exc, RummyError):
        assert problem.code == exc.code
        assert problem.rule == exc.rule
    if isinstance(exc, RuleViolation):
        assert problem.action_index == exc.action_index
    if row.status == 401:
        assert headers["WWW-Authenticate"].startswith("Bearer")
    if isinstance(exc, StaleVersion | VersionConflict):
        assert problem.version == exc.version and headers["ETag"] == f'"{exc.version}"'
    if isinstance(exc, VersionNotFound):
        assert problem.version == exc.version and "ETag" not in headers
    if isinstance(exc, TooManyStreams):
        assert headers["Retry-After"] == "5"
    if isinstance(exc, InvalidRecord):
        assert (problem.event_index, problem.rule, problem.code) == (4, "P13", "card-not-in-hand")
    if isinstance(exc, RateLimited):
        assert headers["Retry-After"] == "3"
    if row.status == 413:
        assert problem.code == "body-too-large"
    if isinstance(exc, CorsRefused | TokenInUrl):
        assert problem.field == exc.field
    if isinstance(exc, NotThisGamesOption):
        assert (problem.rule, problem.field) == ("R19", "turn_seconds")
    if isinstance(exc, TurnTimedOut):
        assert (problem.rule, problem.code) == ("R19", "turn-timed-out")
        assert "2026-01-02T03:04:05Z" in problem.detail
    if row.status >= 500:
        assert "secret" not in problem.detail and "locked" not in problem.detail


def test_litestar_refusals_keep_their_status_except_400() -> None:
    assert to_problem(HTTPException(status_code=413, detail="too large"))[0].status == 413
    assert to_problem(ClientException("bad"))[0].status == 422


def test_every_domain_error_has_a_4xx_row_and_keeps_its_code() -> None:
    found = [
        cls
        for module in (domain_errors, draw_errors)
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, RummyError)
    ]
    for cls in found:
        assert 400 <= row_for(cls.__new__(cls)).status < 500, cls


def test_unknown_routes_and_methods_are_problems(api: Api) -> None:
    missing = api.client.get("/no-such-thing")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"
    wrong = api.client.delete("/games")
    assert wrong.status_code == 405 and wrong.json()["code"] == "method-not-allowed"


def test_auth_refusals(api: Api) -> None:
    game = api.create()
    path = f"/games/{game['game_id']}/seats/1"
    missing = api.client.get(path)
    assert missing.status_code == 401 and missing.json()["code"] == "missing-token"
    assert missing.headers["www-authenticate"].startswith("Bearer")
    unknown = api.client.get(path, headers=api.auth("not-a-token"))
    assert unknown.status_code == 401 and unknown.json()["code"] == "invalid-token"
    scheme = api.client.get(path, headers={"Authorization": f"Basic {game['tokens'][1]}"})
    assert scheme.status_code == 401
    other = api.client.get(path, headers=api.auth(game["tokens"][2]))
    assert other.status_code == 403 and other.json()["code"] == "wrong-seat"
    other_game = api.create()
    foreign = api.client.get(path, headers=api.auth(other_game["tokens"][1]))
    assert foreign.status_code == 401
    events = api.client.get(f"/games/{game['game_id']}/events", headers=api.auth("nope"))
    assert events.status_code == 401


def test_unknown_game_and_seat_are_404(api: Api) -> None:
    game = api.create(players=2)
    assert api.client.get(f"/games/{uuid4()}").json()["code"] == "game-not-found"
    seat = api.client.get(f"/games/{game['game_id']}/seats/3", headers=api.auth(game["tokens"][0]))
    assert seat.status_code == 404 and seat.json()["code"] == "unknown-seat"


def test_not_your_turn_is_409_with_the_rule(api: Api) -> None:
    game = api.create()
    seat = (game["view"]["turn"] + 1) % 4
    response = api.turn(game, seat, [{"type": "meld", "cards": ["AS", "2S", "3S"]}])
    assert response.status_code == 409
    assert response.json()["code"] == "not-your-turn" and response.json()["rule"] == "P9"


@pytest.mark.parametrize(
    ("query", "field"),
    [("since=-1", "since"), ("since=99999999999999999999", "since"), ("since=x", "since")],
)
def test_bad_query_values_are_422_naming_the_field(api: Api, query: str, field: str) -> None:
    game = api.create()
    response = api.client.get(f"/games/{game['game_id']}/events?{query}")
    assert response.status_code == 422
    assert response.json()["field"] == field


@pytest.mark.parametrize(
    ("body", "code", "action_index"),
    [
        (b"not json", "invalid-request", None),
        (b"[]", "invalid-request", None),
        (b'{"actions": [{"type": "meld", "cards": ["1S"]}]}', "malformed-input", 0),
        (
            b'{"actions": [{"type": "meld", "cards": ["AS", "2S", "3S"]},'
            b' {"type": "lay_off", "meld": 99999999999999999999, "card": "AS"}]}',
            "malformed-input",
            1,
        ),
        (b'{"actions": [{"type": "draw"}]}', "malformed-input", 0),
        (b'{"actions": [], "extra": 1}', "invalid-request", None),
    ],
)
def test_malformed_turns_are_422_problems(
    api: Api, body: bytes, code: str, action_index: int | None
) -> None:
    game = api.create()
    seat = game["view"]["turn"]
    response = api.client.post(
        f"/games/{game['game_id']}/seats/{seat}/turns",
        content=body,
        headers={**api.auth(game["tokens"][seat]), "Content-Type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert response.json()["code"] == code
    assert response.json().get("action_index") == action_index


def test_an_unexpected_error_is_a_500_problem_without_internals(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = api.create()

    def broken(self: GameStore, game_id: object) -> None:
        raise RuntimeError("secret internals: /srv/db password=hunter2")

    monkeypatch.setattr(GameStore, "state", broken)
    response = api.client.get(f"/games/{game['game_id']}")
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/problem+json"
    assert "secret" not in response.text and "hunter2" not in response.text
    assert response.json()["code"] == "internal-error"
