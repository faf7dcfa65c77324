"""Benchmark: legal moves in the worst case the spec names, and with many joker swaps.

A 25-card hand holding 6 jokers, against a table of 40 melds (runs open at both ends,
and sets), for a seat that has its passport. Prints the median and 95th percentile
microseconds per call of `domain.penang.moves.legal_moves` and
`domain.penang.dead_check.has_legal_move`, two baselines measured in the same run (building
`HandIndex` for the hand, and folding one `LaidOff` event) with the ratios against them,
and how many melds, lay-offs, swaps and whole turns the list holds.

A second position weighs the swap turns (each listed swap's follow-up move is looked
up on its own): 8 sets on the table each hold a joker that the 25-card hand, holding no
joker, can replace in 16 ways, under D5's option that keeps a swapped joker for the next
turn. The target is legal_moves under 1 ms (median) in both; nothing here asserts a time.

Run: python tests/bench/bench_legal_moves.py
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.cards import Card, build_deck, format_cards  # noqa: E402
from domain.events import LaidOff  # noqa: E402
from domain.melds import TableMeld  # noqa: E402
from domain.penang.dead_check import HandIndex, has_legal_move  # noqa: E402
from domain.penang.fold import evolve  # noqa: E402
from domain.penang.moves import legal_moves  # noqa: E402
from domain.penang.rules import RULES_VERSION, PenangRules  # noqa: E402
from domain.penang.state import PenangState  # noqa: E402

SEED = 20_240_601
HAND_SIZE = 25
HAND_JOKERS = 6
RUNS = 24
SETS = 16
TARGET_US = 1000.0
SUITS = "SHDC"


def _take(pool: Counter[Card], card: Card) -> bool:
    if pool[card] <= 0:
        return False
    pool[card] -= 1
    return True


def build_position() -> PenangState:
    """The worst case, drawn from one real deck: three packs and 8 jokers (5 players)."""
    rng = random.Random(SEED)
    rules = PenangRules(jokers=8, packs=3, cards_per_player=HAND_SIZE)
    pool = Counter(build_deck(3, rules.jokers))
    joker = Card("JK")
    hand = [joker] * HAND_JOKERS
    pool[joker] -= HAND_JOKERS
    table: list[TableMeld] = []
    while len(table) < RUNS:
        # 3-card runs from 3..Q leave both ends open (P20).
        suit, low = rng.choice(SUITS), rng.randint(3, 10)
        cards = [Card.natural(position, suit) for position in range(low, low + 3)]
        swap_card = cards[1]
        if len(table) < 2:
            cards[1] = joker  # the table's two jokers: the hand holds what they stand for
        if all(_take(pool, card) for card in cards):
            table.append(TableMeld(len(table), len(table) % 5, "run", tuple(cards), suit, low))
            if len(table) <= 2 and _take(pool, swap_card):
                hand.append(swap_card)
    while len(table) < RUNS + SETS:
        rank = rng.randint(1, 13)
        cards = [Card.natural(rank, suit) for suit in rng.sample(SUITS, 3)]
        if all(_take(pool, card) for card in cards):
            table.append(TableMeld(len(table), len(table) % 5, "set", tuple(cards), "", rank))
    # The rest of the hand: cards that extend table melds, a natural run, then chance.
    wanted = [Card.natural(meld.low - 1, meld.suit) for meld in table[2:8]]
    wanted += [Card.natural(meld.low, rng.choice(SUITS)) for meld in table[RUNS : RUNS + 5]]
    wanted += [Card.natural(position, "H") for position in range(5, 9)]
    for card in wanted:
        if len(hand) < HAND_SIZE and _take(pool, card):
            hand.append(card)
    while len(hand) < HAND_SIZE:
        card = Card.natural(rng.randint(1, 13), rng.choice(SUITS))
        if _take(pool, card):
            hand.append(card)
    players = tuple(f"seat{i}" for i in range(5))
    return PenangState(
        rules=rules,
        rules_version=RULES_VERSION,
        players=players,
        dealer=4,
        hands=(tuple(sorted(hand)),) + ((),) * 4,
        undealt=(),
        table=tuple(table),
        passport=(True,) * 5,
        dead=(False,) * 5,
        turn=0,
    )


def build_swap_position() -> PenangState:
    """16 swaps open (8 set jokers, two naturals of each set's rank in hand), 40 melds.

    The rest of the table, 24 runs and up to 8 sets, is drawn from what the deck has left.
    """
    rng = random.Random(SEED)
    rules = PenangRules(
        jokers=8, packs=3, cards_per_player=HAND_SIZE, swapped_joker_same_turn=False
    )
    pool = Counter(build_deck(3, rules.jokers))
    joker = Card("JK")
    hand = [Card.natural(rank, suit) for rank in range(2, 10) for suit in "DC"]
    hand += [Card(text) for text in ["10S", "QH", "AS", "KD", "JC", "AH", "10H", "QS", "KC"]]
    table: list[TableMeld] = []
    for rank in range(2, 10):
        cards = (Card.natural(rank, "S"), Card.natural(rank, "H"), joker)
        table.append(TableMeld(len(table), len(table) % 5, "set", cards, "", rank))
    for card in hand + [card for meld in table for card in meld.cards]:
        pool[card] -= 1
    while len(table) < 8 + RUNS:
        suit, low = rng.choice(SUITS), rng.randint(2, 11)
        cards = [Card.natural(position, suit) for position in range(low, low + 3)]
        if all(pool[card] > 0 for card in cards):
            pool.subtract(cards)
            table.append(TableMeld(len(table), len(table) % 5, "run", tuple(cards), suit, low))
    for _ in range(10_000):  # the deck may run out of sets first: then the table is smaller
        if len(table) == RUNS + SETS:
            break
        rank = rng.randint(1, 13)
        cards = [Card.natural(rank, suit) for suit in rng.sample(SUITS, 3)]
        if all(pool[card] > 0 for card in cards):
            pool.subtract(cards)
            table.append(TableMeld(len(table), len(table) % 5, "set", tuple(cards), "", rank))
    return PenangState(
        rules=rules,
        rules_version=RULES_VERSION,
        players=tuple(f"seat{i}" for i in range(5)),
        dealer=4,
        hands=(tuple(sorted(hand)),) + ((),) * 4,
        undealt=(),
        table=tuple(table),
        passport=(True,) * 5,
        dead=(False,) * 5,
        turn=0,
    )


def measure(call: Callable[[], object], repetitions: int) -> tuple[float, float]:
    """Median and 95th percentile microseconds per call."""
    for _ in range(min(200, repetitions)):
        call()  # warm up
    samples: list[int] = []
    clock = time.perf_counter_ns
    gc.disable()
    try:
        for _ in range(repetitions):
            start = clock()
            call()
            samples.append(clock() - start)
    finally:
        gc.enable()
    samples.sort()
    median = statistics.median(samples) / 1000
    p95 = samples[int(0.95 * (len(samples) - 1))] / 1000
    return median, p95


def describe(state: PenangState) -> None:
    hand = state.hands[0]
    moves = legal_moves(state, 0)
    runs = sum(meld.kind == "run" for meld in state.table)
    print(
        f"position: {len(hand)}-card hand with {hand.count(Card('JK'))} jokers, "
        f"{len(state.table)} table melds ({runs} runs, {len(state.table) - runs} sets), passport"
    )
    print(f"hand: {format_cards(hand)}")
    print(
        f"listed: {len(moves.melds)} melds, {len(moves.lay_offs)} lay-offs, "
        f"{len(moves.swaps)} swaps, {len(moves.turns)} turns; can_move={moves.can_move}"
    )


def verdict(name: str, figures: tuple[float, float]) -> None:
    median, p95 = figures
    met = "met" if median < TARGET_US else "NOT met"
    print(
        f"target legal_moves under {TARGET_US:.0f} us, {name}: {met} "
        f"(median {median:.1f} us, p95 {p95:.1f} us)"
    )


def main() -> None:
    state = build_position()
    hand = state.hands[0]
    lay_off_meld = next(meld for meld in state.table if meld.kind == "set")
    card = next(card for card in hand if card.rank == lay_off_meld.low)
    event = LaidOff(seat=0, meld=lay_off_meld.id, card=card.text, stands_for=card.text[:-1])

    figures = {
        "legal_moves": measure(lambda: legal_moves(state, 0), 3000),
        "has_legal_move": measure(lambda: has_legal_move(state, 0), 20000),
        "baseline HandIndex(hand)": measure(lambda: HandIndex(hand), 20000),
        "baseline fold one LaidOff": measure(lambda: evolve(state, event), 20000),
    }
    describe(state)
    for name, (median, p95) in figures.items():
        print(f"{name}: median {median:.1f} us, p95 {p95:.1f} us per call")
    for name in ("legal_moves", "has_legal_move"):
        for base in ("baseline HandIndex(hand)", "baseline fold one LaidOff"):
            ratio = figures[name][0] / figures[base][0]
            print(f"ratio {name} / {base.removeprefix('baseline ')}: {ratio:.1f}x (medians)")
    swaps = build_swap_position()
    describe(swaps)
    swap_figures = measure(lambda: legal_moves(swaps, 0), 3000)
    print(f"legal_moves: median {swap_figures[0]:.1f} us, p95 {swap_figures[1]:.1f} us per call")
    verdict("the worst case", figures["legal_moves"])
    verdict("16 joker swaps", swap_figures)


if __name__ == "__main__":
    main()
