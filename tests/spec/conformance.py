"""The rules spec as a conformance kit: the `@http` scenarios against a server at a URL.

`pytest tests/spec/test_rules_http.py --conformance-url URL` (or `penang-rummy
conformance URL`, which runs just that) plays the `@http` scenarios over real HTTP
against any server of the contract at URL, instead of this project's app in process.
A server that refuses explicit decks (403 `deck-not-allowed`: this one unless
`PENANG_RUMMY_ALLOW_DECK` is on) has the scenarios dealt from a stacked deck skipped,
with the reason.

With a URL the run ends with a summary per rule id (RULES.md's P, D, B and T ids,
READINGS.md's R ids): `pass` when every scenario checking it passed, `fail` when one
failed, `not run` when none ran (skipped, or no `@http` scenario checks it). A JUnit XML
report (`--junitxml FILE`) names each scenario's rule ids as its `rules` property and
carries the summary as properties of the test suite (`P9` = `pass`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import pytest

from . import rule_ids as documents

OPTION = "--conformance-url"
PASS, FAIL, NOT_RUN = "pass", "fail", "not run"
#: Why a scenario dealt from a stacked deck is not run against a server that refuses decks.
DECK_REFUSED = (
    "the server refuses explicit decks (403 deck-not-allowed): this scenario is dealt "
    "from a stacked deck; run the server with explicit decks allowed "
    "(PENANG_RUMMY_ALLOW_DECK=1) to run it"
)
#: Why a turn-clock scenario is not run against a server over the network: it would wait
#: out the turn's whole time (the in-process run times the seat out at its deadline).
CLOCK_IN_PROCESS = (
    "a server over the network is not made to time a seat out early: this turn-clock "
    "scenario runs in process"
)
DESELECTED = "deselected by the options given to pytest (-k, -m)"


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        OPTION,
        metavar="URL",
        default=None,
        help="run the @http rules scenarios against the server at URL (the conformance kit)",
    )


def conformance_url(config: pytest.Config) -> str | None:
    url = config.getoption(OPTION, default=None)
    return None if url is None else str(url)


def rule_ids_of(item: pytest.Item) -> list[str]:
    """The P, D, B, T and R ids a scenario is tagged with (its markers)."""
    ids = rule_ids()
    return sorted({marker.name for marker in item.iter_markers()} & set(ids), key=ids.index)


def rule_ids() -> list[str]:
    """Every P, D, B, T and R id, in the order of RULES.md and READINGS.md."""
    return [*documents.rule_ids(), *documents.reading_ids()]


@dataclass
class RuleReport:
    """What became of each scenario, and which rule ids it checks."""

    rules: dict[str, list[str]] = field(default_factory=dict)
    outcomes: dict[str, str] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)

    def scenario(self, nodeid: str, rules: list[str]) -> None:
        self.rules[nodeid] = rules

    def record(self, report: pytest.TestReport) -> None:
        """Fold one phase's report into the scenario's outcome (a failure wins)."""
        if report.nodeid not in self.rules or self.outcomes.get(report.nodeid) == FAIL:
            return
        if report.failed or (report.when == "call" and hasattr(report, "wasxfail")):
            self.outcomes[report.nodeid] = FAIL
        elif report.skipped:
            self.outcomes[report.nodeid] = NOT_RUN
            self.reasons[report.nodeid] = _skip_reason(report)
        elif report.when == "call":
            self.outcomes[report.nodeid] = PASS

    def deselected(self, nodeid: str) -> None:
        if nodeid in self.rules:
            self.outcomes[nodeid] = NOT_RUN
            self.reasons[nodeid] = DESELECTED

    def by_rule(self) -> dict[str, RuleStatus]:
        """Each rule id's status and a few words on it."""
        return summarise(self.rules, self.outcomes, self.reasons, rule_ids())


class RuleSummary:
    """The plugin that keeps a `RuleReport` of a conformance run and prints its summary."""

    name = "conformance-rule-summary"

    def __init__(self, url: str) -> None:
        self.url = url
        self.report = RuleReport()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.report.record(report)

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        for item in items:
            self.report.deselected(item.nodeid)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        write_summary(terminalreporter, self.url, self.report.by_rule())


@dataclass(frozen=True)
class RuleStatus:
    """A rule id's status, its scenarios' counts in a few words, and why some did not run."""

    status: str
    note: str
    reasons: tuple[str, ...] = ()


def summarise(
    rules: Mapping[str, Iterable[str]],
    outcomes: Mapping[str, str],
    reasons: Mapping[str, str],
    every_id: Iterable[str],
) -> dict[str, RuleStatus]:
    """Each rule id's status (`pass`, `fail`, `not run`) from its scenarios' outcomes."""
    scenarios: dict[str, list[str]] = {rule: [] for rule in every_id}
    for nodeid, ids in rules.items():
        for rule in ids:
            scenarios.setdefault(rule, []).append(nodeid)
    summary = {}
    for rule, nodeids in scenarios.items():
        counts = Counter(outcomes.get(nodeid, NOT_RUN) for nodeid in nodeids)
        why = tuple(
            sorted(
                {
                    reasons.get(n, "not run")
                    for n in nodeids
                    if n not in outcomes or outcomes[n] == NOT_RUN
                }
            )
        )
        if not nodeids:
            summary[rule] = RuleStatus(NOT_RUN, "no @http scenario checks it")
        elif counts[FAIL]:
            summary[rule] = RuleStatus(FAIL, f"{counts[FAIL]} of {_scenarios(len(nodeids))} failed")
        elif counts[PASS]:
            skipped = f", {counts[NOT_RUN]} not run" if counts[NOT_RUN] else ""
            summary[rule] = RuleStatus(PASS, f"{_scenarios(counts[PASS])} passed{skipped}", why)
        else:
            summary[rule] = RuleStatus(NOT_RUN, f"{_scenarios(len(nodeids))} not run", why)
    return summary


def write_summary(
    terminal: pytest.TerminalReporter, url: str, summary: dict[str, RuleStatus]
) -> None:
    """One line per rule id; why scenarios did not run is said once, as a numbered note."""
    terminal.write_sep("=", f"conformance of {url} per rule id")
    notes: dict[str, int] = {}
    for rule, status in summary.items():
        marks = "".join(f" [{notes.setdefault(why, len(notes) + 1)}]" for why in status.reasons)
        terminal.write_line(f"{rule:<4} {status.status:<8} {status.note}{marks}")
    for why, number in notes.items():
        terminal.write_line(f"[{number}] {why}")
    counts = Counter(status.status for status in summary.values())
    terminal.write_line(
        f"rule ids: {counts[PASS]} pass, {counts[FAIL]} fail, {counts[NOT_RUN]} not run"
    )


def _scenarios(count: int) -> str:
    return f"{count} scenario{'s' if count != 1 else ''}"


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return "skipped"
