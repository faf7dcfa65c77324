"""Checking a recorded deal: the deck that deals it (P1–P4) and its fair-deal proof (P6).

A `Dealt` event records sorted hands and the undealt cards in deck order. Dealing is
one card at a time from the top, starting left of the dealer (P4), so the deck that
dealt it can be rebuilt (each hand's cards in any order deal the same sorted hand)
and the deal run again through the rules.

When the deal names a proof (`domain.fair`), the revealed server seed must hash to the
commitment, and the deck shuffled from the seeds must deal exactly the recorded dealer,
hands and undealt cards, in order. Hex is lowercase throughout; a server seed is 32
bytes.
"""

from __future__ import annotations

from domain import fair
from domain.cards import Card, parse_cards, sort_cards, texts
from domain.deal import deal
from domain.errors import RuleViolation
from domain.events import DealProof, Dealt

SEED_BYTES = 32
_HEX = frozenset("0123456789abcdef")


class DealMismatch(RuleViolation):
    """A recorded deal that the rules, or its seeds, do not deal (P3, P4, P6)."""

    code = "deal-mismatch"
    default_rule = "P4"


class MalformedProof(RuleViolation):
    """A deal proof or revealed seed this verifier cannot read (P6)."""

    code = "malformed-proof"
    default_rule = "P6"


class SeedMismatch(RuleViolation):
    """The revealed server seed is not the one the deal committed to (P6)."""

    code = "seed-mismatch"
    default_rule = "P6"


def deck_dealing(dealt: Dealt) -> list[Card]:
    """The deck (top card first) that deals `dealt`'s hands, then its undealt cards."""
    seats = len(dealt.players)
    dealt.rules.validate(seats)
    size = dealt.rules.hand_size_for(seats)
    if len(dealt.hands) != seats:
        raise DealMismatch(f"{len(dealt.hands)} hands for {seats} seats", "P3")
    for seat, hand in enumerate(dealt.hands):
        if len(hand) != size:
            raise DealMismatch(f"seat {seat} holds {len(hand)} cards, not {size}", "P3")
    if not 0 <= dealt.dealer < seats:
        raise DealMismatch(f"there is no seat {dealt.dealer} to deal")
    hands = [parse_cards(hand) for hand in dealt.hands]
    deck = [hands[(dealt.dealer + 1 + i) % seats][i // seats] for i in range(seats * size)]
    return deck + list(parse_cards(dealt.undealt))


def check_proof(proof: DealProof) -> None:
    """A proof this verifier can check: a known algorithm and a SHA-256 in hex."""
    check_commitment(proof.algorithm, proof.server_seed_sha256)


def check_commitment(algorithm: str, commitment: str) -> None:
    """A commitment (a deal's or a match's) this verifier can check."""
    if algorithm != fair.ALGORITHM:
        raise MalformedProof(
            f"the deal names algorithm {algorithm!r}; this verifier knows {fair.ALGORITHM!r}"
        )
    if len(commitment) != 64 or not set(commitment) <= _HEX:
        raise MalformedProof("the commitment is not a SHA-256 in lowercase hex")


def parse_seed(text: str) -> bytes:
    """The revealed server seed: 32 bytes in lowercase hex."""
    if len(text) != 2 * SEED_BYTES or not set(text) <= _HEX:
        raise MalformedProof(f"the revealed seed is not {SEED_BYTES} bytes in lowercase hex")
    return bytes.fromhex(text)


def check_seed(proof: DealProof, seed: bytes) -> None:
    """The seed hashes to the commitment published in `Dealt`."""
    if fair.commitment(seed) != proof.server_seed_sha256:
        raise SeedMismatch(
            f"SHA-256 of the revealed seed is {fair.commitment(seed)}, "
            f"but the deal committed to {proof.server_seed_sha256}"
        )


def check_fair_deal(dealt: Dealt, proof: DealProof, seed: bytes) -> None:
    """The deck shuffled from the seeds deals exactly what `dealt` records (P4, P6)."""
    seats = len(dealt.players)
    rules = dealt.rules
    deck, drawn, _ = fair.fair_deal(rules, seats, seed, proof.seat_seeds)
    dealer = drawn if proof.dealer_drawn else dealt.dealer
    if dealer != dealt.dealer:
        raise DealMismatch(
            f"the seeds choose seat {dealer} to deal; the record says seat {dealt.dealer}", "P6"
        )
    hands, undealt = deal(deck, seats, dealer, rules.hand_size_for(seats))
    for seat, hand in enumerate(hands):
        if texts(sort_cards(hand)) != dealt.hands[seat]:
            raise DealMismatch(f"the seeds deal seat {seat} another hand than the record's")
    if texts(undealt) != dealt.undealt:
        raise DealMismatch("the seeds leave other undealt cards than the record's")
