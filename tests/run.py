"""The whole test suite, from a fresh clone: `python3 tests/run.py`.

Creates `.venv` (if missing), installs the project with its dev extras, then runs
ruff, mypy --strict over domain/ and service/, pytest (rules spec, unit, property,
API, contract and PostgreSQL tests) and the benchmarks, which print figures.
Extra arguments go to pytest, e.g. `python3 tests/run.py -k passport -x`.
Set SKIP_BENCH=1 to leave out the benchmarks.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def ensure_environment() -> None:
    if not PYTHON.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
        stamp.write_text(digest)


def main() -> int:
    ensure_environment()
    try:
        run(BIN / "ruff", "check", ".")
        run(BIN / "ruff", "format", "--check", ".")
        run(BIN / "mypy")
        run(PYTHON, "-m", "pytest", *sys.argv[1:])
        if not os.environ.get("SKIP_BENCH"):
            for bench in sorted((ROOT / "tests" / "bench").glob("bench_*.py")):
                run(PYTHON, bench)
    except subprocess.CalledProcessError as failure:
        return failure.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
