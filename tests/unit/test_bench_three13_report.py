"""The Three Thirteen turns benchmark says in words whether it met its goal, next to its
baseline (Penang's turns in the same run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_three13_turns.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_three13_turns", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_turn_dearer_than_the_goal_says_not_met_with_the_figure_and_the_baseline() -> None:
    bench = _bench()
    lines = bench.report(bench.Tally(turns=200, cpu=2.4), bench.Tally(turns=100, cpu=0.4))
    assert lines == [
        "three-thirteen: 200 turns, 12.00 ms CPU per turn",
        "baseline penang (same run): 100 turns, 4.00 ms CPU per turn",
        "goal three-thirteen turn <= 1.5 x a penang turn: 3.00 x, not met",
    ]


def test_a_turn_within_the_goal_says_met() -> None:
    bench = _bench()
    lines = bench.report(bench.Tally(turns=200, cpu=0.96), bench.Tally(turns=100, cpu=0.4))
    assert lines[-1] == "goal three-thirteen turn <= 1.5 x a penang turn: 1.20 x, met"


def test_rounds_add_up_their_turns_and_cpu() -> None:
    bench = _bench()
    total = bench.Tally(turns=100, cpu=0.5) + bench.Tally(turns=300, cpu=1.5)
    assert (total.turns, total.ms_per_turn) == (400, 5.0)


def test_gins_turn_is_reported_against_the_same_runs_penang_turn() -> None:
    bench = _bench()
    lines = bench.report(bench.Tally(turns=400, cpu=0.8), bench.Tally(turns=200, cpu=0.2), "gin")
    assert lines == [
        "gin: 400 turns, 2.00 ms CPU per turn",
        "baseline penang (same run): 200 turns, 1.00 ms CPU per turn",
        "goal gin turn <= 1.5 x a penang turn: 2.00 x, not met",
    ]
