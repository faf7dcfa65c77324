"""Matches held by players (U13): a match seating players, named at its opening or
claiming open seats with their keys, records them in every game's deal (`seated`), its
seats take their keys, and its games are rated (R70, R71)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest

from service.settings import Settings

from .support import Api, Json
from .test_api_matches import match_view, play_match
from .test_api_player_seats import player

OPERATOR = "operator-key-of-the-match-players-tests"
SHORT = {"games": 2, "rules": {"cards_per_player": 7}}


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"operator_key": OPERATOR}))


def _claim(api: Api, match: Json, seat: int, who: Json, key: str | None) -> Any:
    return api.client.post(
        f"/matches/{match['match_id']}/seats/{seat}/claim",
        json={"name": "Anon", "player": who["player_id"]},
        headers=api.auth(key),
    )


def _seated(api: Api, game_id: str) -> object:
    return getattr(api.store.game_events(UUID(game_id), 0, 1)[0], "seated", None)


def test_a_match_seating_players_records_them_in_every_game_and_rates_each_game(
    api: Api,
) -> None:
    alice, bobby = player(api, "Alice"), player(api, "Bobby")
    ids = [alice["player_id"], bobby["player_id"]]
    response = api.client.post(
        "/matches",
        json={"players": ["A", "B"], "seat_players": ids, "options": SHORT, "seed": "mp-1"},
        headers=api.auth(OPERATOR),
    )
    assert response.status_code == 201, response.text
    match = response.json()
    assert [s["name"] for s in match_view(api, match)["seats"]] == [
        alice["handle"],
        bobby["handle"],
    ]
    # Every command of every game is sent with the players' keys, none with a seat token.
    view = play_match(api, match, [alice["key"]["key"], bobby["key"]["key"]])
    assert view["status"] == "over"
    games = [game["game_id"] for game in view["games"]]
    assert len(games) >= 2
    for game_id in games:
        assert _seated(api, game_id) == tuple(ids)
    # R71: each game of the match is one result of the player's history.
    history = api.client.get(
        f"/players/{alice['player_id']}/ratings", headers=api.auth(alice["key"]["key"])
    ).json()["history"]
    assert [entry["game_id"] for entry in history] == games


def test_a_players_key_claims_an_open_seat_for_its_player_once(api: Api) -> None:
    alice, bobby, carol = (player(api, name) for name in ("Alice", "Bobby", "Carol"))
    match = api.client.post("/matches", json={"seats": 3, "seed": "mp-2"}).json()
    claimed = _claim(api, match, 0, alice, alice["key"]["key"])
    assert claimed.status_code == 201, claimed.text
    twice = _claim(api, match, 1, alice, alice["key"]["key"])
    assert (twice.status_code, twice.json()["code"]) == (422, "player-seated-twice")
    other = _claim(api, match, 1, bobby, alice["key"]["key"])
    assert (other.status_code, other.json()["rule"]) == (403, "U7")
    keyless = _claim(api, match, 1, bobby, None)
    assert (keyless.status_code, keyless.json()["rule"]) == (401, "U6")
    assert _claim(api, match, 1, bobby, bobby["key"]["key"]).status_code == 201
    # The operator claims for any player; the last claim deals, the deal seating all three.
    last = _claim(api, match, 2, carol, OPERATOR)
    assert last.status_code == 201, last.text
    game_id = last.json()["game_id"]
    assert _seated(api, game_id) == (alice["player_id"], bobby["player_id"], carol["player_id"])
    handles = [alice["handle"], bobby["handle"], carol["handle"]]
    assert [s["name"] for s in match_view(api, match)["seats"]] == handles
    seat = api.client.get(f"/games/{game_id}/seats/1", headers=api.auth(bobby["key"]["key"]))
    assert seat.status_code == 200, seat.text


def test_a_player_leaves_its_match_seat_with_its_key_and_another_player_may_not(
    api: Api,
) -> None:
    alice, bobby = player(api, "Alice"), player(api, "Bobby")
    match = api.client.post("/matches", json={"seats": 2, "seed": "mp-3"}).json()
    assert _claim(api, match, 0, alice, alice["key"]["key"]).status_code == 201
    leave = f"/matches/{match['match_id']}/seats/0/leave"
    refused = api.client.post(leave, headers=api.auth(bobby["key"]["key"]))
    assert (refused.status_code, refused.json()["code"]) == (401, "invalid-token")
    left = api.client.post(leave, headers=api.auth(alice["key"]["key"]))
    assert left.status_code == 200, left.text
    # The seat is open and nobody's: Bobby takes it, and then Alice the other.
    assert _claim(api, match, 0, bobby, bobby["key"]["key"]).status_code == 201
    last = _claim(api, match, 1, alice, alice["key"]["key"])
    assert last.status_code == 201
    dealt = last.json()["game_id"]
    assert _seated(api, dealt) == (bobby["player_id"], alice["player_id"])


def test_seat_players_are_named_with_the_players_and_refused_for_open_seats(api: Api) -> None:
    alice = player(api, "Alice")
    refused = api.client.post(
        "/matches",
        json={"seats": 2, "seat_players": [alice["player_id"], None]},
        headers=api.auth(OPERATOR),
    )
    assert (refused.status_code, refused.json()["field"]) == (422, "seat_players")
    unnamed = api.client.post(
        "/matches", json={"players": ["A", "B"], "seat_players": [alice["player_id"], None]}
    )
    assert (unnamed.status_code, unnamed.json()["rule"]) == (401, "U6")
    match = api.client.post("/matches", json={"players": ["A", "B"], "seed": "mp-4"}).json()
    assert _seated(api, match["game_id"]) is None


def test_a_players_key_gets_its_match_seats_stream_ticket_and_no_other(api: Api) -> None:
    alice, bobby = player(api, "Alice"), player(api, "Bobby")
    match = api.client.post("/matches", json={"seats": 2, "seed": "mp-5"}).json()
    assert _claim(api, match, 0, alice, alice["key"]["key"]).status_code == 201
    path = f"/matches/{match['match_id']}/seats"
    made = api.client.post(f"{path}/0/ticket", headers=api.auth(alice["key"]["key"]))
    assert made.status_code == 201, made.text
    assert made.json()["stream"].startswith(f"/matches/{match['match_id']}/stream?ticket=")
    wrong = api.client.post(f"{path}/1/ticket", headers=api.auth(alice["key"]["key"]))
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong-seat")
    none = api.client.post(f"{path}/0/ticket", headers=api.auth(bobby["key"]["key"]))
    assert (none.status_code, none.json()["code"]) == (401, "invalid-token")
