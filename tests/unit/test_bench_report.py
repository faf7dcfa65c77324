"""The HTTP benchmark says in words whether it met its goals, next to its baseline."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_http.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_http", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_missed_goal_says_not_met_with_the_figure_and_the_baseline() -> None:
    bench = _bench()
    slow = bench.Measurement(
        turns=300, turn_time=6.0, turn_cpu=1.2, health=1200, health_time=6.0, health_cpu=0.6
    )
    lines = bench.report(slow, "full")
    text = "\n".join(lines)
    assert "baseline GET /health (same run): 1200 in 6.0 s = 200/s" in text
    assert "goal turns/s >= 0.60 x the baseline: 0.25 x, not met" in text
    assert "goal server CPU per turn <= 3.0 x a bare request's: 8.00 x, not met" in text


def test_a_reached_goal_says_met() -> None:
    bench = _bench()
    fast = bench.Measurement(
        turns=700, turn_time=6.0, turn_cpu=0.7, health=1000, health_time=6.0, health_cpu=0.5
    )
    text = "\n".join(bench.report(fast, "full"))
    assert "0.70 x, met" in text and "2.00 x, met" in text


def test_without_cpu_figures_the_cpu_goal_is_not_measured() -> None:
    bench = _bench()
    blind = bench.Measurement(
        turns=700, turn_time=6.0, turn_cpu=None, health=1000, health_time=6.0, health_cpu=None
    )
    assert "a bare request's: not measured" in "\n".join(bench.report(blind, "full"))


def test_the_storage_floor_is_printed_with_the_share_the_turns_reach() -> None:
    bench = _bench()
    line = bench.floor_line(2000.0, 500.0, "full")
    assert "synchronous=full SQLite appends of the same rows" in line
    assert "2,000/s; turns reach 0.25 of it" in line
    assert "not measured" in bench.floor_line(None, 500.0, "full")


def test_the_storage_floor_appends_each_turns_rows_in_its_own_synced_transaction(
    tmp_path: Path,
) -> None:
    _bench()
    import sqlite3

    from storage_floor import appends_per_second, turn_rows

    database = tmp_path / "events.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute(
            "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
            "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
        )
        connection.executemany(
            "INSERT INTO stored_events VALUES (?, ?, ?, ?)",
            [("ab" * 16, version, "domain.events:Melded", b"{}") for version in range(1, 6)],
        )
    game = "abababab-abab-abab-abab-abababababab"
    rows = turn_rows(database, [(game, 1, 3), (game, 3, 5), (game, 5, 9)])
    assert [[row[1] for row in turn] for turn in rows] == [[2, 3], [4, 5], []]
    assert appends_per_second(rows, "full") > 0
    assert appends_per_second([[]], "full") == 0


def test_the_storage_floor_is_measured_in_slices_that_add_up(tmp_path: Path) -> None:
    """bench_http interleaves floor slices with its turn slices: each slice appends its
    turns' rows, one synced transaction per turn, and the rate is over every slice."""
    _bench()
    import sqlite3

    from storage_floor import Floor

    rows = [[("cd" * 16, version, "domain.events:Melded", b"{}")] for version in range(1, 7)]
    floor = Floor(tmp_path, "full")
    assert floor.rate() == 0.0
    floor.slice(rows[:2])
    floor.slice([[], *rows[2:]])
    floor.close()
    assert floor.done == 6 and floor.spent > 0 and floor.rate() > 0
    with sqlite3.connect(tmp_path / "floor.sqlite") as connection:
        stored = connection.execute("SELECT originator_version FROM stored_events").fetchall()
    assert sorted(version for (version,) in stored) == list(range(1, 7))


def test_bench_processes_says_whether_its_rounds_tell_one_from_one_point_one() -> None:
    _bench()
    from bench_processes import interval, settles

    mean, half = interval([1.0, 1.02, 0.98, 1.01, 0.99])
    assert mean == pytest.approx(1.0) and 0 < half < 0.05
    assert "conclusive" in settles([1.0, 1.02, 0.98, 1.01, 0.99], 4.0)
    noisy = settles([0.7, 1.3, 0.9, 1.1], 4.0)
    assert "cannot tell 1.0 x from 1.1 x" in noisy and "rounds (" in noisy
    assert "from one round" in settles([1.0], 4.0)


def test_bench_processes_leaves_out_a_round_the_pool_ran_dry_in() -> None:
    _bench()
    from bench_processes import by_round

    rounds = {
        "turns 2": [100.0, 50.0],
        "turns 1": [100.0, 0.0],
        "bare 2": [200.0, 9.0],
        "bare 1": [200.0, 9.0],
    }
    lines = by_round(rounds)
    assert lines[0] == "  (1 rounds left out: a kind got nothing done in its second)"
    assert "1.00 x" in lines[1] and "from one round" in lines[1]
    assert by_round({key: [0.0] for key in rounds})[-1] == "  round by round: no round to compare"


def _memory_bench() -> ModuleType:
    folder = str(BENCH.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)  # it imports its neighbours
    spec = importlib.util.spec_from_file_location("bench_memory", BENCH.parent / "bench_memory.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_memory_benchmark_says_when_the_cache_is_within_the_noise() -> None:
    bench = _memory_bench()
    played = [0, 100, 200, 300]
    # Start-up differs by 1,300 KiB; a cap of 100 keeps about 600 KiB: noise.
    capped = list(zip(played, [90_000, 91_000, 91_600, 92_000], strict=True))
    bare = list(zip(played, [91_300, 91_600, 92_000, 92_300], strict=True))
    text = "\n".join(bench.report(capped, bare, 100))
    assert "not measured" in text and "inf" not in text and " met" not in text


def test_the_memory_benchmark_judges_a_cache_above_the_noise() -> None:
    bench = _memory_bench()
    played = [0, 100, 200, 300]
    # 6,000 KiB kept for 100 games (60 KiB a game); past the cap the two grow alike.
    capped = list(zip(played, [90_000, 96_100, 96_300, 96_500], strict=True))
    bare = list(zip(played, [90_100, 90_200, 90_400, 90_600], strict=True))
    text = "\n".join(bench.report(capped, bare, 100))
    assert "= 0.00 x, met" in text, text


def test_bench_scale_says_whether_each_ratio_settles_between_the_halves() -> None:
    folder = str(BENCH.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)  # it imports its neighbours
    from bench_scale import settles

    small = [1.0] * 10
    assert settles(small, [1.05] * 5 + [1.1] * 5, 0.5) == "halves 1.05 and 1.10 x: settles"
    apart = settles(small, [1.0] * 5 + [1.3] * 5, 0.5)
    assert apart.startswith("halves 1.00 and 1.30 x: does not settle")
    # Within 0.1 x of each other, but on either side of the goal (1.2 x): not settled.
    assert "does not settle" in settles(small, [1.15] * 5 + [1.22] * 5, 0.5)
    assert settles([1.0, 1.0], [1.0, 1.0], 0.5).startswith("too few requests")
