"""The service never asks what kind of game it holds: it asks the game's spec.

An AST scan of every module under `service/`: no `isinstance` (or `match` class
pattern) on a registered game's state type, and no comparison of a value with a
game's name (`== "penang"`, `in ("rummy", ...)`). The registry (`domain.games`) and
each game's spec (`domain.game`) are where those live.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SERVICE = sorted((ROOT / "service").rglob("*.py"))
STATE_TYPES = {spec.state_type.__name__ for spec in GAMES.values()}
GAME_NAMES = set(GAMES)


def _names(node: ast.AST) -> set[str]:
    """The names a type argument of isinstance mentions (`A`, `m.A`, `A | B`, `(A, B)`)."""
    found = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            found.add(part.id)
        elif isinstance(part, ast.Attribute):
            found.add(part.attr)
    return found


def _strings(node: ast.AST) -> set[str]:
    return {
        part.value
        for part in ast.walk(node)
        if isinstance(part, ast.Constant) and isinstance(part.value, str)
    }


def _findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
            and (_names(node.args[1]) & STATE_TYPES)
        ):
            found.append(f"line {node.lineno}: isinstance on a game's state")
        elif isinstance(node, ast.MatchClass) and _names(node.cls) & STATE_TYPES:
            found.append(f"line {node.lineno}: a match on a game's state")
        elif isinstance(node, ast.Compare):
            compared = [node.left, *node.comparators]
            if any(_strings(side) & GAME_NAMES for side in compared):
                found.append(f"line {node.lineno}: a game's name compared")
    return found


@pytest.mark.parametrize("path", SERVICE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_service_module_asks_what_kind_of_game_it_holds(path: Path) -> None:
    assert _findings(path) == []


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "if isinstance(state, DrawState | x.PenangState): pass\n"
        "if spec.name == 'penang': pass\n"
        "if game in ('rummy', 'three-thirteen'): pass\n"
        "if spec.has_stock: pass\n",
        encoding="utf-8",
    )
    assert [finding.split(":")[0] for finding in _findings(sample)] == [
        "line 1",
        "line 2",
        "line 3",
    ]
