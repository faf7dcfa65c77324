"""The public keys that sign the service's game records, at a well-known path."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from service.api.http import problems
from service.signing import KeyRing, SigningKeys

KEYS_PATH = "/.well-known/penang-rummy-keys.json"


@get(
    KEYS_PATH,
    operation_id="getSigningKeys",
    summary="The public keys that sign game records (a JWK set with each key's status).",
    description=(
        "A JWK set (RFC 7517): each key an Ed25519 public key (`kty` `OKP`, `crv` "
        "`Ed25519`, `alg` `EdDSA`, the key in `x`, base64url), its id `kid` (the RFC 7638 "
        "thumbprint a record's `signature.kid` names) and its `status`: `current` signs "
        "the records exported now; `retired` keys signed older records and are still "
        "published so that those verify. Save it and give it to `penang-rummy verify "
        "RECORD --keys FILE` to check a record offline."
    ),
    responses=problems(),
)
async def signing_keys(keyring: NamedDependency[KeyRing]) -> SigningKeys:
    return keyring.document()
