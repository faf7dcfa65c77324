"""A body the service refuses as malformed is one the contract calls invalid.

The contract's own schemas judge each body (JSON Schema 2020-12, as OpenAPI 3.1 has
it, by `jsonschema_rs`): where two fields of a body go together or not at all
(`service.api.contract_relations`), a body that breaks the relation is refused as
malformed by the service and is invalid by the contract, and a body that keeps it is
valid by both. (`test_schemathesis` checks the same from the generated side.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from domain.records import CHAINED_RECORD_FORMAT, RECORD_FORMAT
from service.settings import Settings

from .audit_support import exported, finished_game, import_record, unsigned
from .support import Api, Json

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
#: The problem codes that say a body is malformed (not that it breaks a rule of the game).
MALFORMED = {"invalid-request", "malformed-input", "malformed-record"}


def _valid_by_contract(component: str, body: Json) -> bool:
    components = json.loads(CONTRACT.read_text(encoding="utf-8"))["components"]
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": f"#/components/schemas/{component}",
        "components": components,
    }
    return bool(jsonschema_rs.validator_for(schema).is_valid(body))


@pytest.fixture
def api(make_api: Callable[[Settings], Api], tmp_path: Path) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite")))


@pytest.fixture
def record(api: Api) -> Json:
    """A finished game's record as exported: format `/2`, chained and signed."""
    return exported(api, finished_game(api)["game_id"])


def _refused_as_malformed(response: Any) -> Json:
    assert response.status_code == 422, response.text
    problem: Json = response.json()
    assert problem["code"] in MALFORMED, problem
    return problem


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="neither-players-nor-seats"),
        pytest.param({"players": None, "seats": None}, id="both-null"),
        pytest.param({"players": ["Ann", "Bo"], "seats": 2}, id="both"),
        pytest.param({"seats": 2, "seat_seeds": ["a", "b"]}, id="open-seats-with-seeds"),
        pytest.param({"seats": 2, "seat_players": [None, None]}, id="open-seats-with-players"),
    ],
)
def test_a_match_body_the_service_refuses_is_invalid_by_the_contract(api: Api, body: Json) -> None:
    _refused_as_malformed(api.client.post("/matches", json=body))
    assert not _valid_by_contract("CreateMatch", body)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"seats": 2}, id="open-seats"),
        pytest.param({"players": ["Ann", "Bo"]}, id="named-players"),
        pytest.param(
            {"players": ["Ann", "Bo"], "seats": None, "seat_seeds": ["a", "b"]},
            id="named-players-with-their-seeds",
        ),
    ],
)
def test_a_match_body_the_contract_takes_is_taken(api: Api, body: Json) -> None:
    assert _valid_by_contract("CreateMatch", body)
    response = api.client.post("/matches", json=body)
    assert response.status_code == 201, response.text


def _as_first_format(document: Json, *keep: str) -> Json:
    """The record as format `/1`, keeping the named parts of its seal."""
    seal = {key: document[key] for key in keep}
    return {**unsigned(document), **seal}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        pytest.param(
            lambda d: _as_first_format(d, "chain", "signature"),
            f"`chain` and `signature`: not allowed in a {RECORD_FORMAT} record",
            id="first-format-with-chain-and-signature",
        ),
        pytest.param(
            lambda d: _as_first_format(d, "signature"),
            f"`signature`: not allowed in a {RECORD_FORMAT} record",
            id="first-format-with-a-signature",
        ),
        pytest.param(
            lambda d: {**d, "chain": None, "signature": None},
            f"a {CHAINED_RECORD_FORMAT} record carries its chain",
            id="second-format-without-its-chain",
        ),
    ],
)
def test_a_record_the_service_refuses_is_invalid_by_the_contract(
    api: Api, record: Json, change: Callable[[Json], Json], says: str
) -> None:
    changed = change(record)
    problem = _refused_as_malformed(import_record(api, changed))
    assert says in problem["detail"], problem
    assert not _valid_by_contract("GameRecordDocument", changed)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d, id="second-format-as-exported"),
        pytest.param(unsigned, id="first-format-unsigned"),
        pytest.param(lambda d: {**unsigned(d), "chain": None}, id="first-format-null-chain"),
        pytest.param(lambda d: {**d, "signature": None}, id="second-format-unsigned"),
    ],
)
def test_a_record_the_contract_takes_is_imported(
    api: Api, record: Json, change: Callable[[Json], Json]
) -> None:
    changed = change(record)
    assert _valid_by_contract("GameRecordDocument", changed)
    response = import_record(api, changed)
    assert response.status_code == 201, response.text


def test_a_match_record_is_not_imported_as_a_game_record_and_says_where_it_goes(
    api: Api, record: Json
) -> None:
    match_record = {
        "format": "penang-rummy-match-record/1",
        "rules_version": record["rules_version"],
        "events": [],
        "games": [record],
    }
    problem = _refused_as_malformed(import_record(api, match_record))
    assert problem["field"] == "format", problem
    assert "is a match record, which this service does not import" in problem["detail"]
    assert "import each of its `games`" in problem["detail"]
    assert not _valid_by_contract("GameRecordDocument", match_record)
