"""The committed contract is the app's: regenerate with `penang-rummy openapi`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.games import GAMES
from service.api.openapi import render
from service.app import create_app
from service.settings import Settings

from .support import Api

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
METHODS = ("get", "post", "put", "patch", "delete")


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def test_committed_contract_matches_the_app(tmp_path: Path) -> None:
    app = create_app(Settings(sqlite_path=str(tmp_path / "unused.sqlite")))
    assert CONTRACT.read_text(encoding="utf-8") == render(app), (
        "openapi/openapi.json is out of date: run `penang-rummy openapi`"
    )


def test_the_served_schema_is_the_committed_one(api: Api) -> None:
    served = api.client.get("/schema/openapi.json").json()
    assert served == json.loads(CONTRACT.read_text(encoding="utf-8"))


def test_a_fresh_app_serves_the_committed_schema_and_renders_it_again_alike(
    tmp_path: Path,
) -> None:
    # Order-independent: the first app of a process serves the committed contract, and
    # rendering again (a second app, the same shared pieces) changes nothing.
    committed = json.loads(CONTRACT.read_text(encoding="utf-8"))
    for name in ("first", "second"):
        app = create_app(Settings(sqlite_path=str(tmp_path / f"{name}.sqlite")))
        assert json.loads(render(app)) == committed, name


def test_a_header_that_refers_to_a_component_says_nothing_beside_the_reference() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    for path, method, operation in _operations(schema):
        for status, response in operation["responses"].items():
            for name, header in response.get("headers", {}).items():
                if "$ref" in header:
                    assert set(header) == {"$ref"}, (path, method, status, name)
                else:
                    assert "schema" in header, (path, method, status, name)


def test_the_contract_describes_every_game_the_service_plays() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    described = schema["info"]["description"]
    by_id = {operation["operationId"]: operation for _, _, operation in _operations(schema)}
    turn, dead = by_id["submitTurn"], by_id["declareDead"]
    for name, spec in GAMES.items():
        assert spec.title in described and f"`{name}`" in described, name
        assert spec.title in turn["description"] and spec.title in dead["description"], name
        for action in spec.actions:
            assert f"`{action.__struct_config__.tag}`" in turn["description"], action


def test_every_operation_has_an_id_a_summary_and_documented_problems() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    ids = []
    for path, _, operation in _operations(schema):
        ids.append(operation["operationId"])
        assert operation["summary"], path
        for status, response in operation["responses"].items():
            if status.startswith(("4", "5")):
                content = response["content"]
                assert list(content) == ["application/problem+json"], (path, status)
                assert content["application/problem+json"]["schema"] == {
                    "$ref": "#/components/schemas/Problem"
                }
        assert "400" not in operation["responses"], path
    assert len(ids) == len(set(ids))
    assert set(ids) == OPERATIONS


#: Every operation of the contract: an operation added or removed is named here too.
OPERATIONS = {
    "claimSeat",
    "closeMatch",
    "createGame",
    "createGameStreamTicket",
    "createMatch",
    "createMatchStreamTicket",
    "createPlayer",
    "declareDead",
    "exportMatchRecord",
    "exportRecord",
    "exportRecordNdjson",
    "getEvents",
    "getGame",
    "getHealth",
    "getIndex",
    "getLegalMoves",
    "getMovesAfter",
    "getMatch",
    "getMatchEvents",
    "getPlayer",
    "getReady",
    "getSeatView",
    "getSigningKeys",
    "importRecord",
    "issuePlayerKey",
    "leaveSeat",
    "listPlayerKeys",
    "getLeaderboard",
    "getPlayerRatings",
    "getPublishedRatings",
    "revokePlayerKey",
    "streamGame",
    "streamMatch",
    "submitTurn",
    "viewRecord",
}


def test_request_structs_forbid_unknown_fields_and_unions_have_discriminators() -> None:
    schemas = json.loads(CONTRACT.read_text(encoding="utf-8"))["components"]["schemas"]
    for name in (
        "CreateGame",
        "SubmitTurn",
        "Rules",
        "MeldAction",
        "LayOffAction",
        "SwapAction",
        "GameRecordDocument",
        "RecordChain",
        "RecordSignature",
    ):
        assert schemas[name]["additionalProperties"] is False, name
    items = schemas["SubmitTurn"]["properties"]["actions"]["items"]
    assert items["discriminator"]["propertyName"] == "type"
    assert set(items["discriminator"]["mapping"]) == {
        str(action.__struct_config__.tag) for spec in GAMES.values() for action in spec.actions
    }
    assert schemas["EventRecord"]["properties"]["event"]["discriminator"]["propertyName"] == "type"
    card = schemas["MeldAction"]["properties"]["cards"]["items"]
    assert card["pattern"] and card["examples"] == ["10H"]


def test_every_integer_in_the_contract_is_bounded() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    requests: list[Any] = [
        parameter["schema"]
        for _, _, operation in _operations(schema)
        for parameter in operation.get("parameters", [])
    ]
    for name in (
        "CreateGame",
        "SubmitTurn",
        "Rules",
        "CardPoints",
        "LayOffAction",
        "SwapAction",
        "GameRecordDocument",
    ):
        requests.append(schema["components"]["schemas"][name])

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "integer":
                assert "maximum" in node and "minimum" in node, node
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(requests)


def test_the_record_export_documents_json_and_ndjson() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    operation = schema["paths"]["/games/{game_id}/record"]["get"]
    assert operation["operationId"] == "exportRecord"
    success = operation["responses"]["200"]
    assert set(success["content"]) == {"application/json", "application/x-ndjson"}
    assert success["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameRecordDocument"
    }
    assert "ETag" in success["headers"]
    (fmt,) = [p for p in operation["parameters"] if p["name"] == "format"]
    assert fmt["in"] == "query" and fmt["schema"]["enum"] == ["json", "ndjson"]
    imported = schema["paths"]["/games/import"]["post"]
    assert imported["operationId"] == "importRecord"
    assert imported["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameRecordDocument"
    }


def test_the_signing_keys_are_published_at_a_well_known_path() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    operation = schema["paths"]["/.well-known/penang-rummy-keys.json"]["get"]
    assert operation["operationId"] == "getSigningKeys"
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SigningKeys"
    }
    key = schema["components"]["schemas"]["PublishedKey"]
    assert set(key["required"]) == {"kid", "x", "status"}
    assert key["properties"]["status"]["enum"] == ["current", "retired"]
    record = schema["components"]["schemas"]["GameRecordDocument"]["properties"]
    assert record["format"]["enum"] == ["penang-rummy-record/1", "penang-rummy-record/2"]


def _nodes(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(found for value in node.values() for found in _nodes(value))]
    if isinstance(node, list):
        return [found for value in node for found in _nodes(value)]
    return []


def test_every_enum_and_constant_states_its_type() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    enums = [node for node in _nodes(schema) if isinstance(node.get("enum"), list)]
    assert len(enums) > 50
    for node in enums:
        assert node.get("type") in ("string", "integer"), node


def test_every_union_of_tagged_objects_has_a_discriminator() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    components = schema["components"]["schemas"]
    unions = 0
    for node in _nodes(schema):
        members = node.get("oneOf", node.get("anyOf"))
        refs = [m.get("$ref", "") for m in members or [] if isinstance(m, dict)]
        if len(refs) < 2 or not all(refs) or len(refs) != len(members):
            continue
        targets = [components[ref.rsplit("/", 1)[1]] for ref in refs]
        if not all("type" in target.get("required", []) for target in targets):
            continue
        unions += 1
        mapping = node["discriminator"]["mapping"]
        assert node["discriminator"]["propertyName"] == "type"
        assert sorted(mapping.values()) == sorted(refs)
        for tag, ref in mapping.items():
            assert components[ref.rsplit("/", 1)[1]]["properties"]["type"]["enum"] == [tag]
    assert unions >= 5  # actions, game events, match events, stored game and match events


def test_the_ndjson_record_has_an_operation_that_answers_no_json() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    operation = schema["paths"]["/games/{game_id}/record.ndjson"]["get"]
    assert operation["operationId"] == "exportRecordNdjson"
    content = operation["responses"]["200"]["content"]
    assert set(content) == {"application/x-ndjson", "application/octet-stream"}
    assert content["application/octet-stream"]["schema"]["format"] == "binary"
