"""The contract says exactly what the service accepts: each bound, and one step past it.

The rules bound the players (2–5, P2), the jokers (6 or 8, P1) and the packs (2 or 3,
P2); the codec reads each event type up to its schema version; a record holds at
least one event. The contract states each, and the service refuses one step past it
with a 422 naming the rule or the field. (`test_schemathesis` checks the same from
the other side: no schema-valid request is refused as malformed.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.games import ALL_GAME_EVENTS, MAX_SEATS
from domain.penang.codec import SCHEMA_VERSIONS
from domain.penang.rules import JOKER_COUNTS, MAX_PLAYERS, MIN_PLAYERS, PACK_COUNTS
from service.settings import Settings

from .audit_support import exported, finished_game, import_record
from .support import Api, Json

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def _schemas() -> dict[str, Any]:
    schemas: dict[str, Any] = json.loads(CONTRACT.read_text(encoding="utf-8"))["components"][
        "schemas"
    ]
    return schemas


@pytest.fixture
def api(make_api: Callable[[Settings], Api], tmp_path: Path) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite")))


def _create(api: Api, players: int, **body: Any) -> Any:
    names = [f"P{seat}" for seat in range(players)]
    return api.client.post("/games", json={"players": names, "seed": "bounds", **body})


def test_the_contract_takes_two_to_six_players_and_as_many_seat_seeds() -> None:
    """Penang takes 2 to 5 (P2, checked below), the draw games 2 to 6 (B1, T2)."""
    create = _schemas()["CreateGame"]["properties"]
    players = create["players"]
    assert (players["minItems"], players["maxItems"]) == (MIN_PLAYERS, MAX_SEATS) == (2, 6)
    seeds, _ = create["seat_seeds"]["anyOf"]
    assert seeds["maxItems"] == MAX_SEATS
    dealer, _ = create["dealer"]["anyOf"]
    assert (dealer["minimum"], dealer["maximum"]) == (0, MAX_SEATS - 1)


@pytest.mark.parametrize("players", [MIN_PLAYERS - 1, MAX_PLAYERS + 1, 8])
def test_a_player_count_the_contract_refuses_is_refused_citing_p2(api: Api, players: int) -> None:
    response = _create(api, players)
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["rule"], problem["field"]) == (
        "invalid-rules",
        "P2",
        "players",
    )


@pytest.mark.parametrize("players", [MIN_PLAYERS, MAX_PLAYERS])
def test_the_player_counts_the_contract_names_are_dealt(api: Api, players: int) -> None:
    seeds = [f"s{seat}" for seat in range(players)]
    assert _create(api, players, seat_seeds=seeds).status_code == 201


def test_more_seat_seeds_than_seats_are_refused(api: Api) -> None:
    response = _create(api, MAX_PLAYERS, seat_seeds=[f"s{seat}" for seat in range(6)])
    assert response.status_code == 422 and response.json()["field"] == "seat_seeds"
    response = _create(api, MAX_PLAYERS, seat_seeds=[f"s{seat}" for seat in range(7)])
    assert response.status_code == 422 and response.json()["field"] == "seat_seeds"


def test_the_contract_names_the_joker_and_pack_counts() -> None:
    rules = _schemas()["Rules"]["properties"]
    assert rules["jokers"]["enum"] == list(JOKER_COUNTS) == [6, 8]
    packs, _ = rules["packs"]["anyOf"]
    assert packs["enum"] == list(PACK_COUNTS) == [2, 3]


@pytest.mark.parametrize(
    ("option", "value", "rule"), [("jokers", 7, "P1"), ("jokers", 0, "P1"), ("packs", 1, "P2")]
)
def test_a_count_the_contract_does_not_name_is_refused_citing_the_rule(
    api: Api, option: str, value: int, rule: str
) -> None:
    response = _create(api, 4, rules={option: value})
    assert response.status_code == 422, response.text
    assert (response.json()["rule"], response.json()["field"]) == (rule, option)


def _event_schema() -> Json:
    events = _schemas()["GameRecordDocument"]["properties"]["events"]
    assert events["minItems"] == 1
    schema: Json = events["items"]
    return schema


def test_the_contract_gives_each_event_type_its_schema_versions() -> None:
    schema = _event_schema()
    schemas = _schemas()
    by_type = {}
    for tag, ref in schema["discriminator"]["mapping"].items():
        stored = schemas[ref.removeprefix("#/components/schemas/")]
        assert stored["properties"]["type"] == {"type": "string", "enum": [tag]}
        assert stored["properties"]["v"]["minimum"] == 1
        by_type[tag] = stored["properties"]["v"]["maximum"]
    assert by_type == ALL_GAME_EVENTS.versions  # every game's events (domain.games)
    assert SCHEMA_VERSIONS.items() <= by_type.items()
    assert sorted(option["$ref"] for option in schema["oneOf"]) == sorted(
        schema["discriminator"]["mapping"].values()
    )


def test_an_event_newer_than_the_contract_says_is_refused(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    for index, event in enumerate(document["events"]):
        newer = {**event, "v": SCHEMA_VERSIONS[event["type"]] + 1}
        changed = {**document, "events": [*document["events"][:index], newer]}
        response = import_record(api, changed)
        assert response.status_code == 422, response.text
        problem = response.json()
        assert problem["code"] == "malformed-record", problem
        assert f"event {index}: {event['type']} v{newer['v']}" in problem["detail"]


def test_a_record_of_no_events_is_refused_naming_the_field(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    response = import_record(api, {**document, "events": []})
    assert response.status_code == 422, response.text
    assert response.json()["field"] == "events"
