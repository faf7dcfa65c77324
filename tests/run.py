"""The whole test suite, from a fresh clone: `python3 tests/run.py`.

Creates `.venv` (if missing) and installs the locked dependencies and the project
(`service.bootstrap`, shared with `python3 -m service`), then runs ruff, mypy --strict
over domain/ and service/, pytest (rules spec, unit, property, API, contract and
PostgreSQL tests) and the benchmarks, which print figures.
Extra arguments go to pytest, e.g. `python3 tests/run.py -k passport -x`.
Set SKIP_BENCH=1 to leave out the benchmarks.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.bootstrap import VENV_NAME, BootstrapError, bin_dir, ensure_environment  # noqa: E402


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


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
        if not os.environ.get("SKIP_BENCH"):
            for bench in sorted((ROOT / "tests" / "bench").glob("bench_*.py")):
                run(python, bench)
    except subprocess.CalledProcessError as failure:
        return failure.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
