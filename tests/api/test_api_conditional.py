"""Conditional reads: every GET with an ETag answers 304 to a matching If-None-Match, the
ETag changes whenever the body would, and answers that depend on the token say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.api.conditional import matches, requested_tags

from .support import Api

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def _reads_with_etags() -> set[str]:
    paths = json.loads(CONTRACT.read_text(encoding="utf-8"))["paths"]
    return {
        operation["operationId"]
        for item in paths.values()
        for method, operation in item.items()
        if method == "get" and "ETag" in operation["responses"]["200"].get("headers", {})
    }


@pytest.fixture
def reads(api: Api) -> dict[str, tuple[str, dict[str, str]]]:
    """One real request (path, headers) for each read with an ETag."""
    game = api.create(players=2)
    finished = api.create(players=2, seed="conditional-end")
    api.play_to_end(finished)
    match = api.client.post("/matches", json={"seats": 2}).json()
    game_path = f"/games/{game['game_id']}"
    seat = api.auth(game["tokens"][1])
    return {
        "getGame": (game_path, {}),
        "getSeatView": (f"{game_path}/seats/1", seat),
        "getLegalMoves": (f"{game_path}/seats/1/moves", seat),
        "getEvents": (f"{game_path}/events", seat),
        "exportRecord": (f"/games/{finished['game_id']}/record", {}),
        "exportRecordNdjson": (f"/games/{finished['game_id']}/record.ndjson", {}),
        "getMatch": (f"/matches/{match['match_id']}", {}),
        "getMatchEvents": (f"/matches/{match['match_id']}/events", {}),
    }


def test_the_contract_documents_if_none_match_and_304_on_every_read_with_an_etag() -> None:
    paths = json.loads(CONTRACT.read_text(encoding="utf-8"))["paths"]
    for item in paths.values():
        for method, operation in item.items():
            conditional = method == "get" and "ETag" in operation["responses"]["200"].get(
                "headers", {}
            )
            names = {parameter["name"] for parameter in operation.get("parameters", [])}
            assert ("If-None-Match" in names) == conditional, operation["operationId"]
            assert ("304" in operation["responses"]) == conditional, operation["operationId"]


def test_every_read_with_an_etag_answers_304_to_its_own_etag(
    api: Api, reads: dict[str, tuple[str, dict[str, str]]]
) -> None:
    assert set(reads) == _reads_with_etags(), "a read with an ETag is missing here"
    for operation, (path, headers) in reads.items():
        first = api.client.get(path, headers=headers)
        assert first.status_code == 200, (operation, first.text)
        etag = first.headers["etag"]
        for sent in (etag, f"W/{etag}", f'"other", {etag}', "*"):
            again = api.client.get(path, headers={**headers, "If-None-Match": sent})
            assert again.status_code == 304, (operation, sent, again.status_code)
            assert again.content == b"", operation
            assert again.headers["etag"] == etag
            assert "content-type" not in again.headers
        for sent in ('"nope"', 'W/"nope"', "not a tag", ""):
            fresh = api.client.get(path, headers={**headers, "If-None-Match": sent})
            assert fresh.status_code == 200, (operation, sent)
            assert fresh.content == first.content


def test_a_stale_etag_gets_the_new_body(api: Api) -> None:
    game = api.create(players=2)
    path = f"/games/{game['game_id']}"
    before = api.client.get(path)
    seat = game["view"]["turn"]
    assert api.turn(game, seat, api.choose(game, seat)).status_code == 200
    after = api.client.get(path, headers={"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200
    assert after.headers["etag"] != before.headers["etag"]


def test_a_refusal_is_never_304(api: Api) -> None:
    game = api.create(players=2)
    refused = api.client.get(f"/games/{game['game_id']}/seats/1", headers={"If-None-Match": "*"})
    assert refused.status_code == 401


def test_writes_ignore_if_none_match(api: Api) -> None:
    game = api.create(players=2)
    seat = game["view"]["turn"]
    answer = api.turn(game, seat, api.choose(game, seat), **{"If-None-Match": "*"})
    assert answer.status_code == 200 and answer.json()["events"]


def test_a_past_version_read_after_the_end_has_another_etag_and_body(api: Api) -> None:
    game = api.create(players=2, seed="conditional-travel")
    path = f"/games/{game['game_id']}"
    running = api.client.get(path, params={"version": 1})
    assert running.headers["etag"] == '"1"' and running.json()["undealt"] is None
    api.play_to_end(game)
    ended = api.client.get(path, params={"version": 1}, headers={"If-None-Match": '"1"'})
    assert ended.status_code == 200, "the hands are shown now: the old body is stale"
    assert ended.headers["etag"] == '"1-ended"'
    assert ended.json()["undealt"] is not None
    again = api.client.get(path, params={"version": 1}, headers={"If-None-Match": '"1-ended"'})
    assert again.status_code == 304
    final = api.view(game)["version"]
    last = api.client.get(path, params={"version": final})
    assert last.headers["etag"] == f'"{final}"', "the last version looks as it always did"


def test_a_records_etag_names_its_signing_key(api: Api) -> None:
    game = api.create(players=2, seed="conditional-record")
    api.play_to_end(game)
    record = api.client.get(f"/games/{game['game_id']}/record")
    kid = record.json()["signature"]["kid"]
    assert record.headers["etag"] == f'"{len(record.json()["events"])}.{kid}"'


def test_answers_that_depend_on_the_token_vary_by_authorization(api: Api) -> None:
    game = api.create(players=2)
    path = f"/games/{game['game_id']}"
    seat = api.auth(game["tokens"][1])
    for read in (f"{path}/seats/1", f"{path}/seats/1/moves", f"{path}/events"):
        answer = api.client.get(read, headers=seat)
        assert answer.headers["vary"] == "Authorization", read
        unmodified = api.client.get(read, headers={**seat, "If-None-Match": answer.headers["etag"]})
        assert unmodified.headers["vary"] == "Authorization", read
    assert "vary" not in api.client.get(path).headers
    match = api.client.post("/matches", json={"seats": 2}).json()
    assert "vary" not in api.client.get(f"/matches/{match['match_id']}").headers


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ('"7"', {"7"}),
        ('W/"7"', {"7"}),
        (' "7" , W/"8"', {"7", "8"}),
        ("*", {"*"}),
        ('"7-ended"', {"7-ended"}),
        ('"7", *', None),
        ("7", None),
        ('"7" "8"', None),
        ("", None),
        (None, None),
    ],
)
def test_if_none_match_is_read_as_rfc_9110_writes_it(
    header: str | None, expected: set[str] | None
) -> None:
    found = requested_tags(header)
    assert (None if found is None else set(found)) == expected


@pytest.mark.parametrize(
    ("requested", "etag", "expected"),
    [
        ({"7"}, '"7"', True),
        ({"7"}, 'W/"7"', True),
        ({"7"}, '"8"', False),
        ({"*"}, '"8"', True),
        ({"7"}, None, False),
    ],
)
def test_if_none_match_compares_weakly(
    requested: set[str], etag: str | None, expected: bool
) -> None:
    assert matches(frozenset(requested), etag) is expected
