"""The simulation knows nothing of the web framework (DESIGN principle 1): it plays the
rules engine in process, or a service over HTTP as any client does (httpx)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.games import GAMES

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


#: Each game's own package (`domain.penang`, `domain.gin`, ...), as its rules' type names it.
GAME_PACKAGES = sorted({spec.rules_type.__module__.rsplit(".", 1)[0] for spec in GAMES.values()})


def _strings(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docstrings
    }  # fmt: skip


@pytest.mark.parametrize("path", sorted(SIMULATION.glob("*.py")), ids=lambda path: path.name)
def test_the_simulation_names_no_game_and_imports_no_games_package(path: Path) -> None:
    """What differs between games is asked of the game's spec, never of its name."""
    imported = sorted(
        name
        for name in _imports(path)
        if any(name == game or name.startswith(game + ".") for game in GAME_PACKAGES)
    )
    assert not imported, f"service/simulation/{path.name} imports {imported}"
    named = sorted(_strings(path) & set(GAMES))
    assert not named, f"service/simulation/{path.name} names the games {named}"


def test_the_check_of_game_names_sees_a_name_in_code(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('"""The docstring may say gin."""\nGAME = "gin"\n', encoding="utf-8")
    assert _strings(planted) & set(GAMES) == {"gin"}
