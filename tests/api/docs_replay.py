"""The shell walk-throughs of README.md and docs/, read from the text and run in bash.

A walk-through is a fenced `sh` block (curl and jq, `penang-rummy verify`). Its lines
that begin with `#` are the answers it shows (`# {...}` is the line `{...}`, a bare `#`
an empty line); every other line is shell, run as a reader would run it. `…` in a shown
answer stands for any text (an id that differs on every run, a long field left out).
The blocks of one document run one after another in one bash, so that a variable set
in one block (`H`, `G`, a function) serves the next ones, as in a reader's terminal.

Every `sh` block is replayed but one that says why not just before it, in a comment
the reader does not see: `<!-- not replayed: the reason -->` (it starts a server, runs
the whole suite, or prints timings). A block that takes minutes says so the same way,
`<!-- replayed in the slow run: the reason -->`: it is replayed, with the rest of its
page, only by the slow run (`python3 tests/run.py --slow`); a page's other blocks may not
need what it sets.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The address the walk-throughs write; a replay sends them to its own server instead.
DOCUMENTED_URL = "http://127.0.0.1:8000"
_NOT_REPLAYED = re.compile(r"<!-- not replayed: (.+?) -->")
_SLOW = re.compile(r"<!-- replayed in the slow run: (.+?) -->")


@dataclass(frozen=True)
class Block:
    """One `sh` block, where it stands, what it shows, why it is not replayed, if so, and
    why only the slow run replays it, if so."""

    path: Path
    line: int
    code: str
    skipped: str | None
    slow: str | None = None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def shown(self) -> list[str]:
        """The answers the block shows, one line each."""
        return [line[2:] if line.startswith("# ") else line[1:] for line in self._comments()]

    def _comments(self) -> list[str]:
        return [line for line in self.code.splitlines() if line.startswith("#")]


def walkthroughs(path: Path) -> list[Block]:
    """Every `sh` block of `path`, in the document's order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    start: int | None = None
    for number, line in enumerate(lines):
        if start is None and line == "```sh":
            start = number
        elif start is not None and line == "```":
            code = "\n".join(lines[start + 1 : number]) + "\n"
            before = lines[:start]
            found.append(Block(path, start + 1, code, _reason(before), _reason(before, _SLOW)))
            start = None
    return found


def _reason(before: list[str], said: re.Pattern[str] = _NOT_REPLAYED) -> str | None:
    text = next((line for line in reversed(before) if line.strip()), "")
    match = said.fullmatch(text.strip())
    return match.group(1) if match else None


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones, `…` standing for any text."""
    if len(shown) != len(printed):
        return False
    return all(_pattern(want).fullmatch(got) for want, got in zip(shown, printed, strict=True))


def _pattern(shown: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in shown.split("…")))


@dataclass(frozen=True)
class Replayed:
    """What one block printed on standard output and on standard error."""

    block: Block
    printed: list[str]
    errors: str


def replay(blocks: list[Block], url: str, workdir: Path, timeout: float) -> list[Replayed]:
    """Run `blocks` in order in one bash in `workdir`, against the server at `url`."""
    script = []
    for index, block in enumerate(blocks):
        code = block.code.replace(DOCUMENTED_URL, url)
        script.append(f"{{\n{code}\n}} > out-{index}.txt 2> err-{index}.txt")
    env = dict(os.environ)
    env["PATH"] = f"{_venv_bin()}{os.pathsep}{env.get('PATH', '')}"
    bash = subprocess.Popen(
        ["bash", "-c", "\n".join(script)], cwd=workdir, env=env, start_new_session=True
    )
    try:
        bash.wait(timeout=timeout)
    finally:  # a block that hangs (a stream that never ends) takes its curl with it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(bash.pid, signal.SIGKILL)
        bash.wait()
    return [
        Replayed(
            block,
            _lines(workdir / f"out-{index}.txt"),
            (workdir / f"err-{index}.txt").read_text(encoding="utf-8", errors="replace"),
        )
        for index, block in enumerate(blocks)
    ]


def _lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    return [line.rstrip("\r") for line in text.splitlines()]


def _venv_bin() -> Path:
    """The folder of the Python running the tests: `.venv/bin`, with `penang-rummy`."""
    return Path(sys.executable).parent
