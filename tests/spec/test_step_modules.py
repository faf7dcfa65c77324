"""The step definitions live in steps/, one module per rule area; conftest.py only registers them.

A step module that conftest.py did not take in would leave its steps undefined (pytest-bdd
finds steps as fixtures of a conftest or of the test module): conftest.py takes every
module of steps/, and this test checks each one's step fixtures are its. Steps written into
conftest.py again would grow it back into one long file.
"""

from __future__ import annotations

import ast
from pathlib import Path

from . import conftest
from .conftest import STEP_MODULES

HERE = Path(__file__).resolve().parent
STEP_DECORATORS = {"given", "when", "then", "step"}


def _step_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                call = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(call, ast.Name) and call.id in STEP_DECORATORS:
                    found.append(node.name)
    return found


def test_conftest_holds_hooks_and_fixtures_but_no_step() -> None:
    assert _step_functions(HERE / "conftest.py") == []


def test_conftest_registers_every_step_module() -> None:
    modules = sorted(path.stem for path in (HERE / "steps").glob("*.py") if path.stem != "__init__")
    assert modules, "no step module in steps/"
    registered = {module.__name__.rsplit(".", 1)[1]: module for module in STEP_MODULES}
    assert sorted(registered) == modules
    for name in modules:
        assert _step_functions(HERE / "steps" / f"{name}.py"), f"steps/{name}.py has no step"
        fixtures = [key for key in vars(registered[name]) if key.startswith("pytestbdd_")]
        assert fixtures, f"steps/{name}.py registers no step fixture"
        for key in fixtures:
            assert vars(conftest)[key] is vars(registered[name])[key], f"{name}: {key}"
