"""Scopes are enforced on every operation a player's key may call (U7): the contract
says which operations take a player's key (`playerKey`), and each is refused to a key
that holds every scope but the one it needs."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.settings import Settings

from .support import Api, Json

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
OPERATOR = "operator-key-of-the-scope-tests"
#: The scope each operation that takes a player's key needs.
NEEDS = {
    "createGame": "play",
    "submitTurn": "play",
    "declareDead": "play",
    "getSeatView": "play",
    "getLegalMoves": "play",
    "getMovesAfter": "play",
    "getEvents": "play",
    "createGameStreamTicket": "play",
    "createMatchStreamTicket": "play",
    "createMatch": "play",
    "claimSeat": "play",
    "leaveSeat": "play",
    "listPlayerKeys": "read",
    "getPlayerRatings": "read",
    "issuePlayerKey": "keys",
    "revokePlayerKey": "keys",
}


def _player_key_operations() -> dict[str, tuple[str, str]]:
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))
    return {
        operation["operationId"]: (method.upper(), path)
        for path, item in contract["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict)
        and any("playerKey" in scheme for scheme in operation.get("security", []))
    }


def test_every_operation_that_takes_a_players_key_names_its_scope() -> None:
    assert set(_player_key_operations()) == set(NEEDS)


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"operator_key": OPERATOR}))


def _key_without(api: Api, player: Json, scope: str) -> Json:
    scopes = [s for s in ("play", "read", "keys") if s != scope]
    response = api.client.post(
        f"/players/{player['player_id']}/keys/new",
        json={"scopes": scopes, "label": f"no {scope}"},
        headers=api.auth(player["key"]["key"]),
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


@pytest.mark.parametrize("operation", sorted(NEEDS))
def test_a_key_without_the_operations_scope_is_refused(api: Api, operation: str) -> None:
    # PostgreSQL's database is the session's: each test's handle is its own (U3).
    handle = "Scoper" + "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(5))
    player: Json = api.client.post("/players", json={"handle": handle}).json()
    pid = player["player_id"]
    game = api.client.post(
        "/games",
        json={"players": ["A", "B"], "seat_players": [pid, None], "seed": "scopes"},
        headers=api.auth(OPERATOR),
    ).json()
    match = api.client.post(
        "/matches",
        json={"players": ["A", "B"], "seat_players": [pid, None], "seed": "scopes"},
        headers=api.auth(OPERATOR),
    ).json()
    key = _key_without(api, player, NEEDS[operation])
    method, path = _player_key_operations()[operation]
    url = path.format(
        game_id=game["game_id"],
        match_id=match["match_id"],
        seat=0,
        player_id=pid,
        key_id=player["key"]["key_id"],
    )
    bodies: dict[str, Any] = {
        "createGame": {"players": ["A", "B"], "seat_players": [pid, None]},
        "createMatch": {"players": ["A", "B"], "seat_players": [pid, None]},
        "claimSeat": {"name": "A", "player": pid},
        "submitTurn": {"actions": []},
        "issuePlayerKey": {"scopes": ["read"]},
    }
    response = api.client.request(
        method, url, json=bodies.get(operation), headers=api.auth(key["key"])
    )
    assert response.status_code == 403, (operation, response.text)
    assert (response.json()["code"], response.json()["rule"]) == ("scope-not-held", "U7")
