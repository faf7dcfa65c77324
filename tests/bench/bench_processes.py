"""Two service processes over one PostgreSQL database against one, next to the same
ratio for a bare endpoint, with every event counted.

    python tests/bench/bench_processes.py [--full]

Starts two `penang-rummy serve` processes over one fresh PostgreSQL database (at
PENANG_RUMMY_TEST_POSTGRES, default `host=127.0.0.1 port=5432 dbname=test user=postgres`;
without one, says so and measures nothing) and deals a pool of seeded games, whose
turns the client works out in advance (bench_http.py's `Game`). Then, in alternate
one-second slices, the same client threads send turns to one process, turns shared
between both (a game moves on whichever process a turn reaches), `GET /health` to one,
and `GET /health` to both. Prints turns per second with two processes over one, the
same ratio for the bare endpoint (the baseline: on a machine whose cores the client
shares, it says how much a second process can give at all), and the goal: the turns'
ratio at least the bare endpoint's. Before that, one process's turns per second against
its own `GET /health` (the same slices), and that goal: at least 0.5. Then every
game's events are counted in the database: each game holds exactly the events of the
turns answered 200, none lost and none twice.

Round by round (one second of each kind a round), it prints the two ratios with their
95% intervals, and whether the run tells 1.0 x from 1.1 x; where it cannot, about how
many rounds (and minutes) this machine's noise would need.

CI runs 3 slices of each; the full size, 10 (`--full`, or PENANG_RUMMY_BENCH_FULL=1),
or any number (`--rounds N`).
No assertions on timings.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from bench_http import Game, bare, deal_pool, play_turns
from scale_support import full_size, postgres_database, served, size_line, store_env, verdict

from service.settings import Settings

CLIENTS = 8
#: Turns per second on one process, as a share of its bare `GET /health` rate (at least).
ONE_GOAL = 0.5


def clients_on(bases: list[str], target: Callable[..., int], *args: Any) -> tuple[int, float]:
    """CLIENTS threads running `target(base, *args)`, spread over `bases`: counts summed,
    and the time taken."""
    results: list[int] = []
    failures: list[BaseException] = []

    def work(base: str) -> None:
        try:
            results.append(target(base, *args))
        except BaseException as failure:  # a thread's SystemExit would pass unseen
            failures.append(failure)

    threads = [threading.Thread(target=work, args=(bases[n % len(bases)],)) for n in range(CLIENTS)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return sum(results), time.monotonic() - started


#: The difference between two ratios the run must tell apart (1.0 x from 1.1 x).
RESOLUTION = 0.1
#: Student's t at 95% (two-sided) by degrees of freedom; 1.96 beyond the table.
_T95 = {
    1: 12.71,
    2: 4.30,
    3: 3.18,
    4: 2.78,
    5: 2.57,
    6: 2.45,
    7: 2.36,
    8: 2.31,
    9: 2.26,
    10: 2.23,
    12: 2.18,
    15: 2.13,
    20: 2.09,
    30: 2.04,
}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95% interval (inf for one value)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, float("inf")
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    freedom = len(values) - 1
    t = next((_T95[k] for k in sorted(_T95) if k >= freedom), 1.96)
    return mean, t * (variance / len(values)) ** 0.5


def settles(values: list[float], seconds_each: float) -> str:
    """Whether `values` (one ratio per round) tell 1.0 x from 1.1 x, and if not, about
    how many rounds (and seconds) would. Ratios are averaged on a log scale (their
    geometric mean), so that a round of 0.5 x and one of 2 x balance; the 95% interval's
    half-width there must be under half the distance from 1.0 to 1.1, and it shrinks as
    one over the square root of the rounds."""
    logs = [math.log(value) for value in values]
    mean, half = interval(logs)
    low, centre, high = (math.exp(mean - half), math.exp(mean), math.exp(mean + half))
    shown = f"{centre:.2f} x [{low:.2f}-{high:.2f}], 95% over {len(values)} rounds"
    if half == float("inf"):
        return f"{shown}: cannot tell 1.0 x from 1.1 x from one round"
    wanted = math.log(1 + RESOLUTION) / 2
    if half < wanted:
        return f"{shown}: conclusive (tells 1.0 x from 1.1 x)"
    needed = int(len(values) * (half / wanted) ** 2) + 1
    return (
        f"{shown}: cannot tell 1.0 x from 1.1 x; on this machine's noise it would take "
        f"about {needed} rounds ({needed * seconds_each / 60:.0f} minutes)"
    )


def by_round(rounds: dict[str, list[float]]) -> list[str]:
    """The two ratios round by round, with whether they settle (`settles`); a round in
    which a kind got nothing done (no game left in the pool, or
    no answer within its second) is left out, and said."""
    keys = ("turns 2", "turns 1", "bare 2", "bare 1")
    whole = [row for row in zip(*(rounds[key] for key in keys), strict=True) if all(row)]
    left = len(rounds["turns 1"]) - len(whole)
    note = [f"  ({left} rounds left out: a kind got nothing done in its second)"] if left else []
    if not whole:
        return [*note, "  round by round: no round to compare"]
    return [
        *note,
        "  round by round (a round is one second of each of the four kinds): two processes "
        "against one, turns " + settles([row[0] / row[1] for row in whole], 4.0),
        "  and the turns' scaling over the bare endpoint's "
        + settles([(row[0] / row[1]) / (row[2] / row[3]) for row in whole], 4.0),
    ]


def measure(
    bases: list[str], pool: list[Game], slices: int
) -> tuple[dict[str, float], dict[str, list[float]]]:
    """Requests per second of each kind: turns and bare, on one process and on both,
    over the whole run and round by round (one slice of each kind a round)."""
    counts = dict.fromkeys(("turns 1", "turns 2", "bare 1", "bare 2"), 0.0)
    times = dict.fromkeys(counts, 0.0)
    rounds: dict[str, list[float]] = {key: [] for key in counts}
    lock = threading.Lock()
    played: list[tuple[str, int, int]] = []
    for _ in range(slices):
        for processes in (1, 2):
            on = bases[:processes]
            stop = time.monotonic() + 1.0
            count, spent = clients_on(on, play_turns, pool, lock, stop, played)
            counts[f"turns {processes}"] += count
            times[f"turns {processes}"] += spent
            rounds[f"turns {processes}"].append(count / spent)
            count, spent = clients_on(on, bare, time.monotonic() + 1.0)
            counts[f"bare {processes}"] += count
            times[f"bare {processes}"] += spent
            rounds[f"bare {processes}"].append(count / spent)
    return {key: counts[key] / times[key] for key in counts}, rounds


def count_events(settings: Settings, games: list[tuple[str, int]]) -> list[str]:
    """Each game's stored events against the version its turns answered 200 reached:
    what differs."""
    with psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        dbname=settings.postgres_db,
        user=settings.postgres_user,
        password=settings.postgres_password,
    ) as db:
        rows = db.execute(
            "SELECT originator_id::text, count(*), max(originator_version) "
            "FROM penangrummy_events WHERE originator_id = ANY(%s::uuid[]) "
            "GROUP BY originator_id",
            ([game_id for game_id, _ in games],),
        ).fetchall()
    stored = {row[0]: (row[1], row[2]) for row in rows}
    wrong = []
    for game_id, expected in games:
        if stored.get(game_id) != (expected, expected):
            wrong.append(f"{game_id}: {stored.get(game_id)} stored, {expected} answered")
    return wrong


def run(settings: Settings, directory: Path, slices: int, games: int) -> list[str]:
    env = store_env(settings, directory)
    with ExitStack() as stack:
        bases = [stack.enter_context(served(env, directory))[1] for _ in range(2)]
        pool = deal_pool(bases[0], games)
        dealt = list(pool)
        rates, rounds = measure(bases, pool, slices)
    # Each game's version is that of its last turn answered 200 (each checked as it came).
    wrong = count_events(settings, [(game.id, game.version) for game in dealt])
    turns, bare_ratio = rates["turns 2"] / rates["turns 1"], rates["bare 2"] / rates["bare 1"]
    one = rates["turns 1"] / rates["bare 1"]
    return [
        "PostgreSQL, one process: turns against GET /health, the same client threads "
        f"({CLIENTS}, alternate slices):",
        f"  turns {rates['turns 1']:,.0f}/s against {rates['bare 1']:,.0f}/s = {one:.2f} x",
        f"  goal turns >= {ONE_GOAL} x the bare endpoint: {one:.2f} x, {verdict(one >= ONE_GOAL)}",
        "PostgreSQL, two processes against one, the same client threads "
        f"({CLIENTS}) spread over them:",
        f"  turns: {rates['turns 2']:,.0f}/s against {rates['turns 1']:,.0f}/s = {turns:.2f} x",
        f"  baseline GET /health (same run): {rates['bare 2']:,.0f}/s against "
        f"{rates['bare 1']:,.0f}/s = {bare_ratio:.2f} x",
        f"  goal turns' ratio >= the bare endpoint's: {turns:.2f} x against {bare_ratio:.2f} x, "
        f"{verdict(turns >= bare_ratio)}",
        *by_round(rounds),
        f"  events of the {len(dealt)} games counted in the database: "
        + (
            "each game's events are the turns answered 200, none lost, none twice"
            if not wrong
            else f"{len(wrong)} games differ: {wrong[:3]}"
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="10 slices of each kind")
    parser.add_argument("--rounds", type=int, help="this many slices of each kind")
    args = parser.parse_args()
    full = full_size(args.full)
    slices, games = (10, 400) if full else (3, 150)
    if args.rounds:
        slices, games = args.rounds, max(150, 100 * args.rounds)
    print(
        size_line(
            full and not args.rounds,
            f"{slices} one-second slices of each kind",
            "10",
            "bench_processes.py",
            chosen=bool(args.rounds),
        )
    )
    with postgres_database() as found, tempfile.TemporaryDirectory() as directory:
        if isinstance(found, str):
            print(f"PostgreSQL: not measured ({found})")
            return 0
        print("\n".join(run(found, Path(directory), slices, games)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
