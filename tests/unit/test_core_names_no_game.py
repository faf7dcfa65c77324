"""No module of the core names a game: every game is a guest (issue 17).

An AST scan of `domain/` and `service/`, outside each game's own package and the
registry (`domain/games.py`), for what names a particular game:

- an import of a game's package (`domain.penang`, `domain.rummy`, ...);
- a string literal that is a game's name (`"penang"`, `"three-thirteen"`) or its
  package's (`"three13"`); docstrings are prose and are not read.

The game packages are the ones the registry's games are defined in (each game's `spec`
module, `domain.registry`), and the names are the registry's own, so a fifth game joins the scan by
its registration alone. What is still found is listed in `ALLOWED` with the reason it
is left: the list is the honest record of what remains, and a test keeps it exact (an
entry nothing matches any more must go).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from domain.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = ROOT / "domain" / "games.py"


def _game_packages() -> tuple[str, ...]:
    """The packages the registry's games come from (`domain.penang`, ...)."""
    return tuple(sorted({type(game).__module__.rsplit(".", 1)[0] for game in GAMES.values()}))


PACKAGES = _game_packages()
#: Each game's name and its package's last part.
NAMES = frozenset(GAMES) | {package.rsplit(".", 1)[1] for package in PACKAGES}


def _core_modules() -> list[Path]:
    game_dirs = [ROOT / Path(*package.split(".")) for package in PACKAGES]
    return sorted(
        path
        for root in (ROOT / "domain", ROOT / "service")
        for path in root.rglob("*.py")
        if path != REGISTRY and not any(path.is_relative_to(folder) for folder in game_dirs)
    )


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            found.add(id(body[0].value))
    return found


def _is_game_package(module: str) -> bool:
    return any(module == package or module.startswith(package + ".") for package in PACKAGES)


def findings(path: Path) -> Counter[str]:
    """What in `path` names a game: `import domain.x.y` and `literal 'name'`, counted."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    prose = _docstrings(tree)
    found: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _is_game_package(node.module):
                found[f"import {node.module}"] += 1
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _is_game_package(alias.name):
                    found[f"import {alias.name}"] += 1
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and node.value.lower() in NAMES
        ):
            found[f"literal {node.value!r}"] += 1
    return found


#: What the core still names, by module: each finding, how many times, and why (none:
#: the contract's examples of a draw game's rules are the registry's, DRAW_RULES_EXAMPLE).
ALLOWED: dict[str, dict[str, tuple[int, str]]] = {}


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", _core_modules(), ids=_relative)
def test_no_core_module_names_a_game_but_those_listed(path: Path) -> None:
    allowed = {finding: count for finding, (count, _) in ALLOWED.get(_relative(path), {}).items()}
    assert dict(findings(path)) == allowed


def test_every_listed_module_is_a_core_module() -> None:
    assert set(ALLOWED) <= {_relative(path) for path in _core_modules()}


def test_the_scan_knows_every_registered_game() -> None:
    assert len(PACKAGES) == len(GAMES)
    assert {"penang", "three-thirteen", "three13"} <= NAMES


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say penang."""\n'
        "from domain.penang.rules import PenangRules\n"
        "import domain.three13.rules\n"
        "from domain.games import GAMES\n"
        "GAME = 'three-thirteen'\n"
        "if name in ('rummy', 'Gin'): pass\n"
        "WORD = 'penang-rummy-record/1'\n",
        encoding="utf-8",
    )
    assert findings(sample) == {
        "import domain.penang.rules": 1,
        "import domain.three13.rules": 1,
        "literal 'three-thirteen'": 1,
        "literal 'rummy'": 1,
        "literal 'Gin'": 1,
    }
