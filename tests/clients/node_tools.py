"""The node packages of the TypeScript client test, installed once into an ignored folder.

openapi-typescript and TypeScript are pinned, with every package below them, by
tests/clients/typescript/package.json and its package-lock.json (integrity hashes).
`npm ci` installs them into `.cache/clients-node/` in the checkout (ignored by git), and
a stamp, the hash of the two files, makes later runs reuse the install until either
changes. `.ci/run` calls this file before the tests (`python3 tests/clients/node_tools.py`),
and the test calls `install()` itself, so a developer's run needs no step of its own.

Only the standard library is imported: `.ci/run` runs this before `.venv` exists.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
PINS: Final = Path(__file__).resolve().parent / "typescript"
CACHE: Final = ROOT / ".cache" / "clients-node"
FILES: Final = ("package.json", "package-lock.json")
#: How long `npm ci` may take (it fetches about 45 MB the first time).
INSTALL_TIMEOUT_SECONDS: Final = 600


class NodeToolsUnavailable(Exception):
    """Node, npm or the pinned packages cannot be had here; the message says why."""


def pins_digest(pins: Path = PINS) -> str:
    digest = hashlib.sha256()
    for name in FILES:
        digest.update(name.encode() + b"\0" + (pins / name).read_bytes() + b"\0")
    return digest.hexdigest()


def install(cache: Path = CACHE, pins: Path = PINS) -> Path:
    """The folder of the installed tools' commands (`tsc`, `openapi-typescript`).

    `pins` and `cache` name another pinned set and its folder (the browser tests' axe-core).
    """
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        raise NodeToolsUnavailable("node and npm are needed (Debian: apt-get install nodejs npm)")
    tools = cache / "node_modules" / ".bin"
    stamp = cache / ".installed"
    wanted = pins_digest(pins)
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted and tools.is_dir():
        return tools
    cache.mkdir(parents=True, exist_ok=True)
    stamp.unlink(missing_ok=True)
    for name in FILES:
        shutil.copyfile(pins / name, cache / name)
    command = [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"]
    try:
        done = subprocess.run(
            command,
            cwd=cache,
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise NodeToolsUnavailable(f"npm ci took over {INSTALL_TIMEOUT_SECONDS} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        raise NodeToolsUnavailable(f"npm ci failed in {cache}: {last}")
    stamp.write_text(wanted, encoding="utf-8")
    return tools


def main() -> int:
    try:
        tools = install()
    except NodeToolsUnavailable as failure:
        print(f"node tools: {failure}", file=sys.stderr)
        return 1
    print(f"node tools: {tools}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
