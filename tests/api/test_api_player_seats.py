"""Seats held by players (U10): a game dealt with players at its seats records who sat
where, and each seat's operations take its player's key as well as the seat's token."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest

from service.settings import Settings

from .audit_support import exported, import_record
from .support import Api, Json

OPERATOR = "operator-key-of-the-seats-tests"
SHORT = {"seed": "seats-a", "rules": {"cards_per_player": 12}}


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"operator_key": OPERATOR}))


def player(api: Api, handle: str) -> Json:
    """A player registered as `handle` and a tag of its own: PostgreSQL's database is the
    session's, so a handle of one test would be taken in the next (U3)."""
    tag = "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(5))
    response = api.client.post("/players", json={"handle": handle + tag})
    assert response.status_code == 201, response.text
    return dict(response.json())


def create(api: Api, key: str | None, seat_players: list[Any], **body: Any) -> Any:
    return api.client.post(
        "/games",
        json={"players": ["Anon0", "Anon1"], "seat_players": seat_players, **SHORT, **body},
        headers=api.auth(key),
    )


def seated_game(api: Api) -> tuple[Json, Json, Json]:
    """A game of Alice (seat 0) and Bobby (seat 1), seated by the operator."""
    alice, bobby = player(api, "Alice"), player(api, "Bobby")
    response = create(api, OPERATOR, [alice["player_id"], bobby["player_id"]])
    assert response.status_code == 201, response.text
    return dict(response.json()), alice, bobby


def test_the_deal_records_who_sat_where_and_names_the_seats_by_handle(api: Api) -> None:
    game, alice, bobby = seated_game(api)
    handles = [alice["handle"], bobby["handle"]]
    assert api.events(game)["events"][0]["event"]["players"] == handles
    # The stored deal names the players (the record shows it: the test below).
    dealt = api.store.game_events(UUID(game["game_id"]), 0, 1)[0]
    assert getattr(dealt, "seated", None) == (alice["player_id"], bobby["player_id"])


def test_a_game_without_players_records_no_seated_field(api: Api) -> None:
    game = api.create(players=2, **SHORT)
    api.play_to_end(game)
    assert "seated" not in exported(api, game["game_id"])["events"][0]


def test_a_player_plays_its_seat_with_its_key_to_the_end_and_the_record_verifies(
    api: Api,
) -> None:
    game, alice, bobby = seated_game(api)
    # Every command of the game is sent with the players' keys, none with a seat token.
    by_keys = {**game, "tokens": [alice["key"]["key"], bobby["key"]["key"]]}
    assert api.play_to_end(by_keys)["over"]
    document = exported(api, game["game_id"])
    assert document["events"][0]["seated"] == [alice["player_id"], bobby["player_id"]]
    imported = import_record(api, document)
    assert imported.status_code == 201, imported.text


def test_the_seats_token_keeps_working_beside_the_players_key(api: Api) -> None:
    game, _, _ = seated_game(api)
    for seat in (0, 1):
        assert (
            api.client.get(
                f"/games/{game['game_id']}/seats/{seat}", headers=api.auth(game["tokens"][seat])
            ).status_code
            == 200
        )


def test_a_players_key_is_refused_at_another_seat_and_at_a_table_it_holds_none_of(
    api: Api,
) -> None:
    game, alice, _ = seated_game(api)
    other = player(api, "Carol")
    path = f"/games/{game['game_id']}/seats"
    wrong = api.client.get(f"{path}/1", headers=api.auth(alice["key"]["key"]))
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong-seat")
    none = api.client.get(f"{path}/0", headers=api.auth(other["key"]["key"]))
    assert (none.status_code, none.json()["code"], none.json()["rule"]) == (
        401,
        "invalid-token",
        "U10",
    )


def test_a_seat_takes_no_revoked_key_nor_one_without_play(api: Api) -> None:
    game, alice, _ = seated_game(api)
    pid, first = alice["player_id"], alice["key"]["key"]
    reader = api.client.post(
        f"/players/{pid}/keys/new", json={"scopes": ["read"]}, headers=api.auth(first)
    ).json()
    seat = f"/games/{game['game_id']}/seats/0"
    refused = api.client.get(seat, headers=api.auth(reader["key"]))
    assert (refused.status_code, refused.json()["rule"]) == (403, "U7")
    api.client.post(
        f"/players/{pid}/keys/{alice['key']['key_id']}/revoke", headers=api.auth(OPERATOR)
    )
    revoked = api.client.get(seat, headers=api.auth(first))
    assert (revoked.status_code, revoked.json()["code"]) == (401, "revoked-key")


def test_a_players_events_and_stream_ticket_are_its_seats(api: Api) -> None:
    game, alice, _ = seated_game(api)
    key = api.auth(alice["key"]["key"])
    events = api.client.get(f"/games/{game['game_id']}/events", headers=key)
    assert events.status_code == 200
    assert events.json()["events"][0]["event"]["hands"][0] is not None  # its own hand
    assert events.json()["events"][0]["event"]["hands"][1] is None
    ticket = api.client.post(f"/games/{game['game_id']}/seats/0/ticket", headers=key)
    assert ticket.status_code == 201, ticket.text


def test_seating_players_takes_their_key_or_the_operators(api: Api) -> None:
    alice, bobby = player(api, "Alice"), player(api, "Bobby")
    mine = create(api, alice["key"]["key"], [alice["player_id"], None])
    assert mine.status_code == 201, mine.text
    theirs = create(api, alice["key"]["key"], [alice["player_id"], bobby["player_id"]])
    assert (theirs.status_code, theirs.json()["code"]) == (403, "another-players-key")
    keyless = create(api, None, [alice["player_id"], None])
    assert keyless.status_code == 401
    twice = create(api, OPERATOR, [alice["player_id"], alice["player_id"]])
    assert (twice.status_code, twice.json()["code"], twice.json()["rule"]) == (
        422,
        "player-seated-twice",
        "U10",
    )
    count = create(api, OPERATOR, [alice["player_id"]])
    assert (count.status_code, count.json()["field"]) == (422, "seat_players")
    bot = api.client.post(
        "/games",
        json={"players": ["A", {"bot": "greedy"}], "seat_players": [None, alice["player_id"]]},
        headers=api.auth(OPERATOR),
    )
    assert (bot.status_code, bot.json()["field"]) == (422, "seat_players[1]")
