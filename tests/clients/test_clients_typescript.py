"""TypeScript types generated from the committed contract pass `tsc --strict`, and type a
small client: a turn, its headers and answer, every event, a record's events, a problem.

openapi-typescript and TypeScript come from npm, pinned (tests/clients/typescript/,
installed by `node_tools.install` into an ignored folder and reused). Where node, npm or
the registry is missing the test is skipped with the reason, unless
PENANG_RUMMY_REQUIRE_NODE=1 (CI, where .ci/run installs the tools), which makes it fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from api.support import ROOT

from . import node_tools
from .node_tools import PINS, NodeToolsUnavailable, install

PROGRAM = PINS / "client.ts"
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "noEmit": True,
        "target": "es2022",
        "lib": ["es2022"],
        "module": "esnext",
        "moduleResolution": "bundler",
        "skipLibCheck": False,
        "noUnusedLocals": True,
    },
    "files": ["client.ts", "schema.d.ts"],
}


@pytest.fixture(scope="module")
def tools() -> Path:
    try:
        return install()
    except NodeToolsUnavailable as failure:
        if os.environ.get("PENANG_RUMMY_REQUIRE_NODE", "") == "1":
            pytest.fail(f"PENANG_RUMMY_REQUIRE_NODE=1 but {failure}")
        pytest.skip(str(failure))


def _run(command: list[str | Path], folder: Path) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=folder, capture_output=True, text=True, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def test_generated_typescript_types_type_a_strict_client(tools: Path, tmp_path: Path) -> None:
    contract = ROOT / "openapi" / "openapi.json"
    generated = _run([tools / "openapi-typescript", contract, "-o", "schema.d.ts"], tmp_path)
    assert "schema.d.ts" in generated
    schema = (tmp_path / "schema.d.ts").read_text(encoding="utf-8")
    assert "@enum {unknown}" not in schema  # every enum states its type
    shutil.copyfile(PROGRAM, tmp_path / PROGRAM.name)
    (tmp_path / "tsconfig.json").write_text(json.dumps(TSCONFIG), encoding="utf-8")
    _run([tools / "tsc", "-p", "tsconfig.json"], tmp_path)


def test_tsc_refuses_what_the_contract_does_not_allow(tools: Path, tmp_path: Path) -> None:
    """The check can fail: a turn with an action the contract does not list is refused."""
    _run(
        [tools / "openapi-typescript", ROOT / "openapi" / "openapi.json", "-o", "schema.d.ts"],
        tmp_path,
    )
    program = PROGRAM.read_text(encoding="utf-8").replace(
        '{ type: "lay_off", meld: 0, card: "6H", end: "high" }',
        '{ type: "lay_off", meld: 0, card: "6H", end: "middle" }',
    )
    (tmp_path / PROGRAM.name).write_text(program, encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps(TSCONFIG), encoding="utf-8")
    done = subprocess.run(
        [str(tools / "tsc"), "-p", "tsconfig.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert '"middle"' in done.stdout, done.stdout


def test_without_node_the_tools_say_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(node_tools.shutil, "which", lambda name: None)
    with pytest.raises(NodeToolsUnavailable, match="node and npm are needed"):
        install(tmp_path / "cache")
    assert not (tmp_path / "cache").exists()
