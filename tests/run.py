"""The whole test suite, from a fresh clone: `python3 tests/run.py`.

Creates `.venv` (if missing) and installs the locked dependencies and the project
(`service.bootstrap`, shared with `python3 -m service`), then runs ruff, mypy --strict
over domain/ and service/, pytest (rules spec, unit, property, API, contract and
PostgreSQL tests) and the benchmarks, which print figures.
Extra arguments go to pytest, e.g. `python3 tests/run.py -k passport -x`; they select
tests, so the benchmarks are then left out unless BENCH=1 is set. Set SKIP_BENCH=1 to
leave them out of a whole run. When they are left out, the last line says why.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.bootstrap import VENV_NAME, BootstrapError, bin_dir, ensure_environment  # noqa: E402


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def benchmarks_left_out(pytest_args: Sequence[str], environ: Mapping[str, str]) -> str | None:
    """Why the benchmarks are left out of this run, or None where they run.

    A whole run (no arguments: `.ci/run`) runs them unless SKIP_BENCH is set; arguments
    select some tests (`-k passport -x`), for which minutes of benchmarks are no use,
    unless BENCH asks for them too.
    """
    if environ.get("SKIP_BENCH"):
        return "SKIP_BENCH is set"
    if pytest_args and not environ.get("BENCH"):
        return f"pytest arguments select tests ({' '.join(pytest_args)}); BENCH=1 runs them too"
    return None


def main() -> int:
    try:
        python = ensure_environment(ROOT)
    except BootstrapError as failure:
        print(f"tests/run.py: {failure}", file=sys.stderr)
        return 2
    tools = bin_dir(ROOT / VENV_NAME)
    try:
        run(tools / "ruff", "check", ".")
        run(tools / "ruff", "format", "--check", ".")
        run(tools / "mypy")
        run(python, "-m", "pytest", *sys.argv[1:])
        left_out = benchmarks_left_out(sys.argv[1:], os.environ)
        if left_out is None:
            for bench in sorted((ROOT / "tests" / "bench").glob("bench_*.py")):
                run(python, bench)
    except subprocess.CalledProcessError as failure:
        return failure.returncode or 1
    if left_out is not None:
        print(f"benchmarks left out: {left_out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
