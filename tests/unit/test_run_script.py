"""`python3 tests/run.py`: when it runs the benchmarks after the tests, and when not.

A whole run (`.ci/run` gives no arguments) runs them unless SKIP_BENCH is set; pytest
arguments select some tests, and then minutes of benchmarks are left out unless BENCH
asks for them.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_script", ROOT / "tests" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("args", "environ", "left_out"),
    [
        ([], {}, None),
        ([], {"SKIP_BENCH": "1"}, "SKIP_BENCH is set"),
        ([], {"BENCH": "1"}, None),
        (
            ["-k", "passport", "-x"],
            {},
            "pytest arguments select tests (-k passport -x); BENCH=1 runs them too",
        ),
        (["-k", "passport", "-x"], {"BENCH": "1"}, None),
        (["-m", "P29"], {"BENCH": "1", "SKIP_BENCH": "1"}, "SKIP_BENCH is set"),
        (
            ["tests/unit"],
            {"SKIP_BENCH": ""},
            "pytest arguments select tests (tests/unit); BENCH=1 runs them too",
        ),
    ],
)
def test_the_benchmarks_run_after_a_whole_run_only_unless_asked(
    args: list[str], environ: dict[str, str], left_out: str | None
) -> None:
    assert _run_script().benchmarks_left_out(args, environ) == left_out


def test_ci_runs_the_whole_suite_with_no_arguments() -> None:
    """`.ci/run` must still run the benchmarks: it calls run.py with no pytest argument."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == "exec python3 tests/run.py"
    assert "SKIP_BENCH" not in ci


@pytest.mark.parametrize(
    ("args", "environ", "cores", "expected"),
    [
        ([], {}, 2, ["-n", "2", "--dist", "loadfile"]),
        ([], {}, 16, ["-n", "4", "--dist", "loadfile"]),
        ([], {}, None, ["-n", "1", "--dist", "loadfile"]),
        ([], {"PENANG_RUMMY_TEST_WORKERS": "0"}, 2, ["-n", "0", "--dist", "loadfile"]),
        (
            ["-k", "passport"],
            {"PENANG_RUMMY_TEST_WORKERS": "3"},
            2,
            ["-n", "3", "--dist", "loadfile"],
        ),
        (["-n", "0", "tests/unit"], {}, 2, []),
        (["-n3"], {}, 2, []),
        (["--numprocesses=2"], {}, 8, []),
        (["-p", "no:xdist"], {}, 2, []),
    ],
)
def test_pytest_runs_over_a_worker_per_core_unless_told(
    args: list[str], environ: dict[str, str], cores: int | None, expected: list[str]
) -> None:
    assert _run_script().worker_args(args, environ, cores) == expected


@pytest.mark.parametrize(
    ("args", "own", "rest"),
    [
        ([], set(), []),
        (["--busy"], {"--busy"}, []),
        (["--slow", "--busy", "tests/api", "-x"], {"--slow", "--busy"}, ["tests/api", "-x"]),
        (["-k", "slow", "--busy"], set(), ["-k", "slow", "--busy"]),
    ],
)
def test_its_own_options_lead_the_pytest_arguments(
    args: list[str], own: set[str], rest: list[str]
) -> None:
    assert _run_script().own_options(args) == (own, rest)


def test_a_failed_step_does_not_stop_the_steps_after_it(tmp_path: Path) -> None:
    # The benchmarks run after a failed test run: their figures are worth having.
    module = _run_script()
    steps = module.Steps()
    after = tmp_path / "after"
    steps.run("tests", sys.executable, "-c", "raise SystemExit(3)")
    steps.run("bench", sys.executable, "-c", f"open({str(after)!r}, 'w').close()")
    assert after.exists()
    assert steps.failed == [("tests", 3)]


def test_busy_loops_spin_while_the_suite_runs_and_stop_after() -> None:
    module = _run_script()
    with module.busy_loops(2):
        # Two more processes than before, both running.
        loops = _children()
        assert len(loops) == 2, loops
    assert not set(loops) & set(_children())


def _children() -> list[int]:
    """This process's running children (their pids)."""
    me = os.getpid()
    found = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me and fields[0] != "Z":
            found.append(int(status.parent.name))
    return found


@pytest.mark.parametrize(("slow", "listed"), [("", False), ("1", True)])
def test_the_slow_tests_run_only_when_asked_for(slow: str, listed: bool) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "PENANG_RUMMY_SLOW"}
    environ["PENANG_RUMMY_SLOW"] = slow
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist"]
        + ["-p", "no:cacheprovider", "tests/api/test_api_docs_curl.py"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "test_every_answer_a_page_shows_is_the_services" in collected
    assert ("with_its_long_loops" in collected) is listed, collected
