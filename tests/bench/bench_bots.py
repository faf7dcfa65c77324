"""Benchmark: a bot's turn on a 25-card hand, the largest the rules deal (P3, D2).

Positions: the first turn of 40 two-player games dealt from seeds (`domain.fair`), the
hand of 25 cards still whole, the passport to make (greedy tries every meld, P26), and
the turn of the same seat once it has its passport, with the rest of its hand. Prints,
for each bot, the median, 95th percentile and largest milliseconds per turn (the best
of 3 runs per position), `domain.penang.moves.legal_moves` on the same positions as the
baseline measured in the same run, and the ratio. The goal: a bot's turn on a 25-card
hand takes a few milliseconds at most, here a median under 5 ms; nothing asserts a time.

Run: python tests/bench/bench_bots.py
"""

from __future__ import annotations

import gc
import hashlib
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.fair import fair_deal_of  # noqa: E402
from domain.penang.bots import BOT_NAMES, make_bot  # noqa: E402
from domain.penang.bots.window import seat_state  # noqa: E402
from domain.penang.fold import fold  # noqa: E402
from domain.penang.game import play_turn, start_game  # noqa: E402
from domain.penang.moves import legal_moves  # noqa: E402
from domain.penang.rules import PenangRules  # noqa: E402
from domain.penang.views import PenangView, view_game  # noqa: E402

DEALS = 40
RUNS = 3
TARGET_MS = 5.0


def positions() -> tuple[list[PenangView], list[PenangView]]:
    """First turns (25 cards, no passport), and a later turn of the same seats."""
    rules = PenangRules()
    first: list[PenangView] = []
    later: list[PenangView] = []
    for number in range(DEALS):
        seed = hashlib.sha256(f"bench-bots/{number}".encode()).digest()
        deck, dealer, proof = fair_deal_of(rules.deck_for(2), 2, seed, ())
        state = fold(start_game(["a", "b"], deck, rules, dealer, proof))
        if state.turn is None:
            continue
        seat = state.turn
        first.append(view_game(state, seat))
        # The seat makes its passport alone, and the other seat's turn is skipped: the
        # same hand, less one meld, with the passport made.
        passport = legal_moves(state, seat).turns[0]
        after = fold(play_turn(state, seat, passport.actions), state)
        if not after.over:
            later.append(view_game(replace(after, turn=seat), seat))
    return first, later


def measure(call: Callable[[], object]) -> float:
    """The best of `RUNS` runs, in milliseconds."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter_ns()
        call()
        best = min(best, (time.perf_counter_ns() - start) / 1e6)
    return best


def figures(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))], ordered[-1]


def report(name: str, views: list[PenangView]) -> None:
    base = [
        measure(lambda view=view: legal_moves(seat_state(view), view.turn or 0)) for view in views
    ]
    base_median = figures(base)[0]
    print(f"{name}: {len(views)} positions; baseline legal_moves median {base_median:.2f} ms")
    for bot_name in BOT_NAMES:
        bot = make_bot(bot_name, "bench")
        median, p95, most = figures(
            [measure(lambda view=view, bot=bot: bot.turn(view)) for view in views]
        )
        met = "met" if median < TARGET_MS else "NOT met"
        print(
            f"  {bot_name}: median {median:.2f} ms, p95 {p95:.2f} ms, max {most:.2f} ms "
            f"({median / base_median:.1f}x legal_moves); goal median under "
            f"{TARGET_MS:.0f} ms: {met}"
        )


def main() -> None:
    gc.disable()
    try:
        first, later = positions()
        report("first turn, 25 cards, passport to make", first)
        report("after the passport, 20 to 22 cards", later)
    finally:
        gc.enable()


if __name__ == "__main__":
    main()
