"""The step definitions live in steps/, one module per rule area; conftest.py only registers them.

A step module that conftest.py does not import would leave its steps undefined (pytest-bdd
finds steps as fixtures of a conftest or of the test module), and steps written into
conftest.py again would grow it back into one long file.
"""

from __future__ import annotations

import ast
from pathlib import Path

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
    tree = ast.parse((HERE / "conftest.py").read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
    }
    modules = sorted(path.stem for path in (HERE / "steps").glob("*.py") if path.stem != "__init__")
    assert modules, "no step module in steps/"
    for module in modules:
        assert _step_functions(HERE / "steps" / f"{module}.py"), f"steps/{module}.py has no step"
        assert f"steps.{module}" in imported, f"conftest.py does not import steps/{module}.py"
