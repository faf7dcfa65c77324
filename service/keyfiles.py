"""The service's key files: the PEM private key it signs with, and retired public keys.

`PENANG_RUMMY_SIGNING_KEY` names the private key (PKCS#8 PEM, unencrypted, Ed25519).
Unset, the key is `penang-rummy-signing-key.pem` beside the SQLite file, created on
first start with mode 0600 (with the store in memory, a key made for the process and
never saved). The file is written under another name and then linked
into place, so processes starting together never read a half-written key: one links
its key, the others find it there and read it. A named file that does not exist is an
error, never created: several processes must sign with one key, and a typo must not
make a new one. `PENANG_RUMMY_RETIRED_KEYS` names PEM public keys (a private key file
is read for its public key) that no longer sign but are still published, so that
records signed before a rotation still verify.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from service.settings import Settings
from service.signing import KeyRing, PublicKey, key_id


class KeyFileError(Exception):
    """A key file that cannot be read, or is not an Ed25519 key."""


def load_private_key(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(_read(path), password=None)
    except (ValueError, TypeError) as error:
        raise KeyFileError(f"{path}: not an unencrypted PEM private key: {error}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path}: not an Ed25519 private key")
    return key


def load_public_key(path: Path) -> Ed25519PublicKey:
    """The public key of a PEM file holding a public key, or a private one."""
    data = _read(path)
    try:
        key: object = serialization.load_pem_public_key(data)
    except ValueError:
        try:
            key = serialization.load_pem_private_key(data, password=None).public_key()
        except (ValueError, TypeError) as error:
            raise KeyFileError(f"{path}: not a PEM key: {error}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise KeyFileError(f"{path}: not an Ed25519 key")
    return key


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise KeyFileError(f"cannot read the key file {path}: {error.strerror}") from None


def create_private_key(path: Path) -> bool:
    """Write a new key to `path` (mode 0600) unless one is there; True if this call wrote it."""
    if path.exists():
        return False
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    draft = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
            file.flush()
            os.fsync(file.fileno())
        os.link(draft, path)
    except FileExistsError:
        return False
    finally:
        draft.unlink(missing_ok=True)
    return True


def signing_key_file(settings: Settings) -> Path:
    """The signing key's file: the one configured, or the default beside the SQLite file."""
    return (
        Path(settings.signing_key)
        if settings.signing_key is not None
        else settings.default_key_file()
    )


def open_keyring(settings: Settings) -> tuple[KeyRing, str | None]:
    """The service's keys, and a line to log when the signing key was just created.

    A configured key file must exist; with none configured, the default file beside
    the SQLite file is created when missing. With the store in memory and no key
    configured, the key is made in memory for the process and never saved: there is no
    SQLite file to put it beside, and it signs records of games that end with the
    process.
    """
    retired = tuple(PublicKey(load_public_key(Path(p)), "retired") for p in settings.retired_keys)
    if settings.in_memory and settings.signing_key is None:
        return KeyRing(Ed25519PrivateKey.generate(), retired), None
    note = None
    path = signing_key_file(settings)
    if settings.signing_key is None and create_private_key(path):
        note = f"created the signing key {path.resolve()} (mode 0600)"
    key = load_private_key(path)
    if note is not None:
        note += f", key id {key_id(key.public_key())}: keep it, and give every process this file"
    return KeyRing(key, retired), note
