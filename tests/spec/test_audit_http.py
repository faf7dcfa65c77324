"""features/penang/audit.feature run against the service: records exported over HTTP,
verified offline with the `penang-rummy verify` command and by the service's import.

The scenarios and their steps are test_audit_domain.py's (the steps are shared from
there, unchanged); only the `AuditDriver` differs. `HttpAuditDriver`:

- gets the scenario's record from the service: the service draws its own server seeds
  (or hashes a client's seed text), so a game dealt from the scenario's raw server seed
  is played by the same bot as the domain driver's and imported (`POST /games/import`,
  which replays it through the rules), and the record the auditor works on is the one
  the service then exports (`GET /games/{id}/record`): every event read back from the
  store through the event codec;
- verifies a record twice, as two third parties would: offline with
  `penang-rummy verify --json --keys KEYS` (`service.cli.main`, in process, no service
  involved) given the key document the service publishes, whose verdict the steps
  judge, and by importing it into the service, which must agree (chain and signature
  included):
  a valid, finished record becomes a game (201) with the same verdict; a refused one is
  a 422 problem naming the same event, rule and code.

One app over a temporary SQLite file serves the module; each scenario imports its own
games.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from domain.provenance import RecordVerdict
from service.app import create_app
from service.cli.main import main
from service.cli.verify import EXIT_INVALID, EXIT_VALID
from service.settings import Settings

from . import test_audit_domain as audit_spec
from .test_audit_domain import AuditDriver, DomainAuditDriver

# The spec's step definitions and its `audit` fixture, shared: pytest-bdd registers
# each step as a fixture of the module that defines it, so they become fixtures of this
# module too (by name; the scenarios find them here).
globals().update(
    {name: step for name, step in vars(audit_spec).items() if name.startswith("pytestbdd_")}
)
audit = audit_spec.audit

RECORD_MEDIA_TYPE = "application/json"


class HttpAuditDriver:
    """Records from the service's export; verdicts from the CLI, checked by the import."""

    def __init__(self, client: TestClient[Any]) -> None:
        self._client = client

    def seeded_record(self, players: int, server_seed: bytes, seat_seeds: tuple[str, ...]) -> bytes:
        played = DomainAuditDriver().seeded_record(players, server_seed, seat_seeds)
        imported = self._import(played)
        assert imported.status_code == 201, imported.text
        game_id = imported.json()["game_id"]
        exported = self._client.get(f"/games/{game_id}/record")
        assert exported.status_code == 200, exported.text
        assert exported.headers["content-type"] == RECORD_MEDIA_TYPE
        return bytes(exported.content)

    def verify(self, record: bytes) -> RecordVerdict:
        verdict = self._verify_offline(record)
        self._check_the_import_agrees(record, verdict)
        return verdict

    def _verify_offline(self, record: bytes) -> RecordVerdict:
        keys = self._client.get("/.well-known/penang-rummy-keys.json")
        assert keys.status_code == 200, keys.text
        with tempfile.TemporaryDirectory() as folder:
            path, keys_path = Path(folder) / "record.json", Path(folder) / "keys.json"
            path.write_bytes(record)
            keys_path.write_bytes(keys.content)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                code = main(["verify", "--json", "--keys", str(keys_path), str(path)])
        verdict = msgspec.json.decode(out.getvalue(), type=RecordVerdict)
        assert code == (EXIT_VALID if verdict.valid else EXIT_INVALID), verdict.summary()
        return verdict

    def _check_the_import_agrees(self, record: bytes, verdict: RecordVerdict) -> None:
        response = self._import(record)
        if verdict.valid and verdict.finished:
            assert response.status_code == 201, response.text
            assert msgspec.convert(response.json()["verdict"], RecordVerdict) == verdict
            return
        assert response.status_code == 422, response.text
        problem = response.json()
        if verdict.valid:
            assert problem["code"] == "record-not-finished", problem
            return
        found = (problem["event_index"], problem.get("rule"), problem["code"])
        assert found == (verdict.first_bad_event, verdict.rule, verdict.code), problem
        assert problem["detail"] == verdict.summary()

    def _import(self, record: bytes) -> Any:
        headers = {"Content-Type": RECORD_MEDIA_TYPE}
        return self._client.post("/games/import", content=record, headers=headers)


@pytest.fixture(scope="module")
def audit_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    path = tmp_path_factory.mktemp("audit-http") / "games.sqlite"
    with TestClient(create_app(Settings(sqlite_path=str(path)))) as client:
        yield client


@pytest.fixture
def audit_driver(audit_service: TestClient[Any]) -> AuditDriver:
    return HttpAuditDriver(audit_service)


scenarios("penang/audit.feature")
