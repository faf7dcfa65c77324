"""Records that prove their origin, over HTTP: the service signs every record it exports
with its key, publishes its public keys (getSigningKeys), and checks the chain and the
signature of every signed record it imports."""

from __future__ import annotations

import base64
import hashlib
import logging
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from litestar.testing import TestClient

from domain.record_proofs import chain_record
from domain.records import dump_record, load_record
from service.app import create_app
from service.cli.main import main
from service.keyfiles import KeyFileError, create_private_key, load_private_key
from service.settings import DEFAULT_KEY_FILE, Settings

from .audit_support import export, exported, finished_game, import_record, published_keys, unsigned
from .support import Api, Json

KEYS_PATH = "/.well-known/penang-rummy-keys.json"


def verify(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, Json]:
    """`penang-rummy verify --json [options] PATH`: the exit code and the verdict."""
    code = main(["verify", "--json", *options, str(path)])
    return code, msgspec.json.decode(capsys.readouterr().out)


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_pem(key: Json, folder: Path) -> Path:
    """A published key (JWK) as a PEM public key file, for `verify --key`."""
    public = Ed25519PublicKey.from_public_bytes(b64url_decode(key["x"]))
    path = folder / f"{key['kid']}.pub.pem"
    path.write_bytes(
        public.public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return path


def written(folder: Path, document: Json | bytes, name: str = "record.json") -> Path:
    path = folder / name
    path.write_bytes(document if isinstance(document, bytes) else msgspec.json.encode(document))
    return path


def other_service(make_api: Callable[[Settings], Api], folder: Path, **settings: Any) -> Api:
    """Another service, with its own SQLite file and (beside it) its own key."""
    folder.mkdir(parents=True, exist_ok=True)
    return make_api(Settings(sqlite_path=str(folder / "games.sqlite"), **settings))


# --- the published keys ---------------------------------------------------------------


def test_the_published_keys_name_the_key_that_signs_the_records(api: Api) -> None:
    response = api.client.get(KEYS_PATH)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    (key,) = response.json()["keys"]
    assert {k: key[k] for k in ("kty", "crv", "alg", "use", "status")} == {
        "kty": "OKP",
        "crv": "Ed25519",
        "alg": "EdDSA",
        "use": "sig",
        "status": "current",
    }
    assert len(b64url_decode(key["x"])) == 32
    thumbprint = f'{{"crv":"Ed25519","kty":"OKP","x":"{key["x"]}"}}'.encode()
    assert key["kid"] == base64.urlsafe_b64encode(hashlib.sha256(thumbprint).digest()).decode(
        "ascii"
    ).rstrip("=")
    document = exported(api, finished_game(api)["game_id"])
    assert document["signature"]["kid"] == key["kid"]


# --- export, verify offline, import ---------------------------------------------------


def test_a_record_exported_verifies_offline_and_imports_here_and_elsewhere(
    api: Api,
    make_api: Callable[[Settings], Api],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    response = export(api, finished_game(api)["game_id"])
    record = written(tmp_path, response.content)
    keys = published_keys(api, tmp_path)
    code, verdict = verify(record, capsys, "--keys", str(keys), "--require-signature")
    assert code == 0 and verdict["valid"] and verdict["finished"], verdict
    kid = msgspec.json.decode(keys.read_bytes())["keys"][0]["kid"]
    assert (verdict["chain"], verdict["signature"], verdict["key_id"]) == ("ok", "valid", kid)
    # Back into the service that signed it: the signature is one of its keys.
    here = import_record(api, response.content)
    assert here.status_code == 201, here.text
    assert here.json()["verdict"] == verdict
    # Into another service: a key it does not know; imported, and said so.
    elsewhere = other_service(make_api, tmp_path / "elsewhere")
    there = import_record(elsewhere, response.content)
    assert there.status_code == 201, there.text
    assert {k: there.json()["verdict"][k] for k in ("valid", "signature", "key_id")} == {
        "valid": True,
        "signature": "unknown-key",
        "key_id": kid,
    }
    assert "not among the keys given: origin not proven" in _summary(there.json()["verdict"])
    # The other service's export of its copy is signed with its own key, not ours.
    copy = written(tmp_path, export(elsewhere, there.json()["game_id"]).content, "copy.json")
    theirs = published_keys(elsewhere, tmp_path / "elsewhere")
    assert verify(copy, capsys, "--keys", str(theirs))[1]["signature"] == "valid"
    assert verify(copy, capsys, "--keys", str(keys))[1]["signature"] == "unknown-key"
    assert verify(copy, capsys, "--keys", str(keys), "--require-signature")[0] == 1
    ours = public_pem(msgspec.json.decode(keys.read_bytes())["keys"][0], tmp_path)
    code, verdict = verify(copy, capsys, "--key", str(ours))
    assert (code, verdict["signature"], verdict["code"]) == (1, "invalid", "signature-invalid")
    assert verify(record, capsys, "--key", str(ours))[0] == 0


def _summary(verdict: Json) -> str:
    from domain.provenance import RecordVerdict

    return msgspec.convert(verdict, RecordVerdict).summary()


def test_an_altered_event_is_refused_naming_it_even_where_the_rules_allow_it(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    # A player's name: the rules do not care, the chain does.
    document["events"][0]["players"][1] = "Mallory"
    response = import_record(api, document)
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["event_index"], problem.get("rule")) == (
        "chain-broken",
        0,
        None,
    )
    assert problem["detail"].startswith(
        "invalid: event 0: - chain-broken: event 0 (Dealt) is not the one recorded"
    )
    # The same record in format /1 proves nothing about its origin, and imports.
    assert import_record(api, unsigned(document)).status_code == 201


def test_an_altered_header_is_refused(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    document["game_id"] = "another"
    problem = import_record(api, document).json()
    assert problem["code"] == "chain-broken" and "event_index" not in problem
    assert "the header (format, rules version, game id) is not the one" in problem["detail"]


def test_a_record_chained_again_after_tampering_fails_the_services_signature(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    document["events"][0]["players"][1] = "Mallory"
    forged = msgspec.json.decode(
        dump_record(chain_record(load_record(msgspec.json.encode(document))))
    )
    forged["signature"] = document["signature"]
    response = import_record(api, forged)
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "signature-invalid" and "event_index" not in problem
    assert problem["detail"].startswith("invalid: signature-invalid: the signature by key")


def test_an_unsigned_record_imports_and_the_verdict_says_it_is_unsigned(api: Api) -> None:
    document = unsigned(exported(api, finished_game(api)["game_id"]))
    response = import_record(api, document)
    assert response.status_code == 201, response.text
    verdict = response.json()["verdict"]
    assert (verdict["chain"], verdict["signature"], verdict["key_id"]) == ("absent", "absent", None)
    # Its export is signed by this service, which recorded it.
    again = exported(api, response.json()["game_id"])
    assert again["format"] == "penang-rummy-record/2" and "signature" in again


# --- where the key lives, and rotation ------------------------------------------------


class Lines(logging.Handler):
    """The messages of one logger (Litestar's logging set-up replaces the root's handlers)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def key_log() -> Iterator[Lines]:
    logger, lines = logging.getLogger("service.keys"), Lines()
    logger.addHandler(lines)
    yield lines
    logger.removeHandler(lines)


def test_the_key_is_created_once_beside_the_sqlite_file_with_mode_0600(
    tmp_path: Path, key_log: Lines
) -> None:
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"))
    key = tmp_path / DEFAULT_KEY_FILE
    with TestClient(create_app(settings)) as client:
        kid = client.get(KEYS_PATH).json()["keys"][0]["kid"]
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key_log.lines) == 1
    assert str(key) in key_log.lines[0] and kid in key_log.lines[0]
    with TestClient(create_app(settings)) as client:  # a restart reads the same key
        assert client.get(KEYS_PATH).json()["keys"][0]["kid"] == kid
    assert len(key_log.lines) == 1
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".pem") == [DEFAULT_KEY_FILE]


def test_a_configured_key_file_is_never_created(tmp_path: Path) -> None:
    missing = tmp_path / "keys" / "signing.pem"
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), signing_key=str(missing))
    with pytest.raises(ExceptionGroup) as refused, TestClient(create_app(settings)):
        pass
    assert refused.group_contains(KeyFileError, match="cannot read the key file")
    assert not missing.exists() and not (tmp_path / DEFAULT_KEY_FILE).exists()


def test_processes_starting_together_create_one_key(tmp_path: Path) -> None:
    path = tmp_path / DEFAULT_KEY_FILE
    created: list[bool] = []
    start = threading.Barrier(8)

    def race() -> None:
        start.wait()
        created.append(create_private_key(path))

    threads = [threading.Thread(target=race) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert created.count(True) == 1
    assert isinstance(load_private_key(path), Ed25519PrivateKey)
    assert [p.name for p in tmp_path.iterdir()] == [DEFAULT_KEY_FILE]


def test_after_a_rotation_old_records_still_verify(
    make_api: Callable[[Settings], Api], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = other_service(make_api, tmp_path, allow_deck=True)
    old_record = export(before, finished_game(before)["game_id"]).content
    old = load_private_key(tmp_path / DEFAULT_KEY_FILE)
    retired = tmp_path / "old.pub.pem"
    retired.write_bytes(
        old.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    new = tmp_path / "new.pem"
    new.write_bytes(
        Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    env = {
        "PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "games.sqlite"),
        "PENANG_RUMMY_SIGNING_KEY": str(new),
        "PENANG_RUMMY_RETIRED_KEYS": str(retired),
        "PENANG_RUMMY_ALLOW_DECK": "1",
    }
    after = make_api(Settings.from_env(env))
    keys = after.client.get(KEYS_PATH).json()["keys"]
    old_kid = msgspec.json.decode(old_record)["signature"]["kid"]
    assert [k["status"] for k in keys] == ["current", "retired"] and keys[1]["kid"] == old_kid
    imported = import_record(after, old_record)
    assert imported.status_code == 201 and imported.json()["verdict"]["signature"] == "valid"
    record = written(tmp_path, old_record)
    assert verify(record, capsys, "--keys", str(published_keys(after, tmp_path)))[0] == 0
    new_record = exported(after, finished_game(after)["game_id"])
    assert new_record["signature"]["kid"] == keys[0]["kid"] != old_kid


def test_the_key_settings_come_from_the_environment(tmp_path: Path) -> None:
    assert Settings.from_env({}).signing_key is None
    assert Settings.from_env({}).retired_keys == ()
    settings = Settings.from_env(
        {
            "PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "db" / "games.sqlite"),
            "PENANG_RUMMY_SIGNING_KEY": "/keys/signing.pem",
            "PENANG_RUMMY_RETIRED_KEYS": "/keys/2025.pub.pem:/keys/2026.pub.pem:",
        }
    )
    assert settings.signing_key == "/keys/signing.pem"
    assert settings.retired_keys == ("/keys/2025.pub.pem", "/keys/2026.pub.pem")
    assert settings.default_key_file() == tmp_path / "db" / DEFAULT_KEY_FILE
