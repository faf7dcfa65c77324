"""`penang-rummy conformance URL`: the rules spec run against a server at URL over HTTP.

The conformance kit is the project's own rules spec: the `@http` scenarios of
features/<game>/*.feature with the step definitions and the HTTP driver of tests/spec/
(`tests/spec/conformance.py`). They are not installed with the package, so the
command runs from a checkout of the project, with its development dependencies
(pytest, pytest-bdd, httpx): `python3 -m service conformance URL` in a clone makes
the checkout's `.venv` with them. It runs pytest on tests/spec/test_rules_http.py
with `--conformance-url URL`; the arguments after URL go to pytest as they are
(`--junitxml FILE` for a JUnit XML report, `-k seats`, `-x`).

Exit codes are pytest's (0: nothing failed, scenarios not run included; 1: a scenario
failed), or 2 before anything ran: a bad URL, a server that does not answer, or no
checkout.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from service.cli.serve import EXIT_CONFIGURATION

#: The checkout this package is run from, if it is one (an editable install or `python3 -m`).
ROOT: Final = Path(__file__).resolve().parents[2]
KIT: Final = Path("tests", "spec", "test_rules_http.py")
CONFIG: Final = Path("pyproject.toml")
NEEDED: Final = ("pytest", "pytest_bdd", "httpx")


class KitUnavailable(Exception):
    """The kit cannot run here; the message says what to do, in one line."""


def add_conformance_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    command = subparsers.add_parser(
        "conformance",
        help="run the rules spec against a server at URL (the conformance kit)",
        description=(
            "Run the @http scenarios of the rules spec against the server at URL over HTTP "
            "and print a summary per rule id. Runs from a checkout of the project."
        ),
        epilog=(
            "A server that refuses explicit decks (403 deck-not-allowed) has the scenarios "
            "dealt from a stacked deck reported as not run. Exit codes: 0 nothing failed, "
            "1 a scenario failed, 2 a bad URL, an unreachable server or no checkout."
        ),
    )
    command.add_argument(
        "url", metavar="URL", help="the server's base URL, e.g. http://127.0.0.1:8000"
    )
    command.add_argument(
        "pytest_args",
        nargs=argparse.REMAINDER,
        metavar="PYTEST_ARG",
        help="pytest options, e.g. --junitxml FILE (a JUnit XML report), -k seats, -x",
    )
    command.set_defaults(run=run_conformance)
    return command


def run_conformance(args: argparse.Namespace) -> int:
    try:
        url = _checked_url(args.url)
        kit = _kit()
        _reachable(url)
    except KitUnavailable as failure:
        print(f"penang-rummy conformance: {failure}", file=sys.stderr)
        return EXIT_CONFIGURATION
    command = [sys.executable, "-m", "pytest", str(kit), "--conformance-url", url]
    command += ["-p", "no:cacheprovider", "--rootdir", str(ROOT), "-c", str(ROOT / CONFIG)]
    # pytest runs where the command was given, so that its paths (--junitxml) are the caller's.
    return subprocess.run([*command, *args.pytest_args], check=False).returncode


def _checked_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise KitUnavailable(f"URL must be an http:// or https:// base URL, not {url!r}")
    return url.rstrip("/")


def _kit() -> Path:
    kit = ROOT / KIT
    if not kit.is_file() or not (ROOT / "features").is_dir():
        raise KitUnavailable(
            "the kit runs from a checkout of the project (features/ and tests/spec/ "
            "are not installed): clone it and run `python3 -m service conformance URL` there"
        )
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise KitUnavailable(
            f"the kit needs the development dependencies ({', '.join(missing)} missing): "
            "run `python3 -m service conformance URL` from the checkout, which installs them"
        )
    return kit


def _reachable(url: str) -> None:
    """Any HTTP answer will do (even an error status); no answer at all will not."""
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=10):
            return
    except urllib.error.HTTPError:
        return
    except (urllib.error.URLError, OSError) as failure:
        reason = getattr(failure, "reason", failure)
        raise KitUnavailable(f"no server answers at {url}: {reason}") from None
