"""Every request's inputs are checked before a handler runs (`service.api.inputs`).

Bodies: only `application/json` (415 otherwise), decoded strictly but by JSON's number
model (`392.0` is an integer), never deeper than `MAX_DEPTH` (422, never a 500).
Parameters: a present one carries a value (`?version=null` is 422). Game ids: only the
canonical spelling reaches a game. The checks come before the store, so one store
(SQLite) is enough here.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.handlers import HTTPRouteHandler

from service.api.inputs import MAX_DEPTH, _json, _typed_decoder, check_inputs, decode_body
from service.errors import InvalidRequest
from service.settings import Settings
from service.store import GameStore
from service.usecases.messages import GameRecordDocument, SubmitTurn

from .audit_support import exported, finished_game, import_record
from .support import Api, Json

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
PROBLEM = "application/problem+json"
JSON = "application/json"


@pytest.fixture
def api(make_api: Callable[[Settings], Api], tmp_path: Path) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite"), allow_deck=True))


def _contract() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(CONTRACT.read_text(encoding="utf-8"))
    return schema


def _posts() -> dict[str, dict[str, Any]]:
    """Every POST operation of the contract, by operation id."""
    return {
        item["post"]["operationId"]: {"path": path, **item["post"]}
        for path, item in _contract()["paths"].items()
        if "post" in item
    }


def _post(api: Api, operation: str, body: bytes | None, content_type: str | None) -> Any:
    """`operation` called on a fresh game (as the seat whose turn it is) with `body`.

    A match operation is called on a fresh match whose seats are open, a player's on a
    player registered for it, with its first key.
    """
    game = api.create(players=2)
    seat = game["view"]["turn"]
    match = api.client.post("/matches", json={"seats": 2}).json()
    player = api.client.post("/players", json={"handle": "Inputs"}).json()
    path = _posts()[operation]["path"].format(
        game_id=game["game_id"],
        seat=seat,
        match_id=match["match_id"],
        player_id=player["player_id"],
        key_id=player["key"]["key_id"],
    )
    headers = api.auth(game["tokens"][seat])
    if "/players" in path:
        # A player's operation takes the player's key; registering takes none.
        headers = {} if operation == "createPlayer" else api.auth(player["key"]["key"])
    if content_type is not None:
        headers["Content-Type"] = content_type
    return api.client.post(path, content=body, headers=headers)


def _problem(response: Any, status: int, code: str) -> Json:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    problem: Json = response.json()
    assert problem["code"] == code, problem
    return problem


TAKE_A_BODY = sorted(name for name, op in _posts().items() if "requestBody" in op)


def test_the_operations_that_take_a_body_are_the_known_ones() -> None:
    assert TAKE_A_BODY == [
        "claimSeat",
        "createGame",
        "createMatch",
        "createPlayer",
        "getMovesAfter",
        "importRecord",
        "issuePlayerKey",
        "submitTurn",
        "viewRecord",
    ]


# --- nesting: a 422, never a RecursionError -------------------------------------------


@pytest.mark.parametrize("operation", sorted(_posts()))
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 100_000])
def test_a_deeply_nested_body_is_a_422_on_every_post(
    api: Api, operation: str, depth: int, caplog: pytest.LogCaptureFixture
) -> None:
    nested = b"[" * depth + b"]" * depth
    bodies = {
        "importRecord": b'{"format": "penang-rummy-record/1", "rules_version": "penang-1", '
        b'"events": [{"type": "Dealt", "v": 2, "x": ' + nested + b"}]}",
        "createGame": b'{"players": ' + nested + b"}",
        "createMatch": b'{"seats": 2, "options": ' + nested + b"}",
        "claimSeat": b'{"name": "Ann", "seat_seed": ' + nested + b"}",
        "submitTurn": b'{"actions": ' + nested + b"}",
        "getMovesAfter": b'{"actions": ' + nested + b"}",
        "createPlayer": b'{"handle": ' + nested + b"}",
        "issuePlayerKey": b'{"scopes": ' + nested + b"}",
    }
    with caplog.at_level(logging.ERROR):
        response = _post(api, operation, bodies.get(operation, nested), JSON)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    if operation not in TAKE_A_BODY:  # declareDead reads no body: it is ignored
        assert response.status_code != 500, response.text
        return
    problem = _problem(response, 422, "invalid-request")
    assert problem["field"] == "body"
    assert problem["detail"] == f"the body nests deeper than {MAX_DEPTH} levels"


def test_nesting_up_to_the_limit_is_read() -> None:
    def nested(depth: int) -> bytes:
        return b'{"actions": ' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"

    with pytest.raises(InvalidRequest, match="actions"):  # read, then refused by its type
        decode_body(nested(MAX_DEPTH), SubmitTurn)
    with pytest.raises(InvalidRequest, match="nests deeper"):
        decode_body(nested(MAX_DEPTH + 1), SubmitTurn)


class _Open(msgspec.Struct, forbid_unknown_fields=True):
    anything: Any


class _Tree(msgspec.Struct, forbid_unknown_fields=True):
    children: list[_Tree]


class _Lenient(msgspec.Struct):
    name: str


def test_a_body_type_of_bounded_depth_is_decoded_straight_and_as_the_long_way_would() -> None:
    """The typed decode (one pass) answers exactly what decode, walk and convert answer."""
    assert _typed_decoder(SubmitTurn) is not None
    # Each could nest without bound, so each is walked first: a record's events are
    # objects of any fields; a field of any type; a type inside itself; a struct that
    # skips an unknown field however deep it nests.
    assert _typed_decoder(GameRecordDocument) is None
    assert _typed_decoder(_Open) is None
    assert _typed_decoder(_Tree) is None
    assert _typed_decoder(_Lenient) is None
    bodies = [
        b'{"actions": [{"type": "meld", "cards": ["7H", "8H", "9H"]}]}',
        b'{"actions": [{"type": "lay_off", "meld": 2, "card": "JK", "end": "low"}]}',
        b'{"actions": [{"type": "lay_off", "meld": 2.0, "card": "5S"}]}',  # 2.0 is 2
        b'{"actions": []}',
    ]
    for body in bodies:
        longer = msgspec.convert(_json.decode(body), SubmitTurn, strict=True)
        assert decode_body(body, SubmitTurn) == longer


# --- media types: JSON only -----------------------------------------------------------

REFUSED_TYPES = [
    None,
    "text/plain",
    "text/plain; charset=utf-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/merge-patch+json",
    "application/json; charset=latin-1",
    "application/x-ndjson",
]


@pytest.mark.parametrize("operation", TAKE_A_BODY)
@pytest.mark.parametrize("content_type", REFUSED_TYPES)
def test_a_body_that_is_not_json_is_415(api: Api, operation: str, content_type: str | None) -> None:
    body = json.dumps({"players": ["Aminah", "Ben"]}).encode()
    problem = _problem(_post(api, operation, body, content_type), 415, "unsupported-media-type")
    assert "application/json" in problem["detail"]


def test_a_cross_origin_form_post_writes_nothing(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    def written(*args: object) -> None:
        raise AssertionError("a refused request reached the store")

    monkeypatch.setattr(GameStore, "create", written)
    for content_type in ("text/plain", "application/x-www-form-urlencoded"):
        body = json.dumps({"players": ["Aminah", "Ben"]}).encode()
        response = api.client.post("/games", content=body, headers={"Content-Type": content_type})
        _problem(response, 415, "unsupported-media-type")


@pytest.mark.parametrize(
    "content_type", [JSON, "application/json; charset=utf-8", 'Application/JSON;charset="UTF-8"']
)
def test_json_is_taken_with_or_without_a_utf8_charset(api: Api, content_type: str) -> None:
    body = json.dumps({"players": ["Aminah", "Ben"]}).encode()
    response = api.client.post("/games", content=body, headers={"Content-Type": content_type})
    assert response.status_code == 201, response.text


def test_declaring_dead_takes_no_body_and_needs_no_content_type(api: Api) -> None:
    response = _post(api, "declareDead", None, None)
    assert response.status_code != 415
    assert response.json()["code"] == "dead-refused", response.text


def test_the_contract_documents_415_where_a_body_is_taken() -> None:
    for name, operation in _posts().items():
        assert ("415" in operation["responses"]) == (name in TAKE_A_BODY), name
        if name in TAKE_A_BODY:
            assert list(operation["requestBody"]["content"]) == [JSON], name


# --- numbers: JSON's model ------------------------------------------------------------


@pytest.mark.parametrize("meld", ["0.0", "0e0", "0.00"])
def test_a_whole_number_written_with_a_fraction_is_an_integer(api: Api, meld: str) -> None:
    game = api.create(players=2)
    seat = game["view"]["turn"]
    body = '{"actions": [{"type": "lay_off", "meld": ' + meld + ', "card": "AS"}]}'
    headers = {**api.auth(game["tokens"][seat]), "Content-Type": JSON}
    response = api.client.post(
        f"/games/{game['game_id']}/seats/{seat}/turns", content=body, headers=headers
    )
    # Read as meld 0: judged by the rules (no meld on the table yet), not refused as malformed.
    problem = _problem(response, 422, "passport-required")
    assert problem["rule"] and problem["action_index"] == 0


@pytest.mark.parametrize("meld", ["0.5", '"0"', "true", "1e400", "1e999999999", "1e-999999999"])
def test_a_meld_index_that_is_not_a_whole_number_is_malformed(api: Api, meld: str) -> None:
    game = api.create(players=2)
    seat = game["view"]["turn"]
    body = '{"actions": [{"type": "lay_off", "meld": ' + meld + ', "card": "AS"}]}'
    headers = {**api.auth(game["tokens"][seat]), "Content-Type": JSON}
    response = api.client.post(
        f"/games/{game['game_id']}/seats/{seat}/turns", content=body, headers=headers
    )
    problem = _problem(response, 422, "malformed-input")
    assert problem["field"] == "actions[0].meld" and problem["action_index"] == 0


def test_rule_options_and_record_versions_take_whole_numbers_with_a_fraction(api: Api) -> None:
    body = {"players": ["Aminah", "Ben"], "rules": {"cards_per_player": 7.0, "jokers": 8.0}}
    response = api.client.post("/games", json=body)
    assert response.status_code == 201, response.text
    assert response.json()["view"]["rules"]["cards_per_player"] == 7
    document = exported(api, finished_game(api)["game_id"])
    text = json.dumps(document).replace('"v": 1,', '"v": 1.0,').replace('"v": 2,', '"v": 2.0,')
    assert '"v": 1.0' in text and '"v": 2.0' in text
    assert import_record(api, text.encode()).status_code == 201


# --- parameters: present means a value ------------------------------------------------


@pytest.mark.parametrize("value", ["null", "NULL", "Null"])
@pytest.mark.parametrize("seat", [None, 0])
def test_version_null_is_malformed_not_now(api: Api, value: str, seat: int | None) -> None:
    game = api.create(players=2)
    path = f"/games/{game['game_id']}" + ("" if seat is None else f"/seats/{seat}")
    headers = api.auth(None if seat is None else game["tokens"][seat])
    response = api.client.get(f"{path}?version={value}", headers=headers)
    problem = _problem(response, 422, "invalid-request")
    assert problem["field"] == "version"
    assert api.client.get(path, headers=headers).status_code == 200


# --- game ids: one spelling -----------------------------------------------------------


def _spellings(game_id: str) -> list[str]:
    """The same UUID spelt otherwise (a mixed-case one only where the id has a letter)."""
    letters = [char for char in game_id if char.isalpha()]
    mixed = [game_id.replace(letters[0], letters[0].upper(), 1)] if letters else []
    return [
        game_id.upper(),
        "{" + game_id + "}",
        "urn:uuid:" + game_id,
        game_id.replace("-", ""),
        *mixed,
    ]


@pytest.mark.parametrize(
    "route", ["", "/seats/0", "/seats/0/moves", "/events", "/record", "/seats/0/turns"]
)
def test_a_game_id_in_another_spelling_reaches_no_game(api: Api, route: str) -> None:
    game = api.create(players=2)
    headers = api.auth(game["tokens"][0])
    for spelling in _spellings(game["game_id"]):
        path = f"/games/{spelling}{route}"
        if route.endswith("turns"):
            response = api.client.post(path, json={"actions": []}, headers=headers)
        else:
            response = api.client.get(path, headers=headers)
        problem = _problem(response, 422, "invalid-request")
        assert problem["field"] == "game_id", spelling
    assert api.client.get(f"/games/{game['game_id']}").status_code == 200


def test_the_contract_states_the_game_id_pattern() -> None:
    for path, item in _contract()["paths"].items():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "game_id":
                    schema = parameter["schema"]
                    assert schema["pattern"] == (
                        "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
                    ), path


def test_every_route_checks_its_inputs_with_the_one_hook(api: Api) -> None:
    handlers = [
        handler
        for route in api.client.app.routes
        for handler in getattr(route, "route_handlers", [])
        if isinstance(handler, HTTPRouteHandler) and "OPTIONS" not in handler.http_methods
    ]
    assert len(handlers) > 11
    for handler in handlers:
        assert handler.resolve_before_request() is check_inputs, handler


def test_an_options_request_on_every_path_is_answered_not_a_500(api: Api) -> None:
    # Litestar answers OPTIONS with handlers of its own, which the hook sees too.
    paths = {route.path for route in api.client.app.routes}
    checked = 0
    for path in sorted(paths):
        concrete = re.sub(r"\{[^}]+\}", _placeholder, path)
        response = api.client.options(concrete)
        assert response.status_code < 500, (path, response.text)
        checked += 1
    assert checked > 11


def _placeholder(match: re.Match[str]) -> str:
    return "0" if "seat" in match.group(0) else "00000000-0000-0000-0000-000000000000"
