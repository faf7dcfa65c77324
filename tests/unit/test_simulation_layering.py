"""The simulation knows nothing of the web framework (DESIGN principle 1): it plays the
rules engine in process, or a service over HTTP as any client does (httpx)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SIMULATION = Path(__file__).resolve().parents[2] / "service" / "simulation"
FORBIDDEN = ("litestar", "service.api", "service.app", "service.cli", "service.store")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted(SIMULATION.glob("*.py")), ids=lambda path: path.name)
def test_the_simulation_imports_no_web_framework_and_no_store(path: Path) -> None:
    found = sorted(
        name
        for name in _imports(path)
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)
    )
    assert not found, f"service/simulation/{path.name} imports {found}"
