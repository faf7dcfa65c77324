"""The `penang-rummy` command: serve with the SQLite default, write the contract, verify."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from patience import PATIENCE

from service.cli.main import main

from .support import free_port

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi" / "openapi.json"


def test_serve_starts_with_the_embedded_sqlite_default_and_answers(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env["PYTHONPATH"] = str(ROOT)
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()[0]
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert health.json() == {"status": "ok"}
        created = httpx.post(f"http://127.0.0.1:{port}/games", json={"players": ["a", "b"]})
        assert created.status_code == 201
        assert (tmp_path / "penang-rummy.sqlite").exists()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_openapi_writes_the_committed_contract(tmp_path: Path) -> None:
    output = tmp_path / "openapi.json"
    assert main(["openapi", "--output", str(output)]) == 0
    assert output.read_text(encoding="utf-8") == CONTRACT.read_text(encoding="utf-8")


def test_verify_is_a_command_of_the_console_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = ROOT / "tests" / "golden" / "records" / "four-players.json"
    assert main(["verify", str(golden)]) == 0
    assert capsys.readouterr().out.startswith("valid: 74 events follow the rules")
    tampered = tmp_path / "tampered.json"
    tampered.write_bytes(golden.read_bytes().replace(b'"seat":2', b'"seat":3', 1))
    assert main(["verify", str(tampered)]) == 1
    assert capsys.readouterr().out.startswith("invalid: event ")
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "refusal"),
    [
        (
            ["serve", "--prot", "18002"],
            "unrecognized arguments: --prot 18002 (did you mean --port?)",
        ),
        (
            ["simulate", "--game", "rummy", "--seeds", "1"],
            "unrecognized arguments: --seeds 1 (did you mean --seed?)",
        ),
        (
            ["verify", "record.json", "--jsn"],
            "unrecognized arguments: --jsn (did you mean --json?)",
        ),
        (["openapi", "extra"], "unrecognized arguments: extra"),
    ],
)
def test_a_mistyped_option_is_told_by_its_subcommand(
    capsys: pytest.CaptureFixture[str], argv: list[str], refusal: str
) -> None:
    """The subcommand's usage and one line, not the top-level usage of every command."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert lines[0].startswith(f"usage: penang-rummy {argv[0]} "), captured.err
    assert "COMMAND" not in captured.err
    assert lines[-1] == f"penang-rummy {argv[0]}: error: {refusal}"
