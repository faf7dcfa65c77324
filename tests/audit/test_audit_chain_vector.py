"""The record chain and signature test vector (domain.chain, `penang-rummy-chain/1`).

The vector was computed once with domain.chain and service.signing; the same figures are
then recomputed by `Reimplementation`, written from domain.chain's and service.signing's
docstrings alone with hashlib, json and base64 (and the Ed25519 primitive of
`cryptography`, called directly), so the vector does not rest on the code it checks.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain.chain import CHAIN_ALGORITHM, compute_chain, json_bytes, signing_input
from domain.record_proofs import chain_record
from domain.records import load_record, record_header
from service.signing import check_head, key_id, sign_head

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "records"

#: "zoë" is 4 bytes in UTF-8: the header is hashed as UTF-8, not \u-escaped.
HEADER = {"format": "penang-rummy-record/2", "rules_version": "penang-1", "game_id": "zoë/1"}
EVENTS: list[dict[str, Any]] = [
    {
        "type": "Melded",
        "v": 1,
        "seat": 1,
        "meld": 2,
        "kind": "run",
        "cards": ["4D", "JK", "6D"],
        "stands_for": ["4D", "5D", "6D"],
    },
    {"type": "DeclaredGame", "v": 1, "seat": 1},
    {
        "type": "SeedRevealed",
        "v": 1,
        "server_seed": "5ea511029725607b2ca25e9b74d5375c215fd271a1d2ff3fa1560f25297472a2",
    },
]
H0 = "d9780080b98b4ad807fbb6ac8190454996b53d8f90a2d19b45bdca3cb0fb4c43"
H1 = "d54d034be63ee8f35d1b4016d8b618acac1781a9f2f5ec06a104e04ae0cb1d56"
H2 = "36070e1afeb41375267c33bac798fd6221154c58796eba7616259a93b1dd2206"
HEAD = "ed7cf0a819103d96200e6212f138a099564b01c463e38b9a968867edaaf56bde"
#: The Ed25519 key whose 32-byte private seed is 00 01 02 … 1f.
PRIVATE_SEED = bytes(range(32))
X = "A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg"
KID = "1IG2tMH7J2wbJZnOf8LJzQitKf7LMvoAElsuDMVM54Y"
SIGNATURE = "fEaqkw_l-pkDu1mImrghVIpgmYLaiqkhlaNoD9Mkbu4jKJVJSXcmUPmgV2s_wv6wk02-Py_V6ate3MZZ-suxDQ"


class Reimplementation:
    """The recipe as the docstrings state it, and nothing from the project."""

    @staticmethod
    def json_bytes(value: Any) -> bytes:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    def chain(self, header: Any, events: list[Any]) -> list[str]:
        """h0, h1 … hn in hex."""
        hashes = [hashlib.sha256(b"penang-rummy/chain/1\x00" + self.json_bytes(header)).digest()]
        for event in events:
            hashes.append(hashlib.sha256(hashes[-1] + self.json_bytes(event)).digest())
        return [h.hex() for h in hashes]

    @staticmethod
    def b64url(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")

    def thumbprint(self, x: str) -> str:
        canonical = json.dumps({"crv": "Ed25519", "kty": "OKP", "x": x}, separators=(",", ":"))
        return self.b64url(hashlib.sha256(canonical.encode("ascii")).digest())


def test_the_vector_from_domain_chain_and_service_signing() -> None:
    assert CHAIN_ALGORITHM == "penang-rummy-chain/1"
    chain = compute_chain(HEADER, EVENTS)
    assert chain.hex() == (H0, (H1, H2, HEAD))
    key = Ed25519PrivateKey.from_private_bytes(PRIVATE_SEED)
    signature = sign_head(key, chain.head)
    assert (signature.alg, signature.kid, signature.value) == ("EdDSA", KID, SIGNATURE)
    assert check_head(key.public_key(), chain.head, signature)
    assert key_id(key.public_key()) == KID


def test_the_vector_from_the_documented_recipe() -> None:
    again = Reimplementation()
    assert again.chain(HEADER, EVENTS) == [H0, H1, H2, HEAD]
    # Ed25519 signatures are deterministic (RFC 8032): the vector's signature is the one.
    key = Ed25519PrivateKey.from_private_bytes(PRIVATE_SEED)
    message = b"penang-rummy/signature/1\x00" + bytes.fromhex(HEAD)
    assert again.b64url(key.sign(message)) == SIGNATURE
    x = again.b64url(key.public_key().public_bytes_raw())
    assert x == X
    assert again.thumbprint(x) == KID


def test_the_key_id_is_the_rfc_7638_thumbprint_of_rfc_8037s_example_key() -> None:
    # RFC 8037 appendix A.1–A.3: the example key and its thumbprint.
    d = base64.urlsafe_b64decode("nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=")
    key = Ed25519PrivateKey.from_private_bytes(d)
    assert key_id(key.public_key()) == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda path: path.stem)
def test_every_golden_record_chains_alike_in_the_reimplementation(path: Path) -> None:
    chained = chain_record(load_record(path.read_bytes()))
    assert chained.chain is not None
    document = json.loads(path.read_bytes())
    header = record_header(chained)
    ours = [chained.chain.header, *chained.chain.events]
    assert ours == Reimplementation().chain(header, document["events"])
    assert all(json_bytes(e) == Reimplementation.json_bytes(e) for e in document["events"])


def test_the_signing_input_is_the_label_and_the_32_byte_head() -> None:
    head = bytes.fromhex(HEAD)
    assert signing_input(head) == b"penang-rummy/signature/1\x00" + head
    with pytest.raises(ValueError, match="32-byte"):
        signing_input(HEAD.encode("ascii"))
