"""Provably fair deals: the deck order as a documented function of seeds (P4, P6).

Algorithm `hmac-sha256-fisher-yates/1`:

1. Inputs: the server seed (32 secret bytes, committed to by its SHA-256 before the
   deal and revealed when the game ends) and the seats' seeds (UTF-8 strings, possibly
   none), in seat order.
2. key = HMAC-SHA256(server_seed, "penang-rummy/deal/1" || for each seat seed: its
   UTF-8 byte length as 4 big-endian bytes, then its bytes).
3. A stream of 64-bit numbers: block k (k = 0, 1, 2, …) is
   HMAC-SHA256(key, label || k as 8 big-endian bytes), read as four 8-byte big-endian
   numbers in order; `label` is `b"shuffle"` for the deck and `b"dealer"` for the dealer.
4. uniform(n): draw numbers x from the stream until x < 2^64 - (2^64 mod n), then x mod n
   (rejection sampling: no modulo bias).
5. The deck starts in canonical order (`domain.cards.build_deck`: the packs, each
   S H D C by rank A..K, then the jokers). Fisher–Yates from the end: for i from
   len-1 down to 1, j = uniform(i + 1), swap positions i and j. Position 0 is the top card.
6. The first dealer (P6) is uniform(seats) on the `dealer` stream.
7. A stock rebuilt from the discard pile (basic Rummy's B11, Three Thirteen's T10) takes
   its order from the same seeds: the n-th rebuild of a game (n = 1, 2, …) is a stream
   whose `label` is `b"rebuild"` followed by n as 4 big-endian bytes; the cards (the
   pile less its top card) start in canonical order (`domain.cards.sort_cards`: S H D C,
   rank A..K, jokers last), then Fisher–Yates as in 5. Position 0 is the new top card.
   The server seed stays secret until the game ends, so nobody can foresee a rebuild,
   and the verifier recomputes each one once the seed is revealed (R20).

`fair_deal_of` is the whole recipe, from seeds to deck, dealer and proof, for any game's
deck (its `Game.deck`: Penang's packs and jokers, P1 and P2; basic Rummy's one pack;
Three Thirteen's packs): the service deals with it and the verifiers
(`domain.penang.proof`, `domain.drawgame.audit`) recompute a deal with it, so the two
cannot drift apart. docs/auditors.md gives a test vector; tests/audit/test_audit_fair_vector.py
checks it against an independent implementation, as tests/audit/test_audit_rebuild_vector.py
checks the rebuilds.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from domain.cards import Card, sort_cards
from domain.events import DealProof

ALGORITHM = "hmac-sha256-fisher-yates/1"
_DOMAIN = b"penang-rummy/deal/1"
_TOP = 1 << 64


def commitment(server_seed: bytes) -> str:
    """The SHA-256 of the server seed, in hex: published in `Dealt` before play."""
    return hashlib.sha256(server_seed).hexdigest()


def deal_key(server_seed: bytes, seat_seeds: Sequence[str]) -> bytes:
    message = bytearray(_DOMAIN)
    for seed in seat_seeds:
        data = seed.encode("utf-8")
        message += len(data).to_bytes(4, "big") + data
    return hmac.new(server_seed, bytes(message), hashlib.sha256).digest()


def _numbers(key: bytes, label: bytes) -> Iterator[int]:
    counter = 0
    while True:
        block = hmac.new(key, label + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        counter += 1


def _uniform(numbers: Iterator[int], below: int) -> int:
    limit = _TOP - (_TOP % below)
    for number in numbers:
        if number < limit:
            return number % below
    raise AssertionError("the stream is endless")


def _fisher_yates(cards: Sequence[Card], numbers: Iterator[int]) -> list[Card]:
    shuffled = list(cards)
    for i in range(len(shuffled) - 1, 0, -1):
        j = _uniform(numbers, i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def shuffle(deck: Sequence[Card], server_seed: bytes, seat_seeds: Sequence[str]) -> list[Card]:
    """`deck` (canonical order) shuffled by the seeds; index 0 is the top card."""
    return _fisher_yates(deck, _numbers(deal_key(server_seed, seat_seeds), b"shuffle"))


def rebuild_order(
    cards: Sequence[Card], number: int, server_seed: bytes, seat_seeds: Sequence[str]
) -> list[Card]:
    """The stock rebuilt for the `number`-th time (from 1) from `cards` (B11, T10): step 7
    of the algorithm. The order `cards` come in does not matter; index 0 is the top card."""
    if number < 1:
        raise ValueError(f"rebuilds are numbered from 1, not {number}")
    label = b"rebuild" + number.to_bytes(4, "big")
    return _fisher_yates(sort_cards(cards), _numbers(deal_key(server_seed, seat_seeds), label))


def first_dealer(server_seed: bytes, seat_seeds: Sequence[str], seats: int) -> int:
    """The dealer of a game dealt from these seeds (P6: chosen at random)."""
    if seats < 1:
        raise ValueError(f"a table has at least one seat, not {seats}")
    return _uniform(_numbers(deal_key(server_seed, seat_seeds), b"dealer"), seats)


class FairDeal(NamedTuple):
    """A deal drawn from seeds: the deck (top card first), its first dealer, its proof."""

    deck: list[Card]
    dealer: int
    proof: DealProof


def fair_deal_of(
    deck: Sequence[Card], seats: int, server_seed: bytes, seat_seeds: Sequence[str]
) -> FairDeal:
    """`deck` (canonical order: any game's packs) shuffled by the seeds, the dealer they
    draw (P6), and the proof the deal publishes."""
    proof = DealProof(
        algorithm=ALGORITHM,
        server_seed_sha256=commitment(server_seed),
        seat_seeds=tuple(seat_seeds),
    )
    shuffled = shuffle(deck, server_seed, seat_seeds)
    return FairDeal(shuffled, first_dealer(server_seed, seat_seeds, seats), proof)


_MATCH_GAME = b"penang-rummy/match-game/1"


def game_seed(match_seed: bytes, number: int) -> bytes:
    """The server seed of game `number` (from 1) of a match dealt from `match_seed`.

    HMAC-SHA256(match_seed, "penang-rummy/match-game/1" || number as 4 big-endian bytes).
    Each game commits to and reveals its own seed; the match seed, revealed when the
    match ends, shows that every game's seed came from the one committed to at the start.
    """
    message = _MATCH_GAME + number.to_bytes(4, "big")
    return hmac.new(match_seed, message, hashlib.sha256).digest()


_BOT_DOMAIN = b"penang-rummy/bot/1"


def bot_seed(server_seed: bytes | None, seat: int, version: int) -> str:
    """The seed of a bot seat's command at a version of its game (R33): the hex of
    HMAC-SHA256(server seed, "penang-rummy/bot/1" || seat as 4 big-endian bytes ||
    version as 8 big-endian bytes). The server seed is secret until the game ends, so
    nobody can foresee a bot's choice, and a verifier recomputes every one once it is
    revealed. A game dealt from an explicit deck (no seed) keys it with no bytes."""
    message = _BOT_DOMAIN + seat.to_bytes(4, "big") + version.to_bytes(8, "big")
    return hmac.new(server_seed or b"", message, hashlib.sha256).hexdigest()
