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
from domain.penang.rules import PenangRules

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
    deck, dealer, proof = fair.fair_deal_of(PenangRules().deck_for(4), 4, SERVER_SEED, SEAT_SEEDS)
    assert " ".join(card.text for card in deck[:10]) == FIRST_TEN
    assert len(deck) == 110
    assert dealer == DEALER
    assert proof == DealProof(
        algorithm="hmac-sha256-fisher-yates/1", server_seed_sha256=COMMITMENT, seat_seeds=SEAT_SEEDS
    )
    deck, dealer, _ = fair.fair_deal_of(
        PenangRules(jokers=8, packs=3).deck_for(5), 5, SERVER_SEED, ()
    )
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


# --- a match: one committed seed, a seed per game (R18) ----------------------------------

#: The match seed is SERVER_SEED; its seats' seeds are SEAT_SEEDS. Game n's seed is
#: HMAC-SHA256(match seed, "penang-rummy/match-game/1" || n as 4 big-endian bytes).
GAME_SEEDS = {
    1: "32b975433a1c6e5b9afe10cf43434c35566ad09db4c0a1b0649c913a8a1bc3a3",
    2: "c6dad66993778f932542b5ee28095277e48ec7ac17ac00b03e8ac3ea6013b45d",
}
GAME_FIRST_TEN = {1: "8D 7D 4H 6D JK 3D 2D JK AD 2D", 2: "AH 8C KH 6S 7H JK 7S 7C 2H KD"}


def test_the_match_vector_from_domain_fair() -> None:
    # The match's first dealer is the deal's recipe on the match seed (P6).
    assert fair.first_dealer(SERVER_SEED, SEAT_SEEDS, 4) == DEALER
    for number, expected in GAME_SEEDS.items():
        seed = fair.game_seed(SERVER_SEED, number)
        assert seed.hex() == expected
        deck = fair.shuffle(build_deck(2, 6), seed, SEAT_SEEDS)
        assert " ".join(card.text for card in deck[:10]) == GAME_FIRST_TEN[number]


def test_the_match_vector_from_the_documented_derivation() -> None:
    for number, expected in GAME_SEEDS.items():
        message = b"penang-rummy/match-game/1" + number.to_bytes(4, "big")
        seed = hmac.new(SERVER_SEED, message, hashlib.sha256).digest()
        assert seed.hex() == expected
        again = Reimplementation(seed, SEAT_SEEDS)
        assert " ".join(again.shuffle(2, 6)[:10]) == GAME_FIRST_TEN[number]
