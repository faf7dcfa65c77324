"""Stream tickets: a seat's token exchanged for a single-use ticket to its stream, for a
browser's EventSource (`createGameStreamTicket`, `createMatchStreamTicket`, `?ticket=`);
a match's host token on the match's stream; a token in a URL is never taken.

Streams are read whole from finished games and matches over the TestClient.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from service.usecases import tickets

from .live_support import Sse, parse_text
from .support import Api, Json
from .test_api_streams import play_match

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def _ticket(api: Api, path: str, token: str | None, status: int = 201) -> Any:
    answer = api.client.post(path, headers=api.auth(token))
    assert answer.status_code == status, answer.text
    return answer


def game_ticket(api: Api, game: Json, seat: int) -> Json:
    path = f"/games/{game['game_id']}/seats/{seat}/ticket"
    return dict(_ticket(api, path, game["tokens"][seat]).json())


def _events(answer: Any) -> list[Sse]:
    assert answer.status_code == 200, answer.text
    return [message for message in parse_text(answer.text) if message.id is not None]


def _refused(answer: Any, status: int, code: str) -> Json:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    problem: Json = answer.json()
    assert problem["code"] == code, problem
    return problem


@pytest.fixture
def finished_game(api: Api) -> Json:
    game = api.create(players=3, rules={"cards_per_player": 7}, seed="tickets-3")
    api.play_to_end(game)
    return game


@pytest.fixture
def running_game(api: Api) -> Json:
    return api.create(players=2, seed="tickets-running")


# --- a game's stream ----------------------------------------------------------------------


def test_a_ticket_opens_the_game_stream_as_its_seat(api: Api, finished_game: Json) -> None:
    made = game_ticket(api, finished_game, 1)
    assert made["seat"] == 1
    assert made["stream"] == f"/games/{finished_game['game_id']}/stream?ticket={made['ticket']}"
    by_ticket = _events(api.client.get(made["stream"]))
    by_token = _events(
        api.client.get(
            f"/games/{finished_game['game_id']}/stream",
            headers=api.auth(finished_game["tokens"][1]),
        )
    )
    assert by_ticket == by_token
    assert [message.data for message in by_ticket] == api.events(finished_game, 1)["events"]


def test_a_ticket_answer_is_never_cached_and_lasts_at_most_a_minute(
    api: Api, running_game: Json
) -> None:
    before = datetime.now().astimezone()
    answer = _ticket(
        api, f"/games/{running_game['game_id']}/seats/0/ticket", running_game["tokens"][0]
    )
    assert answer.headers["cache-control"] == "no-store"
    expires = datetime.fromisoformat(answer.json()["expires_at"])
    assert 0 < (expires - before).total_seconds() <= tickets.TICKET_SECONDS + 1


def test_a_ticket_opens_one_stream_only(api: Api, finished_game: Json) -> None:
    made = game_ticket(api, finished_game, 0)
    assert api.client.get(made["stream"]).status_code == 200
    problem = _refused(api.client.get(made["stream"]), 401, "ticket-used")
    assert "opened a stream already" in problem["detail"]


def test_a_ticket_is_refused_once_its_minute_is_over(
    api: Api, finished_game: Json, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = game_ticket(api, finished_game, 0)
    later = tickets.now() + tickets.TICKET_SECONDS + 1
    monkeypatch.setattr(tickets, "now", lambda: later)
    problem = _refused(api.client.get(made["stream"]), 401, "ticket-expired")
    assert "ask for a new one" in problem["detail"]


def test_a_ticket_is_refused_at_another_game_and_still_opens_its_own(
    api: Api, finished_game: Json, running_game: Json
) -> None:
    made = game_ticket(api, finished_game, 0)
    elsewhere = f"/games/{running_game['game_id']}/stream?ticket={made['ticket']}"
    problem = _refused(api.client.get(elsewhere), 403, "ticket-for-another-stream")
    assert "another game's stream" in problem["detail"]
    assert api.client.get(made["stream"]).status_code == 200


def test_a_ticket_never_made_is_refused(api: Api, finished_game: Json) -> None:
    path = f"/games/{finished_game['game_id']}/stream?ticket={'x' * 43}"
    _refused(api.client.get(path), 401, "invalid-ticket")


def test_a_ticket_and_a_token_together_are_refused_naming_the_ticket(
    api: Api, finished_game: Json
) -> None:
    made = game_ticket(api, finished_game, 0)
    answer = api.client.get(made["stream"], headers=api.auth(finished_game["tokens"][0]))
    assert _refused(answer, 422, "invalid-request")["field"] == "ticket"


def test_only_the_seats_own_token_gets_its_ticket(api: Api, running_game: Json) -> None:
    path = f"/games/{running_game['game_id']}/seats/0/ticket"
    _refused(_ticket(api, path, None, 401), 401, "missing-token")
    _refused(_ticket(api, path, "not-a-token", 401), 401, "invalid-token")
    _refused(_ticket(api, path, running_game["tokens"][1], 403), 403, "wrong-seat")
    seat_5 = f"/games/{running_game['game_id']}/seats/5/ticket"
    _refused(_ticket(api, seat_5, running_game["tokens"][0], 404), 404, "unknown-seat")
    nowhere = "/games/00000000-0000-4000-8000-000000000000/seats/0/ticket"
    _refused(_ticket(api, nowhere, running_game["tokens"][0], 404), 404, "game-not-found")


# --- a match's stream ---------------------------------------------------------------------


def _open_match(api: Api, seed: str) -> Json:
    body = {"seats": 2, "options": {"games": 1, "rules": {"cards_per_player": 7}}, "seed": seed}
    answer = api.client.post("/matches", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _claim(api: Api, match: Json, seat: int, name: str) -> Json:
    answer = api.client.post(
        f"/matches/{match['match_id']}/seats/{seat}/claim", json={"name": name}
    )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_match_ticket_opens_the_match_stream_as_its_seat(api: Api) -> None:
    match = _open_match(api, "tickets-match")
    tokens = [_claim(api, match, seat, name)["token"] for seat, name in enumerate("AB")]
    match = {**match, "tokens": tokens}
    play_match(api, match)
    path = f"/matches/{match['match_id']}"
    made = _ticket(api, f"{path}/seats/1/ticket", tokens[1]).json()
    assert made["stream"] == f"{path}/stream?ticket={made['ticket']}"
    by_token = _events(api.client.get(f"{path}/stream", headers=api.auth(tokens[1])))
    assert _events(api.client.get(made["stream"])) == by_token
    game_made = _ticket(api, f"{path}/seats/0/ticket", tokens[0]).json()
    game_id = next(message.data["game_id"] for message in by_token if message.data["game_id"])
    at_a_game = api.client.get(f"/games/{game_id}/stream", params={"ticket": game_made["ticket"]})
    assert "a match's stream" in _refused(at_a_game, 403, "ticket-for-another-stream")["detail"]


def test_a_ticket_dies_with_its_seats_token(api: Api) -> None:
    match = _open_match(api, "tickets-leave")
    first = _claim(api, match, 0, "Ann")
    path = f"/matches/{match['match_id']}"
    made = _ticket(api, f"{path}/seats/0/ticket", first["token"]).json()
    left = api.client.post(f"{path}/seats/0/leave", headers=api.auth(first["token"]))
    assert left.status_code == 200, left.text
    _claim(api, match, 0, "Bea")
    problem = _refused(api.client.get(made["stream"]), 403, "ticket-seat-changed")
    assert "seat 0 has another token" in problem["detail"]


def test_the_hosts_token_opens_the_match_stream_and_its_games_as_a_spectator(api: Api) -> None:
    match = _open_match(api, "tickets-host")
    tokens = [_claim(api, match, seat, name)["token"] for seat, name in enumerate("AB")]
    play_match(api, {**match, "tokens": tokens})
    path = f"/matches/{match['match_id']}/stream"
    host = api.auth(match["host_token"])
    as_host = _events(api.client.get(path, headers=host))
    assert as_host == _events(api.client.get(path))
    game_id = next(message.data["game_id"] for message in as_host if message.data["game_id"])
    as_host_in_game = _events(api.client.get(f"/games/{game_id}/stream", headers=host))
    assert as_host_in_game == _events(api.client.get(f"/games/{game_id}/stream"))
    stranger = api.auth("not-a-token-of-this-match")
    _refused(api.client.get(path, headers=stranger), 401, "invalid-token")


# --- a token in the URL -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["token", "access_token"])
def test_a_token_in_the_url_is_refused_on_every_operation(
    api: Api, running_game: Json, name: str
) -> None:
    token = running_game["tokens"][0]
    game = running_game["game_id"]
    seat = f"/games/{game}/seats/0"
    for path in (f"/games/{game}/stream", seat, f"/games/{game}", "/"):
        # The seat's own view is asked with its token in the header too: its guard
        # checks that before the rest of the request (R56).
        headers = api.auth(token) if path == seat else {}
        answer = api.client.get(path, params={name: token}, headers=headers)
        problem = _refused(answer, 422, "token-in-url")
        assert problem["field"] == name
        assert token not in answer.text
    # Without it, the token in the URL is not taken: the seat's token is missing (R56).
    answer = api.client.get(seat, params={name: token})
    _refused(answer, 401, "missing-token")
    assert token not in answer.text


# --- the contract ---------------------------------------------------------------------------


def test_the_contract_documents_the_tickets_and_the_streams_ticket_parameter() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    # A seat held by a player takes its player's key too: a game's (U10), a match's (U13).
    for path, operation_id, security in (
        (
            "/games/{game_id}/seats/{seat}/ticket",
            "createGameStreamTicket",
            [{"seatToken": []}, {"playerKey": []}],
        ),
        (
            "/matches/{match_id}/seats/{seat}/ticket",
            "createMatchStreamTicket",
            [{"seatToken": []}, {"playerKey": []}],
        ),
    ):
        operation = schema["paths"][path]["post"]
        assert operation["operationId"] == operation_id
        assert operation["security"] == security
        assert {"201", "401", "403", "404", "422", "429"} <= set(operation["responses"])
        created = operation["responses"]["201"]["content"]["application/json"]["schema"]
        assert created == {"$ref": "#/components/schemas/StreamTicket"}
    for path in ("/games/{game_id}/stream", "/matches/{match_id}/stream"):
        operation = schema["paths"][path]["get"]
        (ticket,) = [p for p in operation["parameters"] if p["name"] == "ticket"]
        assert ticket["in"] == "query" and not ticket["required"]
        assert {"401", "403"} <= set(operation["responses"])
        assert {"hostToken": []} in operation["security"]
