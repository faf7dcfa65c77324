"""The conformance kit, `penang-rummy conformance URL`, against real `penang-rummy serve`
processes: every `@http` scenario passes where explicit decks are allowed; where they
are refused, the scenarios dealt from a stacked deck are reported as not run, saying why.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from api.support import ROOT, free_port, serve
from spec.conformance import (
    CLOCK_IN_PROCESS,
    DECK_REFUSED,
    FAIL,
    NOT_RUN,
    PASS,
    RuleStatus,
    summarise,
)

from service.cli import conformance
from service.cli.main import main

#: How long one run of the kit may take before the test gives up on it.
KIT_TIMEOUT_SECONDS = 600


@dataclass
class KitRun:
    """What one run of `penang-rummy conformance` printed and reported."""

    code: int
    out: str
    suite: ET.Element

    @property
    def cases(self) -> list[ET.Element]:
        return self.suite.findall("testcase")

    def outcome(self, case: ET.Element) -> str:
        if case.find("failure") is not None or case.find("error") is not None:
            return FAIL
        return NOT_RUN if case.find("skipped") is not None else PASS

    def rule_properties(self) -> dict[str, str]:
        return {p.get("name", ""): p.get("value", "") for p in self.suite.iter("property")}


def run_kit(url: str, folder: Path) -> KitRun:
    report = folder / "conformance.xml"
    command = [
        sys.executable,
        "-m",
        "service.cli",
        "conformance",
        url,
        "--junitxml",
        "conformance.xml",
    ]
    done = subprocess.run(
        command,
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=KIT_TIMEOUT_SECONDS,
        check=False,
    )
    output = done.stdout + done.stderr
    assert report.is_file(), output
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None, output
    return KitRun(done.returncode, output, suite)


def collected_scenarios(url: str, folder: Path) -> set[str]:
    """The test names of the `@http` scenarios the kit selects."""
    command = [sys.executable, "-m", "service.cli", "conformance", url]
    command += ["--collect-only", "-q"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True)
    return {line.split("::", 1)[1] for line in done.stdout.splitlines() if "::" in line}


@pytest.fixture(scope="module")
def decks_allowed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("kit-server"), "--allow-deck") as url:
        yield url


@pytest.fixture(scope="module")
def decks_refused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("kit-server-no-deck")) as url:
        yield url


def _skipped_for(case: Any, reason: str) -> bool:
    skipped = case.find("skipped")
    return skipped is not None and reason in skipped.get("message", "")


def test_the_kit_passes_every_http_scenario_against_a_served_process(
    decks_allowed: str, tmp_path: Path
) -> None:
    run = run_kit(decks_allowed, tmp_path)
    assert run.code == 0, run.out
    names = [case.get("name") for case in run.cases]
    assert set(names) == collected_scenarios(decks_allowed, tmp_path)
    assert len(names) >= 60
    clocked = {case.get("name") for case in run.cases if _skipped_for(case, CLOCK_IN_PROCESS)}
    assert all(run.outcome(case) == PASS for case in run.cases if case.get("name") not in clocked)
    assert all(run.outcome(case) == NOT_RUN for case in run.cases if case.get("name") in clocked)
    tagged: set[str] = set()
    for case in run.cases:
        if case.get("name") in clocked:
            continue
        rules = {p.get("name"): p.get("value", "") for p in case.iter("property")}["rules"]
        assert rules, case.get("name")
        tagged.update(rules.split())
    by_rule = run.rule_properties()
    assert {rule for rule, status in by_rule.items() if status == PASS} == tagged
    assert FAIL not in by_rule.values()
    assert f"rule ids: {len(tagged)} pass, 0 fail" in run.out
    assert "P29  pass" in run.out and "R18  pass" in run.out


def test_the_kit_reports_deck_scenarios_as_not_run_where_the_server_refuses_decks(
    decks_refused: str, tmp_path: Path
) -> None:
    run = run_kit(decks_refused, tmp_path)
    assert run.code == 0, run.out
    outcomes = {case.get("name"): run.outcome(case) for case in run.cases}
    assert PASS in outcomes.values() and NOT_RUN in outcomes.values()
    assert FAIL not in outcomes.values(), run.out
    for case in run.cases:
        skipped = case.find("skipped")
        if skipped is not None:
            message = skipped.get("message", "")
            assert DECK_REFUSED in message or CLOCK_IN_PROCESS in message, message
    by_rule = run.rule_properties()
    assert by_rule["R18"] == PASS  # seats claimed: dealt from the match seed, no deck
    assert by_rule["P1"] == NOT_RUN  # the deck's make-up: dealt from a stacked deck
    assert "deck-not-allowed" in run.out and "P1   not run" in run.out


def test_the_kit_refuses_a_bad_url_or_a_server_that_does_not_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conformance", "ftp://127.0.0.1/"]) == 2
    assert "http:// or https://" in capsys.readouterr().err
    silent = f"http://127.0.0.1:{free_port()}"
    assert main(["conformance", silent]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"penang-rummy conformance: no server answers at {silent}")
    assert len(err.splitlines()) == 1


def test_the_kit_outside_a_checkout_says_to_run_it_from_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conformance, "ROOT", tmp_path)
    assert main(["conformance", "http://127.0.0.1:1"]) == 2
    assert "runs from a checkout of the project" in capsys.readouterr().err
    assert (ROOT / conformance.KIT).is_file()


def test_a_rule_fails_with_any_failed_scenario_and_is_not_run_when_none_ran() -> None:
    rules = {"a": ["P1", "D2"], "b": ["P1"], "c": ["P2"], "d": ["P3"]}
    outcomes = {"a": PASS, "b": FAIL, "c": PASS, "d": NOT_RUN}
    reasons = {"d": "no deck"}
    summary = summarise(rules, outcomes, reasons, ["P1", "P2", "P3", "P4", "D2"])
    assert summary == {
        "P1": RuleStatus(FAIL, "1 of 2 scenarios failed"),
        "P2": RuleStatus(PASS, "1 scenario passed"),
        "P3": RuleStatus(NOT_RUN, "1 scenario not run", ("no deck",)),
        "P4": RuleStatus(NOT_RUN, "no @http scenario checks it"),
        "D2": RuleStatus(PASS, "1 scenario passed"),
    }
