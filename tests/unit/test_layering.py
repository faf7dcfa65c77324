"""Dependencies point inward (DESIGN principle 1): the domain imports only the standard
library, msgspec and eventsourcing's domain base classes; never the service, Litestar,
storage or anything else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
ALLOWED_THIRD_PARTY = {"msgspec", "eventsourcing.domain"}


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


@pytest.mark.parametrize("path", sorted(DOMAIN.glob("*.py")), ids=lambda path: path.name)
def test_domain_module_imports_only_the_standard_library_msgspec_and_itself(path: Path) -> None:
    foreign = sorted(module for module in _imports(path) if not _allowed(module))
    assert not foreign, f"{path.name} imports {foreign}"


def test_the_check_catches_a_foreign_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom service.app import create_app\nimport litestar\n")
    assert sorted(m for m in _imports(sample) if not _allowed(m)) == ["litestar", "service.app"]
