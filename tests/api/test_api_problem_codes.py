"""Every code a problem carries is one the contract lists (`Problem.code` is an enum).

The list is derived (`service.api.problem_table.problem_codes`): from the error classes, the
problem table, the replay's own refusals and the chain's and signature's. These tests
check the derivation against what the service answers and against the source itself.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import pytest

from service.api.problem_table import problem_codes
from service.api.problems import to_problem
from service.app import create_app
from service.settings import Settings

from .audit_support import TAMPERING, exported, finished_game, import_record, unsigned
from .support import Api
from .test_api_errors import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi" / "openapi.json"
#: Codes of a verdict that finds a record valid: never a problem's.
VALID_VERDICTS = {"valid", "valid-so-far"}


def _listed() -> set[str]:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))
    code = schema["components"]["schemas"]["Problem"]["properties"]["code"]
    assert code["type"] == "string"
    return set(code["enum"])


def test_the_contract_lists_the_derived_codes(tmp_path: Path) -> None:
    create_app(Settings(sqlite_path=str(tmp_path / "unused.sqlite")))
    assert _listed() == set(problem_codes())
    assert {"not-your-turn", "card-not-in-hand", "chain-broken", "internal-error"} <= _listed()


@pytest.mark.parametrize("exc_type", list(SAMPLES), ids=lambda t: t.__name__)
def test_every_row_of_the_table_answers_a_listed_code(exc_type: type[Exception]) -> None:
    problem, _ = to_problem(SAMPLES[exc_type]())
    assert problem.code in _listed()


def _written_codes(path: Path) -> set[str]:
    """String codes the module writes: `code = "…"` and `code="…"`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and t.id == "code" for t in targets)
            value = node.value
        elif isinstance(node, ast.keyword):
            named, value = node.arg == "code", node.value
        else:
            continue
        if named and isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.add(value.value)
    return found


def test_every_code_written_in_the_source_is_listed() -> None:
    written = set()
    for package in ("domain", "service"):
        for path in (ROOT / package).rglob("*.py"):
            written |= _written_codes(path)
    assert "not-your-turn" in written and "deck-not-allowed" in written
    assert written - VALID_VERDICTS <= _listed(), sorted(written - VALID_VERDICTS - _listed())


def test_a_refused_import_answers_a_listed_code(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    refusals = []
    for tamper, _, code in TAMPERING.values():
        changed = unsigned(copy.deepcopy(document))
        tamper(changed)
        refusals.append((changed, code))
    other_rules = unsigned(copy.deepcopy(document))
    other_rules["events"][0]["rules_version"] = other_rules["rules_version"] = "penang-0"
    refusals.append((other_rules, "rules-version"))
    refusals.append(({**document, "game_id": "another game"}, "chain-broken"))
    for record, code in refusals:
        response = import_record(api, record)
        assert response.status_code == 422, response.text
        assert response.json()["code"] == code
        assert code in _listed()
