"""The core's refusals name no game's rule by default: every raise of one names its rule.

A refusal class of the core (`domain/errors.py`, `domain/proof.py`, the draw core's
`domain/drawgame/errors.py`) has no `default_rule`, so each place that raises one, in
`domain/` and `service/`, says which rule refuses (a game's `DrawTerms`, `MeldTerms`,
or its own rule id). A game's own refusals (`domain.penang.errors`) may name its rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain import errors, proof
from domain.drawgame import errors as draw_errors
from domain.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]
CORE = {
    name: value
    for module in (errors, proof, draw_errors)
    for name, value in vars(module).items()
    if isinstance(value, type)
    and issubclass(value, RuleViolation)
    and value.__module__ == module.__name__
}


def unnamed_raises(source: str) -> list[tuple[int, str]]:
    """Each call of a core refusal in `source` that passes no rule: its line and class."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CORE:
            named = len(node.args) >= 2 or any(kw.arg == "rule" for kw in node.keywords)
            if not named:
                found.append((node.lineno, node.func.id))
    return found


def test_no_core_refusal_has_a_default_rule() -> None:
    assert len(CORE) > 15
    assert {name for name, kind in CORE.items() if kind.default_rule is not None} == set()


@pytest.mark.parametrize(
    "path",
    sorted(path for top in ("domain", "service") for path in (ROOT / top).rglob("*.py")),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_every_raise_of_a_core_refusal_names_its_rule(path: Path) -> None:
    assert unnamed_raises(path.read_text(encoding="utf-8")) == []


def test_a_raise_without_its_rule_is_found() -> None:
    source = 'raise NotYourTurn("not yours")\nraise NotYourTurn("not yours", "B3")\n'
    assert unnamed_raises(source) == [(1, "NotYourTurn")]
