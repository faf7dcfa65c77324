"""The rebuild test vector (domain.fair, rule 7 of `hmac-sha256-fisher-yates/1`; R20).

A stock rebuilt from the discard pile takes its order from the seeds the deal committed
to, its own stream for each rebuild. The figures were computed once with domain.fair;
`Reimplementation` recomputes them from domain.fair's docstring alone, with hashlib and
hmac, so the vector does not rest on the code it checks.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from domain import fair
from domain.cards import parse_cards

SERVER_SEED = bytes(range(32))  # 000102…1f
SEAT_SEEDS = ("ana", "ben")
#: The discard pile less its top card, in the order it lay (the order does not matter).
PILE = "9C 8S KD 2C 3H AS 10D 7H QC 4D"
REBUILDS = {1: "2C AS 9C 3H 10D 8S KD 7H QC 4D", 2: "9C QC 4D 7H AS 2C 10D 8S KD 3H"}
#: The first rebuild with no seat seeds.
REBUILD_UNSEEDED = "4D AS 3H 2C KD 10D 7H QC 9C 8S"


class Reimplementation:
    """Rule 7 as the docstring states it, and nothing from the project."""

    RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

    def __init__(self, server_seed: bytes, seat_seeds: tuple[str, ...]) -> None:
        message = b"penang-rummy/deal/1"
        for seed in seat_seeds:
            data = seed.encode("utf-8")
            message += len(data).to_bytes(4, "big") + data
        self.key = hmac.new(server_seed, message, hashlib.sha256).digest()

    def numbers(self, label: bytes) -> list[int]:
        out = []
        for k in range(16):
            block = hmac.new(self.key, label + k.to_bytes(8, "big"), hashlib.sha256).digest()
            out += [int.from_bytes(block[i : i + 8], "big") for i in (0, 8, 16, 24)]
        return out

    def rebuild(self, cards: list[str], number: int) -> list[str]:
        order = [rank + suit for suit in "SHDC" for rank in self.RANKS]
        deck = sorted(cards, key=order.index)  # canonical order: S H D C, A..K
        stream = self.numbers(b"rebuild" + number.to_bytes(4, "big"))
        for i in range(len(deck) - 1, 0, -1):
            limit = 2**64 - (2**64 % (i + 1))
            while (x := stream.pop(0)) >= limit:
                pass
            j = x % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck


@pytest.mark.parametrize(("number", "expected"), sorted(REBUILDS.items()))
def test_the_vector_from_domain_fair(number: int, expected: str) -> None:
    order = fair.rebuild_order(parse_cards(PILE), number, SERVER_SEED, SEAT_SEEDS)
    assert " ".join(card.text for card in order) == expected


@pytest.mark.parametrize(("number", "expected"), sorted(REBUILDS.items()))
def test_the_vector_from_the_documented_algorithm(number: int, expected: str) -> None:
    again = Reimplementation(SERVER_SEED, SEAT_SEEDS)
    assert " ".join(again.rebuild(PILE.split(), number)) == expected


def test_the_order_the_pile_lay_in_does_not_matter() -> None:
    shuffled = parse_cards(" ".join(reversed(PILE.split())))
    order = fair.rebuild_order(shuffled, 1, SERVER_SEED, ())
    assert " ".join(card.text for card in order) == REBUILD_UNSEEDED
    assert " ".join(Reimplementation(SERVER_SEED, ()).rebuild(PILE.split(), 1)) == REBUILD_UNSEEDED


@pytest.mark.parametrize("size", [2, 13, 31, 60])
def test_whole_piles_agree_with_the_reimplementation(size: int) -> None:
    pack = [rank + suit for suit in "SHDC" for rank in Reimplementation.RANKS]
    pile = (pack * 2)[:size]
    seed = hashlib.sha256(str(size).encode()).digest()
    for number in (1, 3):
        ours = fair.rebuild_order(parse_cards(pile), number, seed, ("x",))
        assert [card.text for card in ours] == Reimplementation(seed, ("x",)).rebuild(pile, number)


def test_rebuilds_are_numbered_from_one() -> None:
    with pytest.raises(ValueError, match="from 1"):
        fair.rebuild_order(parse_cards(PILE), 0, SERVER_SEED, ())
