"""`python3 -m service COMMAND`: the `penang-rummy` command, from a fresh checkout.

    python3 -m service serve          # http://127.0.0.1:8000
    python3 -m service --help

With a system Python it first makes (or reuses) the checkout's `.venv`, as
`python3 tests/run.py` does (`service.bootstrap`), then runs again inside it; in
`.venv` or in a virtual environment of one's own it runs the command directly.
Nothing outside the standard library is imported before that decision.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service.bootstrap import ROOT, VENV_NAME, BootstrapError, ensure_environment, plan


def main() -> int:
    if plan(sys.prefix, sys.base_prefix, ROOT) == "bootstrap":
        try:
            python = ensure_environment(ROOT, sys.argv[1:])
        except BootstrapError as failure:
            print(f"penang-rummy: {failure}", file=sys.stderr)
            return 2
        if Path(sys.prefix).resolve() != (ROOT / VENV_NAME).resolve():
            command = [str(python), "-m", "service", *sys.argv[1:]]
            if os.name == "nt":  # no exec there: run it and pass its exit code on
                return subprocess.call(command)
            os.execv(python, command)
    from service.cli.main import main as command_line  # noqa: PLC0415

    return command_line()


sys.exit(main())
