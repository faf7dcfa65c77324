"""The whole test suite, from a fresh clone: `python3 tests/run.py`.

Creates `.venv` (if missing) and installs the locked dependencies and the project
(`service.bootstrap`, shared with `python3 -m service`), then runs ruff, mypy --strict
over domain/ and service/, pytest (rules spec, unit, property, API, contract and
PostgreSQL tests) and the benchmarks, which print figures.
Extra arguments go to pytest, e.g. `python3 tests/run.py -k passport -x`; they select
tests, so the benchmarks are then left out unless BENCH=1 is set. Set SKIP_BENCH=1 to
leave them out of a whole run. When they are left out, the last line says why.
Every step runs even when one before it failed (the benchmarks' figures are worth
having when a test failed); the last lines name the steps that failed, and the exit
status is the first failure's.
pytest runs over one worker process per core (at most four; PENANG_RUMMY_TEST_WORKERS
sets another number, 0 runs it in this process), each taking whole files, unless the
arguments name `-n` themselves.

Two options of its own, before any pytest argument:
- `--slow` also runs the tests marked `slow` (the walk-throughs that take minutes);
- `--busy` runs the suite as on a shared machine, with two busy loops beside it (one
  per core of a two-core machine), and the benchmarks left out (they would measure the
  loops). Every test must pass so: run it before landing a change.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.bootstrap import VENV_NAME, BootstrapError, bin_dir, ensure_environment  # noqa: E402


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


#: How many busy loops `--busy` runs beside the suite.
BUSY_LOOPS = 2


def own_options(args: Sequence[str]) -> tuple[set[str], list[str]]:
    """This script's own options (`--slow`, `--busy`) that lead the arguments, and the
    pytest arguments after them."""
    own: set[str] = set()
    rest = list(args)
    while rest and rest[0] in ("--slow", "--busy"):
        own.add(rest.pop(0))
    return own, rest


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """`count` processes that spin on a core each while the block runs."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    if loops:
        pids = " ".join(str(loop.pid) for loop in loops)
        print(f"busy: {count} busy loops (pids {pids}) beside the suite", flush=True)
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


class Steps:
    """Runs each step, goes on after a failure, and remembers what failed."""

    def __init__(self) -> None:
        self.failed: list[tuple[str, int]] = []

    def run(self, name: str, *args: str | Path, env: Mapping[str, str] | None = None) -> None:
        print("+", " ".join(str(a) for a in args), flush=True)
        done = subprocess.run([str(a) for a in args], cwd=ROOT, env=env, check=False)
        if done.returncode:
            self.failed.append((name, done.returncode))


def main() -> int:
    try:
        python = ensure_environment(ROOT)
    except BootstrapError as failure:
        print(f"tests/run.py: {failure}", file=sys.stderr)
        return 2
    own, pytest_args = own_options(sys.argv[1:])
    environ = dict(os.environ)
    if "--slow" in own:
        environ["PENANG_RUMMY_SLOW"] = "1"
    if "--busy" in own:
        environ["SKIP_BENCH"] = environ.get("SKIP_BENCH") or "1"
    tools = bin_dir(ROOT / VENV_NAME)
    steps = Steps()
    with busy_loops(BUSY_LOOPS if "--busy" in own else 0):
        steps.run("ruff check", tools / "ruff", "check", ".")
        steps.run("ruff format", tools / "ruff", "format", "--check", ".")
        steps.run("mypy", tools / "mypy")
        workers = worker_args(pytest_args, environ, os.cpu_count())
        steps.run("pytest", python, "-m", "pytest", *workers, *pytest_args, env=environ)
    left_out = benchmarks_left_out(pytest_args, environ)
    if left_out is None:
        for bench in sorted((ROOT / "tests" / "bench").glob("bench_*.py")):
            steps.run(bench.name, python, bench)
    else:
        print(f"benchmarks left out: {left_out}", flush=True)
    if steps.failed:
        names = ", ".join(f"{name} (exit {code})" for name, code in steps.failed)
        ran = " (the benchmarks ran all the same)" if left_out is None else ""
        print(f"FAILED: {names}{ran}", flush=True)
        return steps.failed[0][1]
    return 0


if __name__ == "__main__":
    sys.exit(main())
