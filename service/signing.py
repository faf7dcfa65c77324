"""Signing records with the service's Ed25519 key, and checking their signatures.

The domain chains a record's events (`domain.chain`, `domain.record_proofs.chain_record`);
this module signs the chain's head and checks such signatures. It needs the
`cryptography` package, which the domain may not import, and nothing else of the
service: the API (exportRecord signs, importRecord checks, getSigningKeys publishes) and
the offline `penang-rummy verify` use it alike.

Keys are Ed25519 (RFC 8032; JOSE algorithm `EdDSA`). A key's id (`kid`) is its JWK
thumbprint (RFC 7638): base64url, without padding, of the SHA-256 of
`{"crv":"Ed25519","kty":"OKP","x":"<x>"}`, where `x` is the 32-byte public key in
base64url. The published key document (`GET /.well-known/penang-rummy-keys.json`) is a
JWK set (RFC 7517, with the OKP keys of RFC 8037) whose keys also say `status`:
`current` (signing now) or `retired` (no longer signing; kept so that older records
still verify).

`sign_head` and `check_head` know nothing of games: a record of anything (a match of
several games, say) that chains its events with `domain.chain` is signed and checked by
handing them the chain's head.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from domain.bots.audit import verify_record
from domain.chain import RecordSignature, signing_input
from domain.provenance import RecordVerdict, SignatureCheck
from domain.record_proofs import chain_record, signed_record
from domain.records import GameRecord

ALGORITHM: Final = "EdDSA"
KeyStatus = Literal["current", "retired"]


class PublishedKey(msgspec.Struct, frozen=True, kw_only=True):
    """One public key as the key document publishes it: a JWK (RFC 8037) with a status."""

    kty: Literal["OKP"] = "OKP"
    crv: Literal["Ed25519"] = "Ed25519"
    alg: Literal["EdDSA"] = "EdDSA"
    use: Literal["sig"] = "sig"
    #: The key's JWK thumbprint (RFC 7638): what a record's `signature.kid` names.
    kid: str
    #: The 32-byte Ed25519 public key, base64url without padding.
    x: str
    #: `current`: the key the service signs with now; `retired`: it signed older records.
    status: KeyStatus


class SigningKeys(msgspec.Struct, frozen=True, kw_only=True):
    """The service's public keys: a JWK set (RFC 7517) whose keys carry a status."""

    keys: tuple[PublishedKey, ...]


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def key_id(public: Ed25519PublicKey) -> str:
    """The key's JWK thumbprint (RFC 7638)."""
    x = b64url(public.public_bytes_raw())
    canonical = f'{{"crv":"Ed25519","kty":"OKP","x":"{x}"}}'.encode("ascii")
    return b64url(hashlib.sha256(canonical).digest())


@dataclass(frozen=True, slots=True)
class PublicKey:
    """A public key with its id and status."""

    key: Ed25519PublicKey
    status: KeyStatus = "current"

    @property
    def kid(self) -> str:
        return key_id(self.key)

    def published(self) -> PublishedKey:
        return PublishedKey(kid=self.kid, x=b64url(self.key.public_bytes_raw()), status=self.status)


@dataclass(frozen=True, slots=True)
class KeyRing:
    """The service's signing key and the public keys it publishes (its own, and retired)."""

    signing: Ed25519PrivateKey
    retired: tuple[PublicKey, ...] = ()

    @property
    def current(self) -> PublicKey:
        return PublicKey(self.signing.public_key(), "current")

    def public_keys(self) -> dict[str, PublicKey]:
        """Every key a record of this service may be signed with, by id."""
        keys = {key.kid: key for key in self.retired}
        keys[self.current.kid] = self.current
        return keys

    def document(self) -> SigningKeys:
        """The key document, the current key first."""
        current = self.current
        retired = tuple(key.published() for key in self.retired if key.kid != current.kid)
        return SigningKeys(keys=(current.published(), *retired))

    def seal(self, record: GameRecord) -> GameRecord:
        """`record` chained (format `/2`) and signed with the current key."""
        chained = chain_record(record)
        return signed_record(chained, sign_head(self.signing, recorded_head(chained)))


def sign_head(key: Ed25519PrivateKey, head: bytes) -> RecordSignature:
    """The signature of a chain's head (`domain.chain.signing_input`)."""
    value = key.sign(signing_input(head))
    return RecordSignature(alg=ALGORITHM, kid=key_id(key.public_key()), value=b64url(value))


def check_head(key: Ed25519PublicKey, head: bytes, signature: RecordSignature) -> bool:
    """Whether `signature` is `key`'s signature of a chain's `head`."""
    try:
        key.verify(unb64url(signature.value), signing_input(head))
    except (InvalidSignature, ValueError):
        return False
    return True


def recorded_head(record: GameRecord) -> bytes:
    """The head of the chain the record carries (what its signature covers)."""
    if record.chain is None:
        raise ValueError("an unchained record has no head")
    return bytes.fromhex(record.chain.events[-1] if record.chain.events else record.chain.header)


def check_signature(
    record: GameRecord, keys: Mapping[str, PublicKey] | PublicKey
) -> SignatureCheck:
    """The record's signature checked with the key its `kid` names among `keys`, or with
    the one key given (whatever key the record names: another key's signature is invalid).
    """
    signature = record.signature
    if signature is None:
        return "absent"
    key = keys if isinstance(keys, PublicKey) else keys.get(signature.kid)
    if key is None:
        return "unknown-key"
    return "valid" if check_head(key.key, recorded_head(record), signature) else "invalid"


def verify_signed(
    record: GameRecord, keys: Mapping[str, PublicKey] | PublicKey | None
) -> RecordVerdict:
    """The record's verdict (`domain.bots.audit.verify_record`: the rules, the chain and
    every bot seat's commands, R33) with its signature checked.

    With `keys` None the signature stays `unchecked`.
    """
    verdict = verify_record(record)
    if keys is None or record.signature is None:
        return verdict
    return verdict.signed(check_signature(record, keys))


def keys_by_id(keys: Iterable[PublicKey]) -> dict[str, PublicKey]:
    return {key.kid: key for key in keys}


def read_key_document(data: bytes) -> tuple[PublicKey, ...]:
    """The public keys of a key document (`SigningKeys`), or ValueError naming the fault."""
    try:
        document = msgspec.json.decode(data, type=SigningKeys)
    except msgspec.DecodeError as error:
        raise ValueError(f"not a key document: {error}") from None
    keys = []
    for published in document.keys:
        try:
            public = Ed25519PublicKey.from_public_bytes(unb64url(published.x))
        except ValueError as error:
            raise ValueError(f"key {published.kid}: not an Ed25519 public key: {error}") from None
        if key_id(public) != published.kid:
            raise ValueError(f"key {published.kid}: its kid is not the thumbprint of its x")
        keys.append(PublicKey(public, published.status))
    return tuple(keys)
