"""Requests sent with an Idempotency-Key: where the first answer is kept, and its replay.

A retry with the same key gets the first answer again, and nothing is recorded twice:
the answer (`StoredAnswer`) is written in its own stream in the same transaction as
what it answers, so of two identical requests racing, one writes and the other loses
the race on that stream and replays the first answer. A key first sent with another
request (another body, seat or operation) is refused: 422 `idempotency-key-reused`.
Only a success is kept; a refused request may be sent again with its key.

Where each answer is kept:

- a turn or a dead declaration: `envelopes.answer_id(game_id, seat, key)`, one stream
  per game, seat and key (`service.usecases.games`);
- a creation (`createGame`, `createMatch`): no game exists yet to scope the key, so it
  names the stream on its own, per operation: `uuid5(CREATION_NAMESPACE,
  "<operationId>:<key>")`;
- a claim (`claimSeat`): `uuid5(match_id, "idempotency:claimSeat:<seat>:<key>")`.

The answers to creations and claims hold bearer tokens, which the store otherwise keeps
only as hashes. They are stored sealed: AES-256-GCM under a key derived from the
Idempotency-Key (HKDF-SHA256), which the service does not store, so the database alone
does not give a token away. Whoever sends the key gets the answer: it must be
unguessable (a random UUID), and these operations take one of at least
`MIN_SECRET_KEY` characters.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar
from uuid import UUID, uuid5

import msgspec
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from service.errors import IdempotencyKeyReused
from service.store import GameStore
from service.store.envelopes import Envelope, StoredAnswer
from service.usecases.open_types import dec_hook

T = TypeVar("T")
#: The namespace of creations' answer streams (a fixed, random UUID: never change it).
CREATION_NAMESPACE: Final = UUID("5b0f6c1e-8a53-4b1e-9d0e-2f7c4a9e6b31")
#: The shortest Idempotency-Key of an operation whose answer holds tokens.
MIN_SECRET_KEY: Final = 16
_SEAL_INFO: Final = b"penang-rummy/idempotent-answer/1"
_NONCE_BYTES: Final = 12
_encoder = msgspec.json.Encoder()


@dataclass(frozen=True, slots=True)
class Replayed(Generic[T]):
    """An answer, and whether it is the stored first answer to its Idempotency-Key."""

    value: T
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Keyed:
    """One request sent with a key: its answer's stream, its fingerprint, the key."""

    stream: UUID
    fingerprint: str
    key: str

    def replay(self, store: GameStore, cls: type[T]) -> T | None:
        """The first answer to this key, if there is one; refused if it answered another request."""
        stored = store.answer(self.stream)
        if stored is None:
            return None
        if stored.request_sha256 != self.fingerprint:
            raise IdempotencyKeyReused(
                "this Idempotency-Key was first sent with a different request"
            )
        body = _open(stored.body, self.key, self.stream) if stored.sealed else stored.body.encode()
        return msgspec.json.decode(body, type=cls, dec_hook=dec_hook)

    def record(self, answer: msgspec.Struct, status: int, version: int) -> Envelope:
        """The stored answer, sealed, to write with what it answers."""
        stored = StoredAnswer(
            request_sha256=self.fingerprint,
            status=status,
            body=_seal(_encoder.encode(answer), self.key, self.stream),
            version=version,
            sealed=True,
        )
        return Envelope(self.stream, 1, stored)


def creation(operation: str, key: str | None, request: msgspec.Struct) -> Keyed | None:
    """The keyed request of a creation (`createGame`, `createMatch`), if it has a key."""
    if key is None:
        return None
    stream = uuid5(CREATION_NAMESPACE, f"{operation}:{key}")
    return Keyed(stream, fingerprint(operation, 0, _encoder.encode(request)), key)


def claim(match_id: UUID, seat: int, key: str | None, request: msgspec.Struct) -> Keyed | None:
    """The keyed request of a claim of `seat`, if it has a key."""
    if key is None:
        return None
    stream = uuid5(match_id, f"idempotency:claimSeat:{seat}:{key}")
    return Keyed(stream, fingerprint("claimSeat", seat, _encoder.encode(request)), key)


def once(
    store: GameStore, keyed: Keyed | None, cls: type[T], attempt: Callable[[], T]
) -> Replayed[T]:
    """`attempt()`, or the first answer to the key; also when a twin request wins the race.

    `attempt` writes `keyed.record(...)` with what it records. Whatever it raises, the
    key's stream is read again: a twin sent at the same time may have answered first.
    """
    if keyed is not None and (first := keyed.replay(store, cls)) is not None:
        return Replayed(first, replayed=True)
    try:
        return Replayed(attempt())
    except Exception:
        if keyed is not None and (first := keyed.replay(store, cls)) is not None:
            return Replayed(first, replayed=True)
        raise


def fingerprint(operation: str, scope: int, body: bytes) -> str:
    """SHA-256 of a request: its operation, its seat (or 0) and its canonical body."""
    digest = hashlib.sha256(f"{operation}\n{scope}\n".encode())
    digest.update(body)
    return digest.hexdigest()


def _cipher(key: str, stream: UUID) -> AESGCM:
    derived = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=_SEAL_INFO + stream.bytes
    ).derive(key.encode("utf-8"))
    return AESGCM(derived)


def _seal(body: bytes, key: str, stream: UUID) -> str:
    nonce = os.urandom(_NONCE_BYTES)
    sealed = nonce + _cipher(key, stream).encrypt(nonce, body, stream.bytes)
    return base64.urlsafe_b64encode(sealed).decode("ascii")


def _open(text: str, key: str, stream: UUID) -> bytes:
    sealed = base64.urlsafe_b64decode(text)
    nonce, ciphertext = sealed[:_NONCE_BYTES], sealed[_NONCE_BYTES:]
    return _cipher(key, stream).decrypt(nonce, ciphertext, stream.bytes)
