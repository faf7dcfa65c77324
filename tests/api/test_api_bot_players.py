"""Bots are players (U14, R76): each bot the service plays has a player of kind bot per
game, recorded in `seated` where it sits, so that its games are rated (R70); a bot of
anyone else's registers as a player of kind bot and plays through the seats' operations."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from patience import PATIENCE

from domain.players.events import PlayerRegistered
from service.settings import Settings
from service.store import GameStore
from service.store.envelopes import Envelope
from service.usecases import bot_players

from .support import Api, Json

OPERATOR = "operator-key-of-the-bot-players-tests"
SHORT = {"rules": {"cards_per_player": 7}}


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"operator_key": OPERATOR}))


def _tag() -> str:
    """A tag of the test's own: PostgreSQL's database is the session's (U3)."""
    return "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(5))


def _game(api: Api, players: list[Any], **body: Any) -> Json:
    response = api.client.post("/games", json={"players": players, "seed": "bot-players", **body})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _seated(api: Api, game_id: str) -> Any:
    return getattr(api.store.game_events(UUID(game_id), 0, 1)[0], "seated", None)


def _over(api: Api, game: Json) -> Json:
    """The game once over: its bots play it among themselves."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        view = api.view(game)
        if view["over"]:
            return view
        time.sleep(0.01)
    raise AssertionError(f"the bots never ended the game: {view}")


def test_a_bot_seat_is_held_by_its_bots_player_one_per_game(api: Api) -> None:
    players = ["Ann", {"bot": "greedy"}, {"bot": "random"}]
    first = _game(api, players, **SHORT)
    greedy = str(bot_players.bot_player_id("penang", "greedy"))
    random = str(bot_players.bot_player_id("penang", "random"))
    assert _seated(api, first["game_id"]) == (None, greedy, random)
    shown = api.client.get(f"/players/{greedy}").json()
    assert shown == {"player_id": greedy, "handle": "greedy-penang-bot", "kind": "bot"}
    # The same player in the next game of Penang Rummy; another in another game.
    again = _game(api, ["Bo", {"bot": "greedy"}], **SHORT)
    assert _seated(api, again["game_id"]) == (None, greedy)
    rummy = _game(api, [{"bot": "greedy"}, "Cy"], game="rummy")
    rummy_greedy = str(bot_players.bot_player_id("rummy", "greedy"))
    assert _seated(api, rummy["game_id"]) == (rummy_greedy, None)
    assert api.client.get(f"/players/{rummy_greedy}").json()["handle"] == "greedy-rummy-bot"


def test_a_game_of_bots_is_rated_and_the_bots_are_on_the_leaderboard_as_bots(api: Api) -> None:
    game = _game(api, [{"bot": "greedy"}, {"bot": "random"}], game="gin")
    _over(api, game)
    board = api.client.get("/ratings/gin", params={"limit": 100}).json()
    ids = {str(bot_players.bot_player_id("gin", bot)) for bot in ("greedy", "random")}
    entries = {e["player_id"]: e for e in board["entries"] if e["player_id"] in ids}
    assert set(entries) == ids
    assert {e["kind"] for e in entries.values()} == {"bot"}
    assert {e["handle"] for e in entries.values()} == {"greedy-gin-bot", "random-gin-bot"}


def test_a_match_records_its_bots_players_in_every_game(api: Api) -> None:
    response = api.client.post(
        "/matches",
        json={"seats": 2, "bots": [None, {"bot": "greedy"}], "game": "rummy", "seed": "bp-m"},
    )
    assert response.status_code == 201, response.text
    match = response.json()
    claimed = api.client.post(f"/matches/{match['match_id']}/seats/0/claim", json={"name": "A"})
    assert claimed.status_code == 201, claimed.text
    greedy = str(bot_players.bot_player_id("rummy", "greedy"))
    assert _seated(api, claimed.json()["game_id"]) == (None, greedy)


def test_an_outside_bot_registers_as_a_bot_and_plays_its_seat_with_its_key(api: Api) -> None:
    handle = f"Deep{_tag()}bot"
    response = api.client.post("/players", json={"handle": handle, "kind": "bot"})
    assert response.status_code == 201, response.text
    bot = response.json()
    assert bot["kind"] == "bot"
    assert api.client.get(f"/players/{bot['player_id']}").json()["kind"] == "bot"
    person = api.client.post("/players", json={"handle": f"Ann{_tag()}"}).json()
    created = api.client.post(
        "/games",
        json={
            "players": ["A", "B"],
            "seat_players": [person["player_id"], bot["player_id"]],
            "seed": "outside-bot",
            **SHORT,
        },
        headers=api.auth(OPERATOR),
    )
    assert created.status_code == 201, created.text
    game = created.json()
    assert api.events(game)["events"][0]["event"]["players"] == [person["handle"], handle]
    # Every command is sent with the two players' keys: the bot's as any player's.
    by_keys = {**game, "tokens": [person["key"]["key"], bot["key"]["key"]]}
    assert api.play_to_end(by_keys)["over"]
    for player, kind in ((bot, "bot"), (person, "person")):
        shown = api.client.get(
            f"/players/{player['player_id']}/ratings", headers=api.auth(player["key"]["key"])
        ).json()
        assert shown["kind"] == kind
        assert [h["game_id"] for h in shown["history"]] == [game["game_id"]]


@pytest.mark.parametrize(
    ("body", "code", "rule"),
    [
        pytest.param(
            {"handle": "Deep_Thought", "kind": "bot"}, "handle-not-bot", "U14", id="no-bot"
        ),
        pytest.param(
            {"handle": "Greedy-Penang-Bot", "kind": "bot"}, "handle-like-bot", "U5", id="service"
        ),
        pytest.param({"kind": "bot"}, "handle-taken", "U3", id="taken"),
        pytest.param({"handle": "Marvinbot"}, "handle-like-bot", "U5", id="person-as-bot"),
    ],
)
def test_a_bots_handle_reads_as_a_bots_and_never_as_the_services(
    api: Api, body: Json, code: str, rule: str
) -> None:
    if code == "handle-taken":
        first = api.client.post("/players", json={"handle": f"x{_tag()}bot", "kind": "bot"})
        body = {**body, "handle": first.json()["handle"].upper()}
    refused = api.client.post("/players", json=body)
    assert (refused.status_code, refused.json()["code"], refused.json()["rule"]) == (
        409 if code == "handle-taken" else 422,
        code,
        rule,
    ), refused.text


def test_two_stores_registering_a_bots_player_at_once_register_it_once(
    api: Api, settings: Settings
) -> None:
    other = GameStore(settings)
    try:
        answers: list[UUID] = []
        threads = [
            threading.Thread(
                target=lambda s=store: answers.append(bot_players.ensure(s, "rummy500", "random"))
            )
            for store in (api.store, other, api.store, other)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(set(answers)) == 1 and len(answers) == 4
        stream = other.events.get(answers[0])
        registered = [
            e for e in stream if isinstance(e, Envelope) and isinstance(e.event, PlayerRegistered)
        ]
        assert len(registered) == 1
    finally:
        other.close()


def test_a_bot_at_two_seats_leaves_the_table_unrated_and_the_ratings_go_on(api: Api) -> None:
    # One player at two seats has no one place (R76): the table is skipped, never stuck on.
    twice = _game(api, [{"bot": "greedy"}, {"bot": "greedy"}, {"bot": "random"}], **SHORT)
    greedy = str(bot_players.bot_player_id("penang", "greedy"))
    assert _seated(api, twice["game_id"])[:2] == (greedy, greedy)
    _over(api, twice)
    after = _game(api, [{"bot": "greedy"}, {"bot": "random"}], game="gin")
    _over(api, after)
    published = api.client.get("/ratings")
    assert published.status_code == 200, published.text
    rated = {g["game_id"] for g in published.json()["games"]}
    assert after["game_id"] in rated and twice["game_id"] not in rated
