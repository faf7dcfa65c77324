"""What the documented commands write into the checkout stays out of git, ruff and the suite.

`penang-rummy serve` run from the checkout creates its SQLite file and its signing key
there; a client generated as docs/clients.md says may write a package (`--output-path`)
there. None
of them is source: git must not offer them for a commit (a private key least of all),
and ruff must not lint generated code (an openapi-python-client package had 840
findings).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from service.settings import DEFAULT_KEY_FILE, Settings

ROOT = Path(__file__).resolve().parents[2]
PAGES = "\n".join(
    page.read_text(encoding="utf-8") for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
)
#: The folder inside the checkout that git and ruff ignore for a generated client, and any
#: other `--output-path` the pages name in the checkout (not under a folder in a variable,
#: such as `$C`, made outside it).
CLIENT_FOLDERS = sorted({"penang_rummy_client", *re.findall(r"--output-path ([^$\s]\S*)", PAGES)})
#: What the first `serve` in the checkout writes there: the store and the signing key
#: (also the key's draft, linked into place: `service.keyfiles.create_private_key`).
SQLITE = Settings().sqlite_path
SERVE_WRITES = [
    SQLITE,
    f"{SQLITE}-wal",
    f"{SQLITE}-shm",
    f"{SQLITE}-journal",
    DEFAULT_KEY_FILE,
    f".{DEFAULT_KEY_FILE}.0123456789abcdef",
]


def _git_ignores(path: str) -> bool:
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse"], check=False).returncode != 0:
        pytest.skip("not a git checkout")
    found = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", path], check=False)
    assert found.returncode in (0, 1), f"git check-ignore failed on {path}"
    return found.returncode == 0


@pytest.mark.parametrize("folder", CLIENT_FOLDERS)
def test_git_ignores_the_generated_client(folder: str) -> None:
    assert _git_ignores(f"{folder}/client.py"), f"add {folder}/ to .gitignore"
    assert _git_ignores(f"{folder}/models/problem.py")


@pytest.mark.parametrize("folder", CLIENT_FOLDERS)
def test_ruff_excludes_the_generated_client_by_its_own_configuration(folder: str) -> None:
    """pyproject's exclude alone, without .gitignore: a checkout need not be a git one."""
    unlinted = "import os, sys\nx = 1 ;\n"  # F401, E401, E703: findings wherever it is linted
    command = [sys.executable, "-m", "ruff", "check", "--no-respect-gitignore", "--force-exclude"]

    def lint(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*command, "--stdin-filename", name, "-"],
            cwd=ROOT,
            input=unlinted,
            capture_output=True,
            text=True,
            check=False,
        )

    assert lint("service/example.py").returncode == 1, "the sample must have findings"
    excluded = lint(f"{folder}/models/problem.py")
    assert excluded.returncode == 0, excluded.stdout + excluded.stderr


@pytest.mark.parametrize("name", SERVE_WRITES)
def test_git_ignores_what_serve_writes_into_the_working_directory(name: str) -> None:
    assert _git_ignores(name), f"add {name} to .gitignore"


def test_the_test_suite_and_mypy_do_not_look_beyond_their_folders() -> None:
    """pytest collects tests/ only and mypy checks domain/ and service/ only, so a generated
    package in the checkout is never collected nor type-checked."""
    tools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert tools["pytest"]["ini_options"]["testpaths"] == ["tests"]
    assert tools["mypy"]["packages"] == ["domain", "service"]
    assert not {*CLIENT_FOLDERS} & {"tests", "domain", "service"}
