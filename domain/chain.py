"""The hash chain of a record: every event's hash covers the one before it.

A rules replay proves that a record is a legal game dealt from its seeds, not that it is
the game that was recorded: a lay-off moved onto another set of the same rank is still
legal. The chain ties each event to everything before it, so that a signature over its
last hash (the head) vouches for the header and for every event, in order.

Algorithm `penang-rummy-chain/1`, over a header (a JSON object) and a list of events
(each a JSON object in its stored form, `domain.codec`):

1. The bytes of a JSON value are its compact encoding as `domain.codec` writes it
   (`msgspec.json.encode`): UTF-8, no whitespace, an object's keys in the order they
   stand in the object, strings with only `"`, `\\` and the control characters U+0000 to
   U+001F escaped (as `\\b \\t \\n \\f \\r`, the others as `\\u00XX`), every other character
   as itself. It is Python's `json.dumps(value, ensure_ascii=False,
   separators=(",", ":"))`, encoded in UTF-8.
2. h0 = SHA-256(`"penang-rummy/chain/1"` ‖ 0x00 ‖ the header's bytes).
3. For the events in order, i = 1 … n: hᵢ = SHA-256(hᵢ₋₁ ‖ the i-th event's bytes), where
   hᵢ₋₁ is the 32-byte digest (not its hex).
4. The head is hₙ (h0 when there are no events).
5. What a key signs is `"penang-rummy/signature/1"` ‖ 0x00 ‖ the head (32 bytes). The
   head covers the header through h0, and every event through the chain.

A record writes h0 and h1 … hₙ in lowercase hex. A verifier recomputes them from the
header and the events exactly as they stand in the record (not re-encoded through the
codec's event types, so an event stored at an older schema version hashes as it was
signed), and the first hash that differs names the first altered event.

Nothing here is particular to a game: a header and a list of encoded events are chained
the same way whatever they record (one game, or a match of several).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

import msgspec

CHAIN_ALGORITHM: Final = "penang-rummy-chain/1"
CHAIN_LABEL: Final = b"penang-rummy/chain/1\x00"
SIGNATURE_LABEL: Final = b"penang-rummy/signature/1\x00"


Hash = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$", description="SHA-256, lowercase hex")]


class RecordChain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A chain as a record writes it: h0, then one hash per event (lowercase hex)."""

    header: Hash
    events: Annotated[tuple[Hash, ...], msgspec.Meta(max_length=5000)]


class RecordSignature(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An Ed25519 signature over a chain's head (`signing_input`), as a record writes it.

    Making and checking it takes a cryptography library: the service does (its signing
    module); the domain only carries it.
    """

    alg: Literal["EdDSA"]
    #: The signing key's id: its JWK thumbprint (RFC 7638), as the key document lists it.
    kid: Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{1,128}$")]
    #: The 64-byte signature, base64url without padding.
    value: Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{86}$")]


def json_bytes(value: Any) -> bytes:
    """The bytes of a JSON value as the chain hashes it (rule 1 above)."""
    return msgspec.json.encode(value)


@dataclass(frozen=True, slots=True)
class Chain:
    """A header's hash h0, then one hash per event (h1 … hn): 32-byte digests."""

    start: bytes
    links: tuple[bytes, ...]

    @property
    def head(self) -> bytes:
        """The last hash: what a signature covers."""
        return self.links[-1] if self.links else self.start

    def hex(self) -> tuple[str, tuple[str, ...]]:
        """h0 and h1 … hn in lowercase hex, as a record writes them."""
        return self.start.hex(), tuple(link.hex() for link in self.links)


def compute_chain(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> Chain:
    """The chain of `header` and `events` (the module docstring, steps 1–4)."""
    start = hashlib.sha256(CHAIN_LABEL + json_bytes(header)).digest()
    links = []
    previous = start
    for event in events:
        previous = hashlib.sha256(previous + json_bytes(event)).digest()
        links.append(previous)
    return Chain(start, tuple(links))


def signing_input(head: bytes) -> bytes:
    """What a key signs for a chain of this head (step 5)."""
    if len(head) != hashlib.sha256().digest_size:
        raise ValueError("a chain's head is a 32-byte SHA-256 digest")
    return SIGNATURE_LABEL + head


BreakKind = Literal["header", "altered", "added", "removed"]


@dataclass(frozen=True, slots=True)
class ChainBreak:
    """Where a recorded chain and the one recomputed from the record first differ.

    `header`: h0 differs (the header was altered); `altered`: event `event`'s hash
    differs, so it (or the chain's entry for it) was altered, and every event after it
    depends on it; `added`: the events from `event` on have no hash in the chain;
    `removed`: the chain has hashes for events after the last one (`event` = n).
    """

    kind: BreakKind
    event: int | None


def first_break(
    computed: Chain, recorded_start: str, recorded_links: Sequence[str]
) -> ChainBreak | None:
    """Compare a recomputed chain with the hex hashes a record carries; None if they agree."""
    start, links = computed.hex()
    if start != recorded_start:
        return ChainBreak("header", None)
    for index, (ours, theirs) in enumerate(zip(links, recorded_links, strict=False)):
        if ours != theirs:
            return ChainBreak("altered", index)
    if len(recorded_links) < len(links):
        return ChainBreak("added", len(recorded_links))
    if len(recorded_links) > len(links):
        return ChainBreak("removed", len(links))
    return None
