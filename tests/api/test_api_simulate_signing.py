"""`penang-rummy simulate --records` in process: records chained (format `/2`) and signed as
`serve` signs its export, with the key `--signing-key` names, else the key `serve` signs
with in the same environment; unsigned, and saying so, where there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.match.records import load_match_record
from domain.records import CHAINED_RECORD_FORMAT, GameRecord, load_record
from service.cli.main import main
from service.keyfiles import create_private_key, load_private_key
from service.signing import key_id


@pytest.fixture(autouse=True)
def no_service_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No key of the caller's environment, nor a key file where the test runs."""
    for variable in ("PENANG_RUMMY_SIGNING_KEY", "PENANG_RUMMY_SQLITE_PATH"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "keys" / "signing-key.pem"
    path.parent.mkdir()
    assert create_private_key(path)
    return path


def _records(capsys: pytest.CaptureFixture[str], records: Path, *args: str) -> list[Path]:
    command = ["simulate", "--games", "2", "--seed", "4", "--records", str(records), *args]
    assert main([*command, "--json"]) == 0, capsys.readouterr().err
    return sorted(records.iterdir())


def _games(path: Path) -> list[GameRecord]:
    if path.name.startswith("match-"):
        return list(load_match_record(path.read_bytes()).games)
    return [load_record(path.read_bytes())]


def _verified_with(capsys: pytest.CaptureFixture[str], path: Path, key: Path) -> str:
    capsys.readouterr()
    code = main(["verify", "--key", str(key), "--require-signature", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


@pytest.mark.parametrize("game", ["penang", "gin"])
def test_records_written_in_process_are_signed_with_the_key_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key_file: Path, game: str
) -> None:
    written = _records(capsys, tmp_path / "records", "--game", game, "--signing-key", str(key_file))
    assert len(written) == 2
    kid = key_id(load_private_key(key_file).public_key())
    for path in written:
        for record in _games(path):
            assert record.format == CHAINED_RECORD_FORMAT
            assert record.signature is not None and record.signature.kid == kid
        verdict = _verified_with(capsys, path, key_file)
        assert game != "penang" or "chain intact" in verdict, verdict


def test_without_a_key_named_the_key_serve_signs_with_here_signs_them(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    key_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PENANG_RUMMY_SIGNING_KEY", str(key_file))
    (path, _) = _records(capsys, tmp_path / "records")
    _verified_with(capsys, path, key_file)


def test_with_no_key_the_records_are_chained_unsigned_and_simulate_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key_file: Path
) -> None:
    command = ["simulate", "--games", "2", "--seed", "4", "--json"]
    assert main([*command, "--records", str(tmp_path / "records")]) == 0
    assert "the records are not signed" in capsys.readouterr().err
    assert not (tmp_path / "penang-rummy-signing-key.pem").exists(), "simulate made a key"
    for path in sorted((tmp_path / "records").iterdir()):
        record = load_record(path.read_bytes())
        assert (record.format, record.signature) == (CHAINED_RECORD_FORMAT, None)
        assert record.chain is not None
        assert main(["verify", "--key", str(key_file), "--require-signature", str(path)]) == 1


@pytest.mark.parametrize(
    "args",
    [["--url", "http://127.0.0.1:9", "--records", "r"], []],
    ids=["over-http", "no-records"],
)
def test_a_signing_key_where_no_record_is_written_in_process_is_refused(
    capsys: pytest.CaptureFixture[str], key_file: Path, args: list[str]
) -> None:
    assert main(["simulate", "--games", "1", "--signing-key", str(key_file), *args]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("penang-rummy simulate: --signing-key signs the records"), line


def test_a_signing_key_that_cannot_be_read_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere.pem"
    records = tmp_path / "records"
    command = ["simulate", "--games", "1", "--records", str(records)]
    assert main([*command, "--signing-key", str(missing)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "cannot read the key file" in line and str(missing) in line, line
    assert not records.exists()
