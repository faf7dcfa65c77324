"""The whole test suite, from a fresh clone: `python3 tests/run.py`.

Creates `.venv` (if missing) and installs the locked dependencies and the project
(`service.bootstrap`, shared with `python3 -m service`), then runs ruff, mypy --strict
over domain/ and service/, pytest (rules spec, unit, property, API, contract and
PostgreSQL tests) and the benchmarks, which print figures.
Extra arguments go to pytest, e.g. `python3 tests/run.py -k passport -x`; they select
tests, so the benchmarks are then left out unless BENCH=1 is set. Set SKIP_BENCH=1 to
leave them out of a whole run. When they are left out, the last line says why.
pytest runs over one worker process per core (at most four; PENANG_RUMMY_TEST_WORKERS
sets another number, 0 runs it in this process), each taking whole files, unless the
arguments name `-n` themselves.
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


#: The most pytest workers a whole run starts by default: more cores than this mostly
#: wait on the served processes and PostgreSQL the tests start.
MAX_WORKERS = 4


def worker_args(
    pytest_args: Sequence[str], environ: Mapping[str, str], cores: int | None
) -> list[str]:
    """The arguments that spread pytest over worker processes, one file per worker.

    None where the caller chose (`-n`, `--numprocesses`, `-p no:xdist`); otherwise
    PENANG_RUMMY_TEST_WORKERS, or one per core up to `MAX_WORKERS`. A file keeps its
    module-scoped fixtures (a served process, a database) on one worker.
    """
    chosen = ("-n", "--numprocesses", "no:xdist")
    if any(arg in chosen or arg.startswith(("-n", "--numprocesses=")) for arg in pytest_args):
        return []
    given = environ.get("PENANG_RUMMY_TEST_WORKERS", "").strip()
    workers = int(given) if given else max(1, min(cores or 1, MAX_WORKERS))
    return ["-n", str(workers), "--dist", "loadfile"]


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
        workers = worker_args(sys.argv[1:], os.environ, os.cpu_count())
        run(python, "-m", "pytest", *workers, *sys.argv[1:])
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
