"""Benchmark: our greedy Gin bot against OpenSpiel's simple gin rummy bot (G3–G12).

Hands: `GIN_BENCH_HANDS` seeded deals (default 2000, the full size; 400 where `CI` is
set, as .ci/run sets it), each played once through our engine's `openspiel` preset and OpenSpiel's
`gin_rummy` in lockstep (tests/unit/gin/lockstep.py: the engines must agree at every
step), our bot (`domain.gin.bots.greedy`) in seat 0 for even seeds and seat 1 for odd
ones, deciding from its seat's view alone (`domain.gin.views.view_hand`, as a bot seat
of the service does, R33, R49), `pyspiel.make_simple_gin_rummy_bot` in the other.
Prints our bot's wins, losses and draws, its win rate over the decided hands with a 95%
(Wilson) interval, its mean points per hand, and as the baseline of the same run a
uniform random player on the first tenth of the deals. The goal: a win rate above 50%,
`met` when the whole interval lies above it, `not met` otherwise. Nothing asserts.

Run: python tests/bench/bench_gin_bot.py   (GIN_BENCH_HANDS=200 for a short run)
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tests" / "unit" / "gin"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pyspiel  # noqa: E402
from lockstep import load, play_hand, to_openspiel  # noqa: E402

from domain.gin.bots.greedy import choose  # noqa: E402
from domain.gin.rules import preset  # noqa: E402
from domain.gin.state import GinState  # noqa: E402
from domain.gin.views import view_hand  # noqa: E402

#: The full size is 2000 hands (about two minutes here); CI (`CI` set) plays 400.
HANDS = int(os.environ.get("GIN_BENCH_HANDS", "400" if os.environ.get("CI") else "2000"))
GOAL = 0.5
Player = Callable[[Any, GinState, list[int], random.Random], int]


def greedy(theirs: Any, state: GinState, legal: list[int], rng: random.Random) -> int:
    return to_openspiel(choose(view_hand(state, state.turn, False)))


def uniform(theirs: Any, state: GinState, legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    if total == 0:
        return (0.0, 1.0)
    rate = wins / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    spread = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total))
    return (centre - spread / (1 + z * z / total), centre + spread / (1 + z * z / total))


def match(ours: Player, hands: int, first: int = 0) -> tuple[int, int, int, float]:
    rules = preset("openspiel")
    game = load(rules)
    params = game.get_parameters()
    bots = [pyspiel.make_simple_gin_rummy_bot(params, player) for player in (0, 1)]
    wins = losses = draws = 0
    points = 0.0
    for seed in range(first, first + hands):
        seat = seed % 2  # seats swapped every other hand
        for bot in bots:
            bot.restart()

        def step(
            theirs: Any, state: GinState, legal: list[int], rng: random.Random, seat: int = seat
        ) -> int:
            player = theirs.current_player()
            if player == seat:
                return ours(theirs, state, legal, rng)
            return int(bots[player].step(theirs))

        played = play_hand(seed, rules, step, game=game)
        result = played.returns[seat]
        points += result
        wins, losses, draws = wins + (result > 0), losses + (result < 0), draws + (result == 0)
    return wins, losses, draws, points / max(hands, 1)


def report(name: str, hands: int, ours: Player) -> None:
    started = time.perf_counter()
    wins, losses, draws, mean = match(ours, hands)
    seconds = time.perf_counter() - started
    decided = wins + losses
    low, high = wilson(wins, decided)
    rate = wins / decided if decided else 0.0
    met = "met" if low > GOAL else "not met"
    print(
        f"{name}: {hands} hands ({seconds:.1f} s): {wins} won, {losses} lost, {draws} drawn; "
        f"win rate {rate:.1%} (95% CI {low:.1%}–{high:.1%}), {mean:+.2f} points a hand; "
        f"goal above {GOAL:.0%}: {met}"
    )


def main() -> None:
    print("against OpenSpiel's simple gin rummy bot, seats swapped every other hand")
    report("greedy (domain.gin.bots.greedy)", HANDS, greedy)
    report("baseline: uniform random", max(HANDS // 10, 1), uniform)


if __name__ == "__main__":
    main()
