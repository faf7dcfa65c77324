"""The rules spec (features/<game>/*.feature) run against the service over HTTP.

The same feature files and step definitions as test_rules_domain.py, with the
`driver` fixture speaking to the REST API (`HttpDriver`). Only the scenarios tagged
`@http` run here: `SCENARIO_TAG` asks conftest.py to deselect the others, so the tags
in the feature files are the one list of what runs over HTTP (test_tags.py requires
at least one in every rule area). One app, over a temporary SQLite file, serves the
module in process; each scenario deals its own game. With `--conformance-url URL` the
scenarios go over real HTTP to the server at URL instead: the conformance kit
(conformance.py, `penang-rummy conformance URL`).

Where the service answers otherwise than the engine, the driver does not translate:
the scenario is listed in `SERVICE_DIFFERENCES` as a strict expected failure, with
the difference, so the run shows it and fails once the service agrees with the spec.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from litestar.testing import TestClient
from pytest_bdd import scenarios

from service.app import create_app
from service.settings import Settings

from .conformance import RuleSummary, conformance_url
from .drivers import Driver
from .http_driver import HttpDriver
from .rule_ids import HTTP_TAG, RULE_AREAS

SCENARIO_TAG = HTTP_TAG
#: How long the kit waits for one answer of a server under test.
TIMEOUT_SECONDS = 30


@pytest.fixture(scope="module")
def rules_service(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[httpx.Client]:
    url = conformance_url(request.config)
    if url is not None:
        with httpx.Client(base_url=url, timeout=TIMEOUT_SECONDS) as client:
            yield client
        return
    path = tmp_path_factory.mktemp("rules-http") / "games.sqlite"
    app = create_app(Settings(sqlite_path=str(path), allow_deck=True))
    with TestClient(app) as in_process:
        yield in_process


@pytest.fixture
def driver(rules_service: httpx.Client) -> Driver:
    return HttpDriver(rules_service)


@pytest.fixture(scope="session", autouse=True)
def rule_summary_in_the_junit_report(
    request: pytest.FixtureRequest, record_testsuite_property: Callable[[str, object], None]
) -> Iterator[None]:
    """A conformance run's status per rule id, as properties of the JUnit test suite."""
    yield
    summary = request.config.pluginmanager.get_plugin(RuleSummary.name)
    if isinstance(summary, RuleSummary):
        for rule, status in summary.report.by_rule().items():
            record_testsuite_property(rule, status.status)


scenarios(*RULE_AREAS)

#: @http scenarios the service fails, by test name, with how it differs from the engine
#: (none today; a new difference goes here as a strict expected failure, never hidden).
SERVICE_DIFFERENCES: dict[str, str] = {}
for _name, _reason in SERVICE_DIFFERENCES.items():
    globals()[_name] = pytest.mark.xfail(strict=True, raises=AssertionError, reason=_reason)(
        globals()[_name]
    )
