"""Benchmark: what verifying a record with expert bot seats costs (R33, R77, R78).

Plays `VERIFY_BENCH_HANDS` hands (default 20; 6 where `CI` is set) of each game with
an `expert` bot (Gin Rummy, basic Rummy, Rummy 500), two seats, from seeded fair
deals: each with `expert` against `greedy`, and the same deals with `greedy` against
`greedy` as the baseline of the same run. Each record is then checked as `verify`
checks it (`domain.bots.audit.check_bot_turns`, which re-derives every bot command from
its seat's view and seed, after the rules' replay), with Gin's remembered deadwood
searches forgotten first, as in a verifier's own process. Prints the CPU time of the
check a record, mean and max, for each, and their ratio. There is no goal: the figure
says what re-deriving the expert's choices costs.

Run: python tests/bench/bench_expert_verify.py
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from domain.bots.audit import check_bot_turns  # noqa: E402
from domain.fair import bot_seed, fair_deal_of  # noqa: E402
from domain.game import Game  # noqa: E402
from domain.games import GAMES  # noqa: E402
from domain.gin import melds  # noqa: E402
from domain.gin.bots import expert  # noqa: E402

HANDS = int(os.environ.get("VERIFY_BENCH_HANDS", "6" if os.environ.get("CI") else "20"))


def _record(spec: Game, bots: tuple[str, str], number: int) -> list[Any]:
    seed = hashlib.sha256(f"verify-{spec.name}-{number}".encode()).digest()
    rules = spec.rules_type()
    deck, dealer, proof = fair_deal_of(spec.deck(rules, 2), 2, seed, ())
    events = spec.deal(["a", "b"], deck, rules, dealer, proof=proof, number=1)
    events = [msgspec.structs.replace(events[0], bots=bots), *events[1:]]
    state = spec.fold(events, None)
    while not state.over:
        seat = state.turn
        actions = spec.bots[bots[seat]](
            spec.view(state, seat, False), bot_seed(seed, seat, state.version)
        )
        new = spec.play(state, seat, actions, None)
        events, state = events + new, spec.fold(new, state)
    return events + spec.reveal_seed(state, seed)


def _cold() -> None:
    for remembered in (melds.all_melds, melds.meld_groups, melds.best_deadwood, expert._shed):
        remembered.cache_clear()


def _checks(spec: Game, bots: tuple[str, str]) -> list[float]:
    took = []
    for number in range(HANDS):
        events = _record(spec, bots, number)
        _cold()  # as a verifier in a process of its own: no search remembered from play
        started = time.process_time()
        check_bot_turns(spec, events)
        took.append(time.process_time() - started)
    return took


def main() -> None:
    for spec in GAMES.values():
        if "expert" not in spec.bots or 2 not in spec.players:
            continue
        expert = _checks(spec, ("expert", "greedy"))
        greedy = _checks(spec, ("greedy", "greedy"))
        mean_e, mean_g = sum(expert) / len(expert), sum(greedy) / len(greedy)
        print(
            f"{spec.title}: verifying a record's bot seats, {HANDS} hands each (CPU): "
            f"expert v greedy mean {mean_e * 1000:.1f} ms (max {max(expert) * 1000:.1f}), "
            f"greedy v greedy mean {mean_g * 1000:.1f} ms (max {max(greedy) * 1000:.1f}): "
            f"{mean_e / mean_g:.2f} x"
        )


if __name__ == "__main__":
    main()
