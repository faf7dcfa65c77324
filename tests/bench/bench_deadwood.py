"""Benchmark: Three Thirteen's exact deadwood, and the legal moves that search it (T8, T9).

Hand 11 is the largest: 13 cards, kings wild, and 14 while the seat holds the card it
drew. With two or three packs a hand can hold several copies of a card and many wild
cards, which is what makes the search wide. The worst hands are looked for, not
assumed: 300 hands are drawn (seeded) from the densest part of three packs, the 4s to
the 9s of three suits and every king, and the slowest of them is measured, with fixed
hands of runs and sets that overlap (each card fits a run and a set).

Prints the median and 95th percentile milliseconds of `best_arrangement` (the score of a
13-card hand: once per seat at the end of a hand) and of `legal_moves` for a 14-card hand
after the draw (every way to go out: `ways_out`, one search shared by every discard),
and says for each whether its target is met. Run: python tests/bench/bench_deadwood.py
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.cards import Card, build_deck, format_cards, parse_cards, sort_cards  # noqa: E402
from domain.drawgame.state import DrawState  # noqa: E402
from domain.three13.deadwood import best_arrangement  # noqa: E402
from domain.three13.moves import legal_moves  # noqa: E402
from domain.three13.rules import RULES_VERSION, ThirteenRules, wild_rank  # noqa: E402

SEED = 20_250_311
HAND = 11
KINGS = wild_rank(HAND)
POINTS = ThirteenRules().card_points
#: Targets: the score of a hand, and the legal moves after a draw (median milliseconds).
TARGET_SCORE_MS = 20.0
TARGET_MOVES_MS = 50.0
FIXED = (
    "4H 4S 4D 5H 5S 5D 6H 6S 6D 7H 7S 7D KD",
    "4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H KD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KS KD",
    "4H 4S 4D 5H 5S 5D 6H 6S 6D 7H 7S KD KC",
)


def dense_hands(size: int, count: int) -> list[tuple[Card, ...]]:
    rng = random.Random(SEED + size)
    pool = [card for card in build_deck(3, 0) if card.suit in "SHD" and 4 <= card.rank <= 9]
    pool += [card for card in build_deck(3, 0) if card.rank == KINGS]
    hands = []
    for _ in range(count):
        rng.shuffle(pool)
        hands.append(sort_cards(pool[:size]))
    return hands


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def slowest(
    hands: Sequence[tuple[Card, ...]], call: Callable[[tuple[Card, ...]], object]
) -> tuple[Card, ...]:
    return max(hands, key=lambda hand: timed(lambda: call(hand)))


def measure(call: Callable[[], object], repetitions: int) -> tuple[float, float]:
    """Median and 95th percentile milliseconds per call (each on a fresh search)."""
    samples = []
    gc.disable()
    try:
        for _ in range(repetitions):
            samples.append(timed(call))
    finally:
        gc.enable()
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def after_the_draw(hand: tuple[Card, ...]) -> DrawState:
    """Seat 0 of two holds `hand` (14 cards: it has drawn) in hand 11."""
    return DrawState(
        rules=ThirteenRules(packs=3),
        rules_version=RULES_VERSION,
        players=("a", "b"),
        dealer=1,
        number=HAND,
        hands=(hand, parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC AC AS")),
        stock=(),
        discards=(Card("2S"),),
        turn=0,
        phase="play",
        played=(False, False),
    )


def verdict(name: str, figures: tuple[float, float], target: float) -> None:
    median, p95 = figures
    met = "met" if median < target else "not met"
    print(f"target {name} under {target:.0f} ms: {met} (median {median:.2f} ms, p95 {p95:.2f} ms)")


def main() -> None:
    scored = [*dense_hands(13, 300), *(parse_cards(text) for text in FIXED)]
    worst = slowest(scored, lambda hand: best_arrangement(hand, KINGS, POINTS))
    arranged = best_arrangement(worst, KINGS, POINTS)
    print(f"slowest 13-card hand to score: {format_cards(worst)}")
    print(f"  its deadwood: {format_cards(arranged.deadwood) or '-'} ({arranged.points} points)")
    score = measure(lambda: best_arrangement(worst, KINGS, POINTS), 40)
    drawn = [*dense_hands(14, 300), *(parse_cards(text + " KH") for text in FIXED)]
    worst_draw = slowest(drawn, lambda hand: legal_moves(after_the_draw(hand), 0))
    moves = legal_moves(after_the_draw(worst_draw), 0)
    print(f"slowest 14-card hand for the legal moves: {format_cards(worst_draw)}")
    print(f"  listed: {len(moves.discards)} discards, {len(moves.go_outs)} ways to go out")
    listed = measure(lambda: legal_moves(after_the_draw(worst_draw), 0), 20)
    verdict("best_arrangement, 13 cards", score, TARGET_SCORE_MS)
    verdict("legal_moves after the draw, 14 cards", listed, TARGET_MOVES_MS)


if __name__ == "__main__":
    main()
