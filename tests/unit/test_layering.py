"""Dependencies point inward (DESIGN principle 1).

- The domain imports only the standard library, msgspec and eventsourcing's domain
  base classes; never the service, Litestar, storage or anything else.
- Inside the service, the store and the use cases know nothing of HTTP: neither
  imports Litestar or `service.api`, and the store imports no use case.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "domain"
SERVICE = ROOT / "service"
ALLOWED_THIRD_PARTY = {"msgspec", "eventsourcing.domain"}
#: Per service package: the module prefixes it must not import.
SERVICE_FORBIDDEN = {
    "store": ("litestar", "service.api", "service.usecases", "service.cli", "service.app"),
    "usecases": ("litestar", "service.api", "service.cli", "service.app"),
}


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


@pytest.mark.parametrize(
    "path", sorted(DOMAIN.rglob("*.py")), ids=lambda path: str(path.relative_to(DOMAIN))
)
def test_domain_module_imports_only_the_standard_library_msgspec_and_itself(path: Path) -> None:
    foreign = sorted(module for module in _imports(path) if not _allowed(module))
    assert not foreign, f"{path.name} imports {foreign}"


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
