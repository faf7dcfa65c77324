"""Benchmark: the expert Gin bot against OpenSpiel's simple gin rummy bot (G3–G12, R77).

As `bench_gin_bot.py` (the same deals, lockstep with OpenSpiel's `gin_rummy` under the
`openspiel` preset, seats swapped every other hand), for `domain.gin.bots.expert`,
with the greedy bot on the same deals as the baseline of the same run. Hands:
`GIN_BENCH_HANDS` (default 2000, the full size; 200 where `CI` is set), from deal
`GIN_BENCH_FIRST` (default 0), so that a long run can be split across processes. Prints
each bot's wins, losses and draws, its win rate over the decided hands with a 95%
(Wilson) interval, its mean points a hand, and the expert's think time a move (CPU time, p50,
p99; one action a command, R50). Goals (issue 34): a win rate of at least 60% of the
decided hands and positive points a hand; a move's think p99 at most 300 ms. `met`
where the whole interval lies at or above the goal. Nothing asserts. Where OpenSpiel
cannot be imported the benchmark says so and ends.

Run: python tests/bench/bench_gin_expert.py   (GIN_BENCH_HANDS=200 for a short run)
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tests" / "unit" / "gin", ROOT / "tests" / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

try:
    import pyspiel
except ImportError:  # a benchmark-only extra
    pyspiel = None

HANDS = int(os.environ.get("GIN_BENCH_HANDS", "200" if os.environ.get("CI") else "2000"))
FIRST = int(os.environ.get("GIN_BENCH_FIRST", "0"))
GOAL = 0.60
THINK_GOAL_MS = 300.0


def main() -> None:
    if pyspiel is None:
        print("OpenSpiel (pyspiel) is not installed: the expert Gin benchmark is skipped")
        return
    import bench_gin_bot as bench
    from lockstep import to_openspiel

    from domain.gin.bots import expert
    from domain.gin.state import GinState
    from domain.gin.views import view_hand

    thinks: list[float] = []

    def ours(theirs: Any, state: GinState, legal: list[int], rng: random.Random) -> int:
        view = view_hand(state, state.turn, False)
        started = time.process_time()  # CPU time: one core's, whatever the load
        action = expert.expert_choice(view)
        thinks.append(time.process_time() - started)
        return int(to_openspiel(action))

    print(
        f"against OpenSpiel's simple gin rummy bot, deals {FIRST}..{FIRST + HANDS - 1}, "
        "seats swapped every other hand"
    )
    for name, player, goal in (
        ("expert (domain.gin.bots.expert)", ours, GOAL),
        ("baseline: greedy (domain.gin.bots.greedy)", bench.greedy, GOAL),
    ):
        started = time.perf_counter()
        wins, losses, draws, mean = bench.match(player, HANDS, first=FIRST)
        seconds = time.perf_counter() - started
        decided = wins + losses
        low, high = bench.wilson(wins, decided)
        rate = wins / decided if decided else 0.0
        met = "met" if low >= goal and mean > 0 else "not met"
        print(
            f"{name}: {HANDS} hands ({seconds:.0f} s): {wins} won, {losses} lost, {draws} "
            f"drawn; win rate {rate:.1%} (95% CI {low:.1%}–{high:.1%}, n={decided}), "
            f"{mean:+.2f} points a hand; goal at least {goal:.0%} and positive points: {met}"
        )
    thinks.sort()
    if thinks:
        p50 = thinks[len(thinks) // 2] * 1000
        p99 = thinks[min(len(thinks) - 1, int(len(thinks) * 0.99))] * 1000
        met = "met" if p99 <= THINK_GOAL_MS else "not met"
        print(
            f"expert think a move (CPU): {len(thinks)} moves, p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
            f"goal p99 at most {THINK_GOAL_MS:.0f} ms: {met}"
        )


if __name__ == "__main__":
    main()
