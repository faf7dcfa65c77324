"""Packaging: the licence as an SPDX expression, and a lock that pins what pyproject names.

pyproject.toml keeps version ranges for those who install the package; the checkout's
`.venv` and CI install `requirements.lock` (`service.bootstrap`), so that a new release
of a dependency (Litestar writes the committed contract) changes nothing until the lock
is updated on purpose.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.licenses import canonicalize_license_expression
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from service.bootstrap import install_digest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = ROOT / "requirements.lock"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", re.MULTILINE)


def _locked() -> dict[str, list[Version]]:
    pins: dict[str, list[Version]] = {}
    for name, version in _PIN.findall(LOCK.read_text(encoding="utf-8")):
        pins.setdefault(canonicalize_name(name), []).append(Version(version))
    return pins


def _named_in_pyproject() -> list[Requirement]:
    project = PYPROJECT["project"]
    extras = [req for group in project["optional-dependencies"].values() for req in group]
    return [Requirement(text) for text in [*project["dependencies"], *extras]]


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    project = PYPROJECT["project"]
    assert canonicalize_license_expression(project["license"]) == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "The Penang Rummy rules service authors" in text.splitlines()[2]
    # SPDX `license` needs setuptools 77; an older one would refuse the build.
    (backend,) = [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]
    assert backend.name == "setuptools" and not backend.specifier.contains("76.9")


def test_the_installed_metadata_carries_the_licence_expression() -> None:
    installed = metadata.metadata("penang-rummy")
    assert installed["License-Expression"] == "MIT"
    assert installed.get_all("License-File") == ["LICENSE"]


@pytest.mark.parametrize("requirement", _named_in_pyproject(), ids=str)
def test_the_lock_pins_each_dependency_within_its_range(requirement: Requirement) -> None:
    versions = _locked().get(canonicalize_name(requirement.name))
    assert versions, f"requirements.lock does not pin {requirement.name}"
    assert len(versions) == 1, f"requirements.lock pins {requirement.name} {len(versions)} times"
    assert requirement.specifier.contains(versions[0], prereleases=True), (
        f"{requirement.name}=={versions[0]} is outside pyproject's {requirement.specifier}"
    )
    for extra in requirement.extras:  # psycopg[binary,pool]: psycopg-binary, psycopg-pool
        assert canonicalize_name(f"{requirement.name}-{extra}") in _locked(), extra


def test_every_pin_carries_hashes() -> None:
    blocks = re.split(r"\n(?=[A-Za-z0-9])", LOCK.read_text(encoding="utf-8"))
    pinned = [block for block in blocks if _PIN.match(block)]
    assert len(pinned) == sum(len(v) for v in _locked().values()) > 0
    for block in pinned:
        assert "--hash=sha256:" in block, block.splitlines()[0]


def test_the_install_stamp_covers_the_lock(tmp_path: Path) -> None:
    for name in ("pyproject.toml", "requirements.lock"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    before = install_digest(tmp_path)
    with (tmp_path / "requirements.lock").open("a") as lock:
        lock.write("# another pin\n")
    assert install_digest(tmp_path) != before
