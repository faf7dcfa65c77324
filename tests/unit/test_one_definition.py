"""Each domain concept is defined once, and every public function has a caller.

Two `first_dealer`s (one in `deal`, one in `fair`) and two `MeldKind`s (`events`,
`melds`) once said the same thing in two places, and helpers nothing called
(`wildcards.swap`, `PenangState.cards_in_play`, `codec.encode_events`) lingered. These
checks read the source: a public name defined in two domain modules fails, and so does
a public function or method that nothing in `domain/` or `service/` refers to, unless
`KEPT` says why it stays. Nor may two functions share a body (their argument names
aside): the draw games' views once had `may_see`, the very body of Penang's
`may_see_hand`, and both replays their own `run`.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = sorted((ROOT / "domain").rglob("*.py"))
CALLERS = DOMAIN + sorted((ROOT / "service").rglob("*.py"))

#: Public functions with no caller in domain/ or service/, and why they stay.
KEPT: dict[str, str] = {
    "preset": "Gin Rummy's named rule sets (table, openspiel): the tests ask them; a table "
    "names none yet",
}


#: Functions whose bodies are alike on purpose, and why.
TWINS_KEPT = {
    frozenset({"hand_size", "wild_rank"}): "Three Thirteen's hand n deals n + 2 cards (T1) "
    "and makes rank n + 2 wild (T3): two rules that give the same number",
}
#: Bodies shorter than this many statements (a one-line delegation) are not compared.
MIN_TWIN_STATEMENTS = 2


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if not name.startswith("_")}


def _functions(tree: ast.Module) -> set[str]:
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    }


def _references(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
    return found


def test_each_public_name_is_defined_in_one_domain_module() -> None:
    # Per package: `domain.match.state.fold` folds a match as `domain.penang.fold.fold` a game.
    where: dict[tuple[Path, str], list[str]] = defaultdict(list)
    for path in DOMAIN:
        for name in _top_level_names(_tree(path)):
            where[path.parent, name].append(str(path.relative_to(ROOT)))
    twice = {name: modules for (_, name), modules in where.items() if len(modules) > 1}
    assert not twice, f"defined in more than one module: {twice}"


def test_every_public_domain_function_has_a_caller() -> None:
    defined = set().union(*(_functions(_tree(path)) for path in DOMAIN))
    referred = set().union(*(_references(_tree(path)) for path in CALLERS))
    unused = sorted(defined - referred - set(KEPT))
    assert not unused, f"no caller in domain/ or service/: {unused}"
    assert not set(KEPT) & referred, "a function in KEPT has a caller now: drop it from KEPT"


def _body_shape(function: ast.FunctionDef) -> tuple[str, int]:
    """The function's body without its docstring, its arguments renamed by position."""
    arguments = function.args.posonlyargs + function.args.args + function.args.kwonlyargs
    renamed = {argument.arg: f"_{index}" for index, argument in enumerate(arguments)}
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    module = ast.parse(ast.unparse(ast.Module(body=body, type_ignores=[])))
    for node in ast.walk(module):
        if isinstance(node, ast.Name):
            node.id = renamed.get(node.id, node.id)
    return ast.dump(module), len(body)


def _twins(paths: list[Path], root: Path = ROOT) -> list[list[str]]:
    bodies: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef):
                shape, statements = _body_shape(node)
                if statements >= MIN_TWIN_STATEMENTS:
                    bodies[shape].append(f"{path.relative_to(root)}:{node.name}")
    kept = set(TWINS_KEPT)
    return [
        places
        for places in bodies.values()
        if len(places) > 1 and frozenset(p.rsplit(":", 1)[1] for p in places) not in kept
    ]


def test_no_two_domain_functions_share_a_body() -> None:
    twins = _twins(DOMAIN)
    assert not twins, f"the same body in more than one function: {twins}"


def test_the_twin_check_sees_through_argument_names(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def may_see_hand(viewer, seat, over):\n    if over:\n        return True\n"
        "    return seat is not None and viewer == seat\n\n"
        "def may_see(viewer, owner, over):\n    if over:\n        return True\n"
        "    return owner is not None and viewer == owner\n"
    )
    assert [sorted(places) for places in _twins([sample], tmp_path)] == [
        ["sample.py:may_see", "sample.py:may_see_hand"]
    ]
