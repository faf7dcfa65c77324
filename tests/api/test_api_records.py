"""Game records over HTTP: a finished game exports a record that verifies offline, and
a record imports back into a service only when every event follows the rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.penang.rules import RULES_VERSION
from domain.provenance import RecordVerdict
from domain.records import CHAINED_RECORD_FORMAT, RECORD_FORMAT, load_record
from service.cli.main import main

from .audit_support import (
    ACTIONS,
    TAMPERING,
    export,
    exported,
    finished_game,
    import_record,
    published_keys,
    unsigned,
)
from .support import Api, Json

PROBLEM = "application/problem+json"


def verify(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str]:
    """`penang-rummy verify [options] PATH`, in process: the exit code and the output."""
    code = main(["verify", *options, str(path)])
    return code, capsys.readouterr().out


# --- export ---------------------------------------------------------------------------


def test_a_finished_game_exports_a_record_that_verifies_offline(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(api)
    response = export(api, game["game_id"])
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    version = api.view(game)["version"]
    # The record's length and its signing key: a new key signs a new body.
    kid = response.json()["signature"]["kid"]
    assert response.headers["etag"] == f'"{version}.{kid}"'
    path = tmp_path / "game.json"
    path.write_bytes(response.content)
    code, out = verify(path, capsys)
    assert code == 0, out
    assert out.startswith(f"valid: {version} events follow the rules;"), out
    assert "; the deal was recomputed from the revealed seed; chain intact; " in out
    assert out.rstrip().endswith("signature not checked (no key given)"), out


def test_the_ndjson_export_is_the_same_record_and_verifies(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(api)
    response = export(api, game["game_id"], format="ndjson")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/x-ndjson"
    lines = response.content.decode("utf-8").splitlines()
    header = json.loads(lines[0])
    assert header == {
        "format": CHAINED_RECORD_FORMAT,
        "rules_version": RULES_VERSION,
        "game_id": game["game_id"],
    }
    document = exported(api, game["game_id"])
    assert [json.loads(line) for line in lines[1:-1]] == document["events"]
    trailer = json.loads(lines[-1])
    assert trailer == {"chain": document["chain"], "signature": document["signature"]}
    assert load_record(response.content) == load_record(export(api, game["game_id"]).content)
    path = tmp_path / "game.ndjson"
    path.write_bytes(response.content)
    code, out = verify(path, capsys, "--json", "--keys", str(published_keys(api, tmp_path)))
    verdict = msgspec.json.decode(out, type=RecordVerdict)
    assert code == 0 and verdict.valid and verdict.finished and verdict.deal == "verified"
    assert (verdict.chain, verdict.signature) == ("ok", "valid")


def test_the_record_holds_the_rule_options_the_rules_version_and_every_event(api: Api) -> None:
    game = finished_game(api)
    document = exported(api, game["game_id"])
    assert document["format"] == CHAINED_RECORD_FORMAT
    assert document["rules_version"] == RULES_VERSION
    dealt = document["events"][0]
    assert dealt["type"] == "Dealt" and dealt["rules_version"] == RULES_VERSION
    assert dealt["rules"]["cards_per_player"] == 12
    assert all(isinstance(event["v"], int) for event in document["events"])
    page = api.events(game)["events"]
    assert [e["type"] for e in document["events"]] == [r["event"]["type"] for r in page]
    # Once over, the record and the events page show the same facts (R3).
    assert dealt["hands"] == page[0]["event"]["hands"]
    assert dealt["undealt"] == page[0]["event"]["undealt"]


def test_a_running_game_has_no_record_yet(api: Api) -> None:
    game = api.create(players=3)
    for params in ({}, {"format": "ndjson"}):
        response = export(api, game["game_id"], **params)
        assert response.status_code == 409, response.text
        assert response.headers["content-type"] == PROBLEM
        problem = response.json()
        assert problem["code"] == "game-not-over"
        assert "hands" not in response.text and "undealt" not in response.text


def test_an_unknown_game_has_no_record(api: Api) -> None:
    response = export(api, "00000000-0000-4000-8000-000000000000")
    assert response.status_code == 404 and response.json()["code"] == "game-not-found"


# --- import ---------------------------------------------------------------------------


def test_an_imported_record_is_the_same_game_under_a_new_id(api: Api) -> None:
    game = finished_game(api)
    document = exported(api, game["game_id"])
    response = import_record(api, export(api, game["game_id"]).content)
    assert response.status_code == 201, response.text
    imported = response.json()
    copy = {"game_id": imported["game_id"]}
    assert copy["game_id"] != game["game_id"]
    version = len(document["events"])
    assert imported["version"] == version and response.headers["etag"] == f'"{version}"'
    assert imported["verdict"]["valid"] and imported["verdict"]["finished"]
    assert imported["verdict"]["deal"] == "verified"
    assert (imported["verdict"]["chain"], imported["verdict"]["signature"]) == ("ok", "valid")
    assert imported["view"] == api.view(game)
    assert api.view(copy) == api.view(game)
    assert api.events(copy) == {**api.events(game), "game_id": copy["game_id"]}
    for at in range(1, version + 1):
        original = api.client.get(f"/games/{game['game_id']}", params={"version": at})
        again = api.client.get(f"/games/{copy['game_id']}", params={"version": at})
        assert again.status_code == 200 and again.json() == original.json()
    # The copy's record: the same events, under its own id, so its own chain; signed by
    # this service, which recorded the import.
    again = exported(api, copy["game_id"])
    seal = {"chain": None, "signature": None}
    assert {**again, **seal} == {**document, "game_id": copy["game_id"], **seal}
    assert again["chain"]["header"] != document["chain"]["header"]
    assert again["signature"]["kid"] == document["signature"]["kid"]


def test_an_imported_game_is_read_only(api: Api) -> None:
    game = finished_game(api)
    copy = import_record(api, exported(api, game["game_id"])).json()
    gid, token = copy["game_id"], game["tokens"][0]
    for method, path in (
        ("GET", f"/games/{gid}/seats/0"),
        ("GET", f"/games/{gid}/seats/0/moves"),
        ("POST", f"/games/{gid}/seats/0/dead"),
    ):
        for headers in ({}, api.auth(token)):
            response = api.client.request(method, path, headers=headers)
            assert response.status_code == 401, (method, path, response.text)
    assert api.view(copy)["over"]


@pytest.mark.parametrize("tampering", sorted(TAMPERING))
def test_a_tampered_record_is_refused_naming_the_first_bad_event_and_the_rule(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str], tampering: str
) -> None:
    tamper, rule, code = TAMPERING[tampering]
    document = exported(api, finished_game(api)["game_id"])
    at = tamper(document)
    response = import_record(api, document)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["type"] == "urn:penang-rummy:problem:invalid-record"
    assert (problem["event_index"], problem["rule"], problem["code"]) == (at, rule, code)
    assert problem["detail"].startswith(f"invalid: event {at}: {rule} {code}: ")
    assert problem["detail"].endswith(f"; chain broken at event {at}; " + signed_validly(document))
    # The same verdict offline, given the service's keys.
    path = tmp_path / "tampered.json"
    path.write_bytes(msgspec.json.encode(document))
    exit_code, out = verify(path, capsys, "--keys", str(published_keys(api, tmp_path)))
    assert exit_code == 1
    assert out.strip() == problem["detail"]


def signed_validly(document: Json) -> str:
    return f"signed by key {document['signature']['kid']}: signature valid"


def test_an_unfinished_record_is_refused(api: Api) -> None:
    document = unsigned(exported(api, finished_game(api)["game_id"]))
    events = document["events"]
    # Cut before the last turn that begins with an action: every event before it is good.
    cut = max(
        i
        for i in range(1, len(events))
        if events[i]["type"] in ACTIONS and events[i - 1]["type"] not in ACTIONS
    )
    response = import_record(api, {**document, "events": events[:cut]})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "record-not-finished"
    assert problem["detail"].startswith(f"{cut} events follow the rules, but the game is not over")


def _event(**fields: Any) -> Json:
    return fields


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"format": "penang-rummy-record/3"}, "invalid-request", "format"),
        ({"colour": "red"}, "invalid-request", "body"),
        ({"events": [_event(type="Shuffled", v=1)]}, "malformed-record", None),
        ({"events": [_event(type="TurnEnded", v=9, seat=0)]}, "malformed-record", None),
        ({"events": [_event(type="TurnEnded", seat=0)]}, "malformed-record", None),
        ({"events": [_event(type="TurnEnded", v=1, seat="0")]}, "malformed-record", None),
        ({"events": []}, "invalid-request", "events"),
    ],
)
def test_a_document_that_is_no_valid_record_is_refused(
    api: Api, change: Json, code: str, field: str | None
) -> None:
    document = {"format": RECORD_FORMAT, "rules_version": RULES_VERSION, **change}
    document.setdefault("events", [])
    response = import_record(api, document)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["code"] == code, problem
    assert problem.get("field") == field, problem


def test_a_body_that_is_not_json_is_refused(api: Api) -> None:
    response = import_record(api, b"{not json")
    assert response.status_code == 422
    assert response.json()["code"] == "invalid-request"


def test_views_show_the_rules_in_effect_and_the_record_keeps_dealt_as_recorded(api: Api) -> None:
    game = finished_game(api, players=5, rules={"cards_per_player": 12})
    in_effect = {"packs": 3, "cards_per_player": 12}  # P2, D2: five players deal from three
    view = api.view(game)
    assert {key: view["rules"][key] for key in in_effect} == in_effect
    dealt = api.events(game)["events"][0]["event"]
    assert {key: dealt["rules"][key] for key in in_effect} == in_effect
    response = export(api, game["game_id"])
    recorded = json.loads(response.content)["events"][0]
    assert recorded["type"] == "Dealt" and recorded["rules"]["packs"] is None
    assert b'"packs":null,"cards_per_player":12' in response.content


def test_the_ndjson_operation_answers_the_ndjson_record_as_ndjson_or_as_bytes(api: Api) -> None:
    running = api.create(players=2)
    refused = api.client.get(f"/games/{running['game_id']}/record.ndjson")
    assert refused.status_code == 409 and refused.json()["code"] == "game-not-over"
    game_id = finished_game(api)["game_id"]
    expected = export(api, game_id, format="ndjson")
    path = f"/games/{game_id}/record.ndjson"
    ndjson = api.client.get(path)
    assert ndjson.status_code == 200 and ndjson.headers["content-type"] == "application/x-ndjson"
    assert ndjson.content == expected.content and ndjson.headers["etag"] == expected.headers["etag"]
    download = api.client.get(path, headers={"Accept": "application/octet-stream"})
    assert download.headers["content-type"] == "application/octet-stream"
    assert download.content == expected.content
