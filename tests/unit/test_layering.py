"""Dependencies point inward (DESIGN principle 1).

- The domain imports only the standard library, msgspec and eventsourcing's domain
  base classes, and openskill (a rating model's arithmetic, no I/O: `domain/ratings/`);
  never the service, Litestar, storage or anything else.
- Inside the domain, imports point from the games to the core, never back: the core
  (`domain/*.py`, `domain/drawgame/`, `domain/bots/`) imports no game and no match; a
  game package (each package a registered game is defined in) imports the core only,
  never another game nor the registry, but a variant its parent (the game its game's
  class subclasses, `STANDS_ON`); the registry (`domain/games.py`) imports the games'
  packages by finding them, and the rest of the core (the records, the bots' seats and
  audit) asks it; the match model asks the registry, naming a game only where
  `MATCH_NAMES_A_GAME` says why it must. Each game's bots are its own
  (`domain/<game>/bots`), listed by its spec. No module imports itself through others
  (no circle).
- Inside the service, the store and the use cases know nothing of HTTP: neither
  imports Litestar or `service.api`, and the store imports no use case.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from domain.games import GAMES as REGISTERED

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "domain"
SERVICE = ROOT / "service"
ALLOWED_THIRD_PARTY = {"msgspec", "eventsourcing.domain", "openskill"}
#: Per service package: the module prefixes it must not import.
SERVICE_FORBIDDEN = {
    "store": ("litestar", "service.api", "service.usecases", "service.cli", "service.app"),
    "usecases": ("litestar", "service.api", "service.cli", "service.app"),
}


def _package(kind: type) -> str:
    return kind.__module__.rsplit(".", 1)[0]


def _stands_on() -> dict[str, tuple[str, ...]]:
    """The game packages, as the registry's games are defined in them, and the game
    packages each stands on: those of the registered games its game subclasses (a
    variant imports its parent)."""
    classes = {type(game) for game in REGISTERED.values()}
    return {
        _package(kind): tuple(_package(base) for base in kind.__mro__[1:] if base in classes)
        for kind in classes
    }


#: Each game package, and the game packages it may import besides the core: none, but a
#: variant's parent.
STANDS_ON = _stands_on()
GAMES = tuple(sorted(STANDS_ON))
REGISTRY = "domain.games"
#: The match model's imports of a game, and why each must name it.
MATCH_NAMES_A_GAME: dict[tuple[str, str], str] = {}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _allowed(module: str) -> bool:
    top = module.split(".", maxsplit=1)[0]
    if top in sys.stdlib_module_names or top == "domain":
        return True
    return any(module == ok or module.startswith(ok + ".") for ok in ALLOWED_THIRD_PARTY)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _domain_graph(root: Path) -> dict[str, set[str]]:
    """Each module under `root` (a folder holding `domain/`) and the domain modules it
    imports: `from domain.x import y` names `domain.x.y` where that is a module."""
    paths = sorted((root / "domain").rglob("*.py"))
    modules = {_module_name(path, root) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    inner = f"{node.module}.{alias.name}"
                    found.add(inner if inner in modules else node.module)
        graph[_module_name(path, root)] = {name for name in found if name in modules}
    return graph


def _game_of(module: str) -> str | None:
    return next((game for game in GAMES if _under(module, game)), None)


def _upward(source: str, target: str) -> bool:
    """Whether `source` importing `target` runs against the layers (the module docstring)."""
    game, imported = _game_of(source), _game_of(target)
    if _under(source, "domain.match"):
        return imported is not None and (source, target) not in MATCH_NAMES_A_GAME
    if _under(target, "domain.match"):
        return True
    if source == REGISTRY:
        return False
    if game is not None:
        return target == REGISTRY or imported not in (None, game, *STANDS_ON[game])
    return imported is not None  # the core asks the registry, never a game itself


def _upward_imports(graph: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    return sorted(
        (source, target)
        for source, targets in graph.items()
        for target in targets
        if _upward(source, target)
    )


def _circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every circle of imports, each once, as the modules along it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            circle = path[path.index(module) :]
            if not any(set(circle) == set(seen) for seen in found):
                found.append(circle)
            return
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    return found


@pytest.mark.parametrize(
    "path", sorted(DOMAIN.rglob("*.py")), ids=lambda path: str(path.relative_to(DOMAIN))
)
def test_domain_module_imports_only_the_standard_library_msgspec_and_itself(path: Path) -> None:
    foreign = sorted(module for module in _imports(path) if not _allowed(module))
    assert not foreign, f"{path.name} imports {foreign}"


def test_no_domain_module_imports_up_through_the_layers() -> None:
    upward = _upward_imports(_domain_graph(ROOT))
    assert not upward, f"imports against the layers (importer, imported): {upward}"


def test_no_domain_module_imports_itself_through_others() -> None:
    circles = _circles(_domain_graph(ROOT))
    assert not circles, f"circles of imports: {circles}"


def test_the_layers_name_each_upward_import(tmp_path: Path) -> None:
    files = {
        "domain/__init__.py": "",
        "domain/cards.py": "",
        "domain/games.py": "from domain.rummy.spec import RUMMY\n",
        "domain/drawgame/__init__.py": "",
        "domain/drawgame/events.py": "from domain.rummy.rules import RummyRules\n",
        "domain/rummy/__init__.py": "",
        "domain/rummy/rules.py": "from domain import cards\n",
        "domain/rummy/spec.py": "from domain.three13 import rules\nfrom domain import games\n",
        "domain/three13/__init__.py": "",
        "domain/three13/rules.py": "from domain.drawgame.events import HandDealt\n",
        "domain/match/__init__.py": "",
        "domain/match/views.py": "from domain.games import GAMES\nfrom domain.rummy import rules\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = _domain_graph(tmp_path)
    assert _upward_imports(graph) == [
        ("domain.drawgame.events", "domain.rummy.rules"),
        ("domain.match.views", "domain.rummy.rules"),
        ("domain.rummy.spec", "domain.games"),
        ("domain.rummy.spec", "domain.three13.rules"),
    ]
    assert [sorted(circle) for circle in _circles(graph)] == [["domain.games", "domain.rummy.spec"]]


SERVICE_MODULES = [
    (package, path)
    for package in SERVICE_FORBIDDEN
    for path in sorted((SERVICE / package).rglob("*.py"))
]


@pytest.mark.parametrize(
    ("package", "path"),
    SERVICE_MODULES,
    ids=[str(path.relative_to(SERVICE)) for _, path in SERVICE_MODULES],
)
def test_store_and_use_cases_know_nothing_of_http(package: str, path: Path) -> None:
    forbidden = SERVICE_FORBIDDEN[package]
    found = sorted(
        module for module in _imports(path) if any(_under(module, prefix) for prefix in forbidden)
    )
    assert not found, f"service/{package}/{path.name} imports {found}"


def test_the_check_catches_a_foreign_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom service.app import create_app\nimport litestar\n")
    assert sorted(m for m in _imports(sample) if not _allowed(m)) == ["litestar", "service.app"]
    assert _under("litestar.response", "litestar") and not _under("litestarx", "litestar")


def test_no_test_package_shares_its_name_with_a_folder_of_the_checkout() -> None:
    # pytest puts tests/ on the path, so a package tests/features would shadow the rules
    # spec's features/ in `from features.x import ...` (it did, until tests/spec).
    tests = ROOT / "tests"
    packages = {p.parent.name for p in tests.glob("*/__init__.py")} | {
        p.name for p in tests.iterdir() if p.is_dir() and any(p.glob("*.py"))
    }
    top = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}
    assert not packages & top, f"test folders named like the checkout's folders: {packages & top}"
