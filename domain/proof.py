"""Checking a deal's fair-deal proof (P6, R20): the commitment and the revealed seed.

When a deal names a proof (`domain.fair`), a verifier can check it: the algorithm must be
one it knows and the commitment a SHA-256 in lowercase hex; once the game is over, the
revealed server seed (32 bytes, in lowercase hex) must hash to the commitment. With the
seed revealed, each game's replay shuffles the deck from the seeds again and checks that
it deals exactly what the record holds (`domain.penang.proof` for Penang's `Dealt`,
`domain.drawgame.audit` for a draw game's `HandDealt`), refusing a deal the seeds do
not deal with `DealMismatch`.
"""

from __future__ import annotations

from domain import fair
from domain.errors import RuleViolation
from domain.events import DealProof
from domain.rule_ids import RuleId

SEED_BYTES = 32
_HEX = frozenset("0123456789abcdef")


class DealMismatch(RuleViolation):
    """A recorded deal that the rules, or its seeds, do not deal (P3, P4, P6)."""

    code = "deal-mismatch"


class MalformedProof(RuleViolation):
    """A deal proof or revealed seed this verifier cannot read (P6)."""

    code = "malformed-proof"


class SeedMismatch(RuleViolation):
    """The revealed server seed is not the one the deal committed to (P6)."""

    code = "seed-mismatch"


def check_proof(proof: DealProof, rule: RuleId) -> None:
    """A proof this verifier can check: a known algorithm and a SHA-256 in hex. `rule` is
    the game's rule of the fair deal, which a refusal names (Penang's P6)."""
    check_commitment(proof.algorithm, proof.server_seed_sha256, rule)


def check_commitment(algorithm: str, commitment: str, rule: RuleId) -> None:
    """A commitment (a deal's or a match's) this verifier can check."""
    if algorithm != fair.ALGORITHM:
        raise MalformedProof(
            f"the deal names algorithm {algorithm!r}; this verifier knows {fair.ALGORITHM!r}",
            rule,
        )
    if len(commitment) != 64 or not set(commitment) <= _HEX:
        raise MalformedProof("the commitment is not a SHA-256 in lowercase hex", rule)


def parse_seed(text: str, rule: RuleId) -> bytes:
    """The revealed server seed: 32 bytes in lowercase hex."""
    if len(text) != 2 * SEED_BYTES or not set(text) <= _HEX:
        raise MalformedProof(f"the revealed seed is not {SEED_BYTES} bytes in lowercase hex", rule)
    return bytes.fromhex(text)


def check_seed(proof: DealProof, seed: bytes, rule: RuleId) -> None:
    """The seed hashes to the commitment the deal published."""
    if fair.commitment(seed) != proof.server_seed_sha256:
        raise SeedMismatch(
            f"SHA-256 of the revealed seed is {fair.commitment(seed)}, "
            f"but the deal committed to {proof.server_seed_sha256}",
            rule,
        )
