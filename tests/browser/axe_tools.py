"""axe-core for the browser tests, pinned and installed like the TypeScript client's tools.

tests/browser/axe/package.json and its package-lock.json pin axe-core (test-only: no
page serves it); `install()` of `tests/clients/node_tools.py` puts it in
`.cache/browser-axe/` (ignored by git), reused until the pins change. `.ci/run` calls this
file before the tests; the accessibility test calls `axe_script()` itself. Standard
library only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clients.node_tools import ROOT, NodeToolsUnavailable, install

PINS: Final = Path(__file__).resolve().parent / "axe"
CACHE: Final = ROOT / ".cache" / "browser-axe"

__all__ = ["NodeToolsUnavailable", "axe_script"]


def axe_script() -> Path:
    """The pinned `axe.min.js`, installed if need be (or NodeToolsUnavailable)."""
    install(CACHE, PINS)
    return CACHE / "node_modules" / "axe-core" / "axe.min.js"


if __name__ == "__main__":
    try:
        print(f"axe-core: {axe_script()}")
    except NodeToolsUnavailable as failure:
        print(f"axe-core: {failure}", file=sys.stderr)
        sys.exit(1)
