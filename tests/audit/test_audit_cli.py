"""`penang-rummy verify`: verdicts, output and exit codes, offline."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain.records import GameRecord, dump_record
from domain.replay import Verdict
from service.cli.verify import add_verify_command
from service.signing import KeyRing

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str]) -> int:
    """The command as the console script wires it: a parser with subcommands."""
    parser = argparse.ArgumentParser(prog="penang-rummy")
    commands = parser.add_subparsers(dest="command", required=True)
    add_verify_command(commands)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


def tampered(record: bytes) -> bytes:
    """The record with its revealed seed replaced."""
    document: dict[str, Any] = msgspec.json.decode(record)
    document["events"][-1]["server_seed"] = "11" * 32
    return msgspec.json.encode(document)


def test_a_valid_record_prints_one_line_and_exits_0(
    golden_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["verify", str(golden_dir / "four-players.json")]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert out.startswith("valid: 74 events follow the rules; every seat dead, won by seat 2")
    assert "recomputed from the revealed seed" in out


def test_json_output_is_the_verdict(golden_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["verify", "--json", str(golden_dir / "two-players-seven-cards-35.json")]) == 0
    verdict = msgspec.json.decode(capsys.readouterr().out, type=Verdict)
    assert verdict.valid and verdict.finished and verdict.deal == "verified"
    assert verdict.events_checked == 11
    assert "Game declared, won by seat 1" in verdict.message


def test_a_tampered_record_exits_1_naming_the_event_and_rule(
    golden_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tampered.json"
    path.write_bytes(tampered((golden_dir / "four-players.json").read_bytes()))
    assert run(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("invalid: event 73: P6 seed-mismatch: SHA-256 of the revealed seed")
    assert run(["verify", str(path), "--json"]) == 1
    verdict = msgspec.json.decode(capsys.readouterr().out, type=Verdict)
    assert (verdict.valid, verdict.first_bad_event, verdict.rule) == (False, 73, "P6")


def test_an_ndjson_record_from_standard_input(
    golden: Callable[[str], GameRecord],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = dump_record(golden("three-players"), ndjson=True)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert run(["verify", "-"]) == 0
    assert capsys.readouterr().out.startswith("valid: 53 events")


def test_an_unfinished_record_is_valid_so_far(
    golden: Callable[[str], GameRecord], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = golden("three-players")
    cut = next(i for i, e in enumerate(record.events) if type(e).__name__ == "TurnEnded") + 1
    path = tmp_path / "running.ndjson"
    path.write_bytes(dump_record(GameRecord("penang-1", record.events[:cut]), ndjson=True))
    assert run(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("valid-so-far: ")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "No such file"),
        (b"", "the record is empty"),
        (b"{]", "line 1 is not JSON"),
        (
            b'{"format":"chess-pgn","rules_version":"x","events":[]}',
            "not a game or match record (verify reads the formats penang-rummy-record/1, "
            "penang-rummy-record/2, penang-rummy-match-record/1): its format is 'chess-pgn'",
        ),
        (
            b'{"a": 1}',
            "not a game or match record (verify reads the formats penang-rummy-record/1, "
            "penang-rummy-record/2, penang-rummy-match-record/1): it names no `format`",
        ),
        (
            b'{"format":"penang-rummy-record/1","rules_version":"penang-1",'
            b'"events":[{"type":"Drew","v":1}]}',
            "event 0: unknown event type 'Drew'",
        ),
    ],
)
def test_an_unreadable_record_exits_2(
    content: bytes | None, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_bytes(content)
    assert run(["verify", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"cannot read {path}" in captured.err
    assert reason in captured.err
    assert run(["verify", "--json", str(path)]) == 2
    problem = msgspec.json.decode(capsys.readouterr().out)
    assert problem["readable"] is False
    assert reason in problem["message"]


def test_the_command_runs_as_a_program_with_its_exit_codes(
    golden_dir: Path, tmp_path: Path
) -> None:
    good = golden_dir / "five-players.json"
    bad = tmp_path / "bad.json"
    bad.write_bytes(tampered(good.read_bytes()))
    missing = tmp_path / "missing.json"
    codes = []
    for path in (good, bad, missing):
        done = subprocess.run(
            [sys.executable, "-m", "service.cli.verify", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        codes.append(done.returncode)
    assert codes == [0, 1, 2]


def test_the_command_loads_the_rules_engine_and_the_signing_module_only() -> None:
    # Offline: no web framework, no store, no network; cryptography checks signatures.
    probe = "import sys, service.cli.verify\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = set(done.stdout.split())
    tops = {name.split(".")[0] for name in modules} - set(sys.stdlib_module_names)
    assert {"domain", "service", "msgspec", "cryptography"} <= tops
    forbidden = {"litestar", "eventsourcing", "uvicorn", "psycopg", "anyio", "httpx"}
    assert not tops & forbidden, sorted(tops & forbidden)
    assert {name for name in modules if name.split(".")[0] == "service"} == {
        "service",
        "service.cli",
        "service.cli.arguments",
        "service.cli.verify",
        "service.keyfiles",
        "service.setting_rows",
        "service.settings",
        "service.signing",
    }


def test_a_signed_record_is_checked_with_the_key_given(
    golden: Callable[[str], GameRecord], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ring = KeyRing(Ed25519PrivateKey.generate())
    record = tmp_path / "signed.ndjson"
    record.write_bytes(dump_record(ring.seal(golden("three-players")), ndjson=True))
    key = tmp_path / "key.pub.pem"
    key.write_bytes(
        ring.signing.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    keys = tmp_path / "keys.json"
    keys.write_bytes(msgspec.json.encode(ring.document()))
    for option in (["--key", str(key)], ["--keys", str(keys)]):
        assert run(["verify", *option, "--require-signature", str(record)]) == 0
        assert capsys.readouterr().out.rstrip().endswith("signature valid")
    assert run(["verify", str(record)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("signature not checked (no key given)")
    assert run(["verify", "--require-signature", str(record)]) == 1
    assert "invalid: signature-required: a valid signature is required" in capsys.readouterr().out


@pytest.mark.parametrize(
    "case",
    [
        ("--key", None, "No such file"),
        ("--key", b"not a key", "not a PEM key"),
        ("--keys", b"{}", "not a key document"),
        ("--keys", b'{"keys":[{"kid":"k","x":"AAAA","status":"current"}]}', "not an Ed25519"),
    ],
)
def test_an_unreadable_key_exits_2(
    golden_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    case: tuple[str, bytes | None, str],
) -> None:
    option, content, reason = case
    path = tmp_path / "key"
    if content is not None:
        path.write_bytes(content)
    assert run(["verify", option, str(path), str(golden_dir / "four-players.json")]) == 2
    captured = capsys.readouterr()
    assert f"cannot read {path}" in captured.err and reason in captured.err
