"""The game endpoints over HTTP: create, views, turns, dead, events, fair deals."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import msgspec
import pytest
from litestar.testing import TestClient

from domain.cards import build_deck, parse_cards
from domain.events import DealProof
from domain.fair import ALGORITHM, commitment, fair_deal_of
from domain.penang.fold import fold
from domain.penang.game import start_game
from domain.penang.rules import PenangRules
from domain.penang.views import view_game
from service.app import create_app
from service.settings import Settings
from service.store.backends import eventsourcing_env

from .support import Api, Json


def test_create_game_deals_and_returns_one_token_per_seat(api: Api) -> None:
    response = api.client.post("/games", json={"players": ["Aminah", "Ben", "Chen"]})
    assert response.status_code == 201
    game = response.json()
    assert response.headers["etag"] == f'"{game["version"]}"'
    assert len(set(game["tokens"])) == 3
    assert all(len(token) >= 43 for token in game["tokens"])  # 32 random bytes
    view = game["view"]
    assert view["viewer"] is None and view["hand"] is None and view["undealt"] is None
    assert [seat["hand_size"] for seat in view["seats"]] == [25, 25, 25]  # P3
    assert all(seat["hand"] is None for seat in view["seats"])


def test_seed_makes_the_deal_reproducible(api: Api) -> None:
    first, second = api.create(seed="same"), api.create(seed="same")
    other = api.create(seed="other")
    assert first["game_id"] != second["game_id"]
    assert api.view(first, 0)["hand"] == api.view(second, 0)["hand"]
    assert api.view(first, 0)["hand"] != api.view(other, 0)["hand"]


def test_deal_is_the_documented_fair_shuffle_of_the_seeds(api: Api) -> None:
    seeds = ["s0", "s1", "s2", "s3"]
    game = api.create(seed="fair", seat_seeds=seeds)
    server_seed = hashlib.sha256(b"fair").digest()
    deck, dealer, proof = fair_deal_of(PenangRules().deck_for(4), 4, server_seed, seeds)
    assert game["view"]["dealer"] == dealer
    expected = fold(start_game([f"P{i}" for i in range(4)], deck, PenangRules(), dealer))
    for seat in range(4):
        assert tuple(api.view(game, seat)["hand"]) == view_game(expected, seat).hand
    dealt = api.events(game)["events"][0]["event"]
    assert dealt["proof"] == {
        "algorithm": ALGORITHM,
        "server_seed_sha256": commitment(server_seed),
        "seat_seeds": seeds,
    }
    assert msgspec.convert(dealt["proof"], DealProof) == proof


def test_seat_view_shows_the_seats_own_hand_only(api: Api) -> None:
    game = api.create()
    view = api.view(game, 1)
    assert view["viewer"] == 1
    assert view["hand"] == view["seats"][1]["hand"]
    assert len(view["hand"]) == 20
    assert [seat["hand"] is None for seat in view["seats"]] == [True, False, True, True]


def test_turn_records_the_events_and_answers_with_the_seats_view(api: Api) -> None:
    game = api.create()
    seat = game["view"]["turn"]
    actions = api.choose(game, seat)
    response = api.turn(game, seat, actions)
    assert response.status_code == 200, response.text
    result = response.json()
    assert response.headers["etag"] == f'"{result["version"]}"'
    versions = [record["version"] for record in result["events"]]
    assert versions == list(range(game["version"] + 1, result["version"] + 1))
    assert result["events"][0]["event"]["type"] == "PassportMelded"  # P26
    assert result["view"]["viewer"] == seat
    assert api.view(game)["version"] == result["version"]


def test_the_listed_turns_never_leave_a_client_stuck(api: Api) -> None:
    # Seed "swap-only-14", 3 seats of 7 cards, jokers not laid off (D5 option). After
    # seat 0 melds 4H JK 6H (the joker is the 5H) and seat 1 10D 10C JK, seat 1 holds
    # 5H 3D JD JC: no meld, no lay-off, and a swap alone is no turn (P24). The listed
    # turn is the swap with the meld it opens, and it is sent as it is.
    rules = {"jokers_lay_off": False, "cards_per_player": 7}
    game = api.create(3, seed="swap-only-14", rules=rules)
    for seat, cards in ((0, ["4H", "JK", "6H"]), (1, ["10D", "10C", "JK"])):
        sent = api.turn(game, seat, [{"type": "meld", "cards": cards}])
        assert sent.status_code == 200, sent.text
    moves = api.moves(game, 1)
    assert (moves["can_move"], moves["melds"], moves["lay_offs"]) == (True, [], [])
    swap = {"type": "swap", "meld": 0, "card": "5H"}
    meld = {"type": "meld", "cards": ["JD", "JC", "JK"], "jokers": ["J"]}
    assert moves["turns"] == [{"actions": [swap, meld]}]
    refused = api.dead(game, 1)
    assert refused.status_code == 422 and refused.json()["rule"] == "D6"
    assert "swap 5H for the joker of meld 0, then meld JD JC JK" in refused.json()["detail"]
    final = api.play_to_end(game)  # Api.choose sends the first listed turn
    assert [event["event"]["type"] for event in api.events(game)["events"][-6:-3]] == [
        "WildSwapped",
        "Melded",
        "TurnEnded",
    ]
    assert final["seats"][1]["hand"] == ["3D"]
    assert (final["result"]["reason"], final["result"]["winners"]) == ("all_dead", [1])


@pytest.mark.parametrize("form", ['"{v}"', 'W/"{v}"', "{v}", "*"])
def test_if_match_with_the_current_version_is_accepted(api: Api, form: str) -> None:
    game = api.create()
    seat = game["view"]["turn"]
    response = api.turn(
        game, seat, api.choose(game, seat), **{"If-Match": form.format(v=game["version"])}
    )
    assert response.status_code == 200, response.text


def test_stale_if_match_is_refused_with_the_current_version(api: Api) -> None:
    game = api.create()
    seat = game["view"]["turn"]
    assert api.turn(game, seat, api.choose(game, seat)).status_code == 200
    current = api.view(game)["version"]
    nxt = api.view(game)["turn"]
    response = api.turn(game, nxt, api.choose(game, nxt), **{"If-Match": f'"{game["version"]}"'})
    assert response.status_code == 409
    problem = response.json()
    assert problem["code"] == "stale-version" and problem["version"] == current
    assert response.headers["etag"] == f'"{current}"'
    assert api.view(game)["version"] == current  # nothing recorded


def test_a_broken_rule_names_the_rule_and_the_action_and_records_nothing(api: Api) -> None:
    game = api.create()
    seat = game["view"]["turn"]
    good = api.choose(game, seat)
    hand = api.view(game, seat)["hand"]
    missing = next(card for card in ("AS", "KD", "7C", "2H", "QS") if card not in hand)
    bad = {"type": "meld", "cards": [missing, missing, missing]}
    response = api.turn(game, seat, [*good, bad])
    assert response.status_code == 422
    problem = response.json()
    assert response.headers["content-type"] == "application/problem+json"
    assert problem["code"] == "card-not-in-hand"
    assert problem["rule"] == "P13"
    assert problem["action_index"] == len(good)
    assert api.view(game)["version"] == game["version"]  # D8: all or nothing


def test_an_empty_turn_is_refused_under_p10(api: Api) -> None:
    game = api.create()
    response = api.turn(game, game["view"]["turn"], [])
    assert response.status_code == 422
    assert response.json()["code"] == "empty-turn" and response.json()["rule"] == "P10"


def test_declaring_dead_is_refused_while_a_move_exists(api: Api) -> None:
    game = api.create()
    response = api.dead(game, game["view"]["turn"])
    assert response.status_code == 422
    assert response.json()["code"] == "dead-refused" and response.json()["rule"] == "D6"


def test_events_since_returns_only_the_later_events(api: Api) -> None:
    game = api.create()
    api.play_one(game)
    everything = api.events(game)
    assert [r["version"] for r in everything["events"]] == list(range(1, everything["version"] + 1))
    later = api.events(game, since=1)
    assert later["events"] == everything["events"][1:]
    assert api.events(game, since=everything["version"])["events"] == []
    beyond = api.events(game, since=everything["version"] + 50)
    assert beyond["events"] == [] and beyond["version"] == everything["version"]


def test_a_game_played_to_the_end_reveals_its_server_seed(api: Api) -> None:
    game = api.create(players=2, seed="to-the-end")
    final = api.play_to_end(game)
    assert final["over"] and final["result"] is not None
    records = api.events(game)["events"]
    kinds = [record["event"]["type"] for record in records]
    assert kinds[-2:] == ["GameEnded", "SeedRevealed"]
    seed = bytes.fromhex(records[-1]["event"]["server_seed"])
    assert seed == hashlib.sha256(b"to-the-end").digest()
    assert commitment(seed) == records[0]["event"]["proof"]["server_seed_sha256"]
    seat = 0
    response = api.turn(game, seat, [{"type": "meld", "cards": ["AS", "2S", "3S"]}])
    assert response.status_code == 409 and response.json()["code"] == "game-over"


def test_an_explicit_deck_needs_the_setting(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    deck = [card.text for card in build_deck(2, 6)]
    strict = make_api(msgspec.structs.replace(settings, allow_deck=False))
    refused = strict.client.post("/games", json={"players": ["a", "b"], "deck": deck})
    assert refused.status_code == 403 and refused.json()["code"] == "deck-not-allowed"

    allowed = make_api(settings)
    created = allowed.client.post("/games", json={"players": ["a", "b"], "deck": deck, "dealer": 1})
    assert created.status_code == 201, created.text
    game: Json = created.json()
    expected = fold(start_game(["a", "b"], parse_cards(deck), PenangRules(), 1))
    assert tuple(allowed.view(game, 0)["hand"]) == view_game(expected, 0).hand
    assert allowed.events(game)["events"][0]["event"]["proof"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["a", "b"], "deck": ["AS"], "seed": "x"}, "deck"),
        ({"players": ["a", "b"], "seat_seeds": ["only-one"]}, "seat_seeds"),
        ({"players": ["a", "b"], "dealer": "1"}, "dealer"),
        # P6: the seeds draw the dealer, and the deal's proof covers it.
        ({"players": ["a", "b"], "seed": "x", "dealer": 1}, "dealer"),
        ({"players": ["a", "b"], "dealer": 0}, "dealer"),
        ({"players": ["a", "b"], "colour": "red"}, "body"),
        ({"players": ["a", "b"], "rules": {"jokers": 7}}, "jokers"),
    ],
)
def test_invalid_create_requests_are_422_problems_naming_the_field(
    api: Api, body: Json, field: str
) -> None:
    response = api.client.post("/games", json=body)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["field"] == field


def test_health_and_readiness(api: Api) -> None:
    assert api.client.get("/health").json() == {"status": "ok"}
    assert api.client.get("/ready").json() == {"status": "ok"}


def test_settings_come_from_the_environment() -> None:
    # The environment's defaults are Settings()' but for the rate limits, on for `serve`,
    # and the bots' think time, a second for `serve` (R35).
    assert Settings.from_env({}) == Settings(rate_limit=True, bot_think_ms=1000)
    settings = Settings.from_env(
        {
            "PENANG_RUMMY_STORE": "postgres",
            "PENANG_RUMMY_POSTGRES_PORT": "6543",
            "PENANG_RUMMY_ALLOW_DECK": "yes",
            "PENANG_RUMMY_SQLITE_PATH": "/tmp/x.sqlite",
        }
    )
    assert settings.store == "postgres" and settings.postgres_port == 6543
    assert settings.allow_deck and settings.sqlite_path == "/tmp/x.sqlite"
    assert eventsourcing_env(settings)["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    assert eventsourcing_env(Settings())["SQLITE_DBNAME"] == "penang-rummy.sqlite"
    assert Settings.from_env({}).sqlite_synchronous == "full"
    normal = Settings.from_env({"PENANG_RUMMY_SQLITE_SYNCHRONOUS": "NORMAL"})
    assert normal.sqlite_synchronous == "normal"
    for bad in (
        {"PENANG_RUMMY_STORE": "mysql"},
        {"PENANG_RUMMY_ALLOW_DECK": "maybe"},
        {"PENANG_RUMMY_SQLITE_SYNCHRONOUS": "off"},
    ):
        with pytest.raises(ValueError, match="PENANG_RUMMY_"):
            Settings.from_env(bad)


@pytest.mark.parametrize(("synchronous", "pragma"), [("full", 2), ("normal", 1)])
def test_sqlite_synchronous_setting_reaches_every_connection(
    tmp_path: Path, synchronous: Literal["full", "normal"], pragma: int
) -> None:
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), sqlite_synchronous=synchronous)
    with TestClient(create_app(settings)) as client:
        api = Api(client)
        game = api.create()
        assert client.get(f"/games/{game['game_id']}").status_code == 200
        store = client.app.state.store
        with store.factory.datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA synchronous")
            assert cursor.fetchone()[0] == pragma
