"""What the Markdown files and the docstrings point at exists: links, modules and files.

A relative link leads to a file and its heading; a module, a name in one or a file named
in backquotes (`domain.penang.fold`, `service/store/writer.py`) is there, so that a
module split or moved does not leave its old name behind in prose.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
from pathlib import Path

from .test_docs import ROOT, _pages, _text


def _markdown_files() -> list[Path]:
    """Every Markdown file of the checkout that git tracks (or would: not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    found = [ROOT / name for name in listed.stdout.splitlines() if (ROOT / name).is_file()]
    return found if listed.returncode == 0 else _pages()  # not a git checkout: the pages


def test_every_relative_link_of_the_markdown_files_leads_to_a_file_and_a_heading() -> None:
    pages = _pages()
    markdown = _markdown_files()
    assert set(pages) <= set(markdown), "the pages are not among the Markdown files found"
    broken = []
    for page in markdown:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.is_file() or (anchor and anchor not in _anchors(linked)):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
    linked_from_readme = set(re.findall(r"\]\(docs/([\w-]+\.md)\)", _text("README.md")))
    assert linked_from_readme == {page.name for page in pages[1:]}, "a page the README omits"


def _anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    if page.suffix != ".md":
        return set()
    prose = re.sub(r"^```.*?^```$", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    headings = re.findall(r"^#+ (.+)$", prose, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


#: A module named in backquotes, maybe down to a name in it: `domain.penang.fold.evolve`.
DOTTED = re.compile(r"`((?:domain|service)(?:\.\w+)+)`")
#: A file or folder named in backquotes from the checkout's root: `service/store/writer.py`
#: (not one with `<game>` in it, which stands for a new game's own).
FILE = re.compile(r"`([a-z]\w*/[\w./-]*)`")
#: Dotted names in backquotes that are not modules, and what they are.
NOT_MODULES = {
    "service.access": "the access lines' logger",
    "service.shutdown": "the logger of the requests a stop cut",
    "domain.x.y": "a pattern",
}


def test_every_module_and_file_the_docs_and_docstrings_name_exists() -> None:
    # A module split or moved leaves its old name in prose: each Markdown file, and each
    # Python file under domain/, service/ and tests/, names only what exists. Backquotes
    # in Python are prose (docstrings, comments, messages): code quotes a module's name
    # with quotes, as a logger's name, never with backquotes.
    sources = sorted(
        path for top in ("domain", "service", "tests") for path in (ROOT / top).rglob("*.py")
    )
    stale = []
    for path in _markdown_files() + sources:
        text = path.read_text(encoding="utf-8")
        named = [name for name in DOTTED.findall(text) if name not in NOT_MODULES]
        stale += [f"{path.relative_to(ROOT)}: {name}" for name in named if not _resolves(name)]
        files = [name for name in FILE.findall(text) if (ROOT / name.split("/")[0]).is_dir()]
        stale += [
            f"{path.relative_to(ROOT)}: {name}" for name in files if not (ROOT / name).exists()
        ]
    assert not stale, f"no such module, name or file: {stale}"


def _resolves(dotted: str) -> bool:
    """Whether `dotted` is a module of the checkout, or a name defined or imported at the
    top of one (and, for a class's, a name in the class's body)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        module = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if module.is_file():
            names = parts[end:]
            return not names or _defined(_module_tree(module), names)
    return False


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """`body`'s statements, with those of its `if` blocks (`if TYPE_CHECKING: ... else:`)."""
    found: list[ast.stmt] = []
    for node in body:
        found += _statements([*node.body, *node.orelse]) if isinstance(node, ast.If) else [node]
    return found


def _defined(scope: ast.Module | ast.ClassDef, names: list[str]) -> bool:
    for node in _statements(scope.body):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found = [node.name]
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found = [target.id for target in targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
        else:
            continue
        if names[0] in found:
            return (
                len(names) == 1 or not isinstance(node, ast.ClassDef) or _defined(node, names[1:])
            )
    return False


@functools.cache
def _module_tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_every_path_adding_a_game_or_a_variant_names_exists_for_every_game() -> None:
    # The two recipes of docs/development.md name a new game's files by `<game>` (or
    # `<variant>`): each such path exists for every registered game, as its package is
    # named (its features by its name, `_` for `-`; a module `<path>.py` or a package),
    # and every other path they name exists as written.
    from domain.games import GAMES

    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    recipes = text[text.index("## Adding a game") : text.index("## The whole suite")]
    games = {(type(game).__module__.split(".")[1], name) for name, game in GAMES.items()}
    named = re.findall(r"`([a-z]\w*/[\w./<>-]*)`", recipes)
    assert named
    missing = []
    for path in named:
        for package, name in games if "<" in path else {("", "")}:
            own = name.replace("-", "_") if path.startswith("features/") else package
            concrete = (ROOT / re.sub(r"<(?:game|variant)>", own, path)).as_posix().rstrip("/")
            if not (Path(concrete).exists() or Path(concrete + ".py").exists()):
                missing.append(concrete)
    assert not missing, missing
