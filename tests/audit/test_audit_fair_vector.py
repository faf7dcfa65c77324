"""The fair-deal test vector (domain.fair, algorithm `hmac-sha256-fisher-yates/1`).

The vector was computed once with domain.fair; the same figures are then recomputed by
`Reimplementation`, written from domain.fair's docstring alone with hashlib and hmac,
so the vector does not rest on the code it checks.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from domain import fair
from domain.cards import build_deck
from domain.events import DealProof
from domain.rules import Rules

SERVER_SEED = bytes(range(32))  # 000102…1f
SEAT_SEEDS = ("ana", "ben", "zoë", "dev")  # "zoë" is 4 bytes in UTF-8: lengths are bytes
COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
KEY = "447d5eedd9c08c124929b8ac20a63d8fa10259fcc130e3bb17f4a7067806e292"
FIRST_TEN = "2C 6C JH 5H JC 10S 6D QC JD 9D"  # two packs and 6 jokers, top card first
DEALER = 1  # of 4 seats
#: With no seat seeds at all.
FIRST_TEN_UNSEEDED = "5H 2S AS 4D 5H 6C KS QS KH 7D"
DEALER_UNSEEDED = 2


class Reimplementation:
    """The algorithm as its docstring states it, and nothing from the project."""

    def __init__(self, server_seed: bytes, seat_seeds: tuple[str, ...]) -> None:
        message = b"penang-rummy/deal/1"
        for seed in seat_seeds:
            data = seed.encode("utf-8")
            message += len(data).to_bytes(4, "big") + data
        self.key = hmac.new(server_seed, message, hashlib.sha256).digest()

    def numbers(self, label: bytes) -> list[int]:
        """Enough of the stream for a 112-card shuffle (rejections are rare)."""
        out = []
        for k in range(64):
            block = hmac.new(self.key, label + k.to_bytes(8, "big"), hashlib.sha256).digest()
            out += [int.from_bytes(block[i : i + 8], "big") for i in (0, 8, 16, 24)]
        return out

    @staticmethod
    def uniform(stream: list[int], n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while True:
            x = stream.pop(0)
            if x < limit:
                return x % n

    def shuffle(self, packs: int, jokers: int) -> list[str]:
        ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        pack = [rank + suit for suit in "SHDC" for rank in ranks]
        deck = pack * packs + ["JK"] * jokers
        stream = self.numbers(b"shuffle")
        for i in range(len(deck) - 1, 0, -1):
            j = self.uniform(stream, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def dealer(self, seats: int) -> int:
        return self.uniform(self.numbers(b"dealer"), seats)


def test_the_vector_from_domain_fair() -> None:
    assert fair.ALGORITHM == "hmac-sha256-fisher-yates/1"
    assert fair.commitment(SERVER_SEED) == COMMITMENT
    assert fair.deal_key(SERVER_SEED, SEAT_SEEDS).hex() == KEY
    deck = fair.shuffle(build_deck(2, 6), SERVER_SEED, SEAT_SEEDS)
    assert " ".join(card.text for card in deck[:10]) == FIRST_TEN
    assert fair.first_dealer(SERVER_SEED, SEAT_SEEDS, 4) == DEALER
    unseeded = fair.shuffle(build_deck(2, 6), SERVER_SEED, ())
    assert " ".join(card.text for card in unseeded[:10]) == FIRST_TEN_UNSEEDED
    assert fair.first_dealer(SERVER_SEED, (), 4) == DEALER_UNSEEDED


def test_the_fair_deal_is_the_vector_with_its_proof() -> None:
    # The recipe the service deals with and the verifier recomputes: deck, dealer, proof.
    deck, dealer, proof = fair.fair_deal(Rules(), 4, SERVER_SEED, SEAT_SEEDS)
    assert " ".join(card.text for card in deck[:10]) == FIRST_TEN
    assert len(deck) == 110
    assert dealer == DEALER
    assert proof == DealProof(
        algorithm="hmac-sha256-fisher-yates/1", server_seed_sha256=COMMITMENT, seat_seeds=SEAT_SEEDS
    )
    deck, dealer, _ = fair.fair_deal(Rules(jokers=8, packs=3), 5, SERVER_SEED, ())
    assert len(deck) == 164
    assert deck == fair.shuffle(build_deck(3, 8), SERVER_SEED, ())
    assert dealer == Reimplementation(SERVER_SEED, ()).dealer(5)


def test_the_vector_from_the_documented_algorithm() -> None:
    assert hashlib.sha256(SERVER_SEED).hexdigest() == COMMITMENT
    again = Reimplementation(SERVER_SEED, SEAT_SEEDS)
    assert again.key.hex() == KEY
    assert " ".join(again.shuffle(2, 6)[:10]) == FIRST_TEN
    assert again.dealer(4) == DEALER
    unseeded = Reimplementation(SERVER_SEED, ())
    assert " ".join(unseeded.shuffle(2, 6)[:10]) == FIRST_TEN_UNSEEDED
    assert unseeded.dealer(4) == DEALER_UNSEEDED


@pytest.mark.parametrize(
    ("packs", "jokers", "seats", "seat_seeds"),
    [(2, 6, 4, SEAT_SEEDS), (2, 8, 2, ("x", "")), (3, 6, 5, ()), (3, 8, 3, ("ü", "b", "c"))],
)
def test_whole_decks_agree_with_the_reimplementation(
    packs: int, jokers: int, seats: int, seat_seeds: tuple[str, ...]
) -> None:
    seed = hashlib.sha256(repr((packs, jokers, seat_seeds)).encode()).digest()
    ours = [card.text for card in fair.shuffle(build_deck(packs, jokers), seed, seat_seeds)]
    again = Reimplementation(seed, seat_seeds)
    assert ours == again.shuffle(packs, jokers)
    assert fair.first_dealer(seed, seat_seeds, seats) == again.dealer(seats)
