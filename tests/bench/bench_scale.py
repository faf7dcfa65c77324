"""Request latency with many games stored next to the same with few, on SQLite and on
PostgreSQL.

    python tests/bench/bench_scale.py [--full]

On SQLite, and on PostgreSQL where one answers at PENANG_RUMMY_TEST_POSTGRES (default
`host=127.0.0.1 port=5432 dbname=test user=postgres`): two fresh stores are seeded
with finished games (`penang-rummy simulate --store`), one with FEW and one with MANY,
each served by its own `penang-rummy serve` process. One client times, one request at a
time: cold reads (`GET /games/{id}` of a stored game the process has not read: a cache
miss, the game loaded from its snapshot), cold reads of games whose snapshot is gone (as
in a store written before snapshots: the game folded from its events, and its snapshot
written by the way, which must not slow the reads), warm reads (the same of games read
before) and turns (`POST .../turns` of games dealt over HTTP, each turn worked out by
the client in advance as bench_http.py does). Each request goes to both processes in
turn (which goes first alternates), so both sizes meet the same load of a shared
machine. Prints how many of each store's games have their snapshot once seeded (goal:
all: both sizes then load alike), p50 and p99 of each kind at both sizes, the ratios,
and the goal: every ratio at most 1.2; and whether each ratio settles: the same ratio
of the first half of the requests and of the second, which settles where the two are
within 0.1 x of each other and on the same side of the goal.

The full size is 1,000 and 100,000 games (`--full`, or PENANG_RUMMY_BENCH_FULL=1;
seeding both stores took 23 minutes on SQLite and 30 on PostgreSQL here, the whole run
54 minutes); CI runs 1,000 and 3,000, and says so. A PostgreSQL store is vacuumed and
analysed once seeded (`scale_support.seed`). No assertions on timings.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
from bench_http import PLAYERS, Game
from scale_support import (
    drop_snapshots,
    full_size,
    percentile,
    postgres_database,
    seed,
    served,
    size_line,
    snapshots_of,
    store_env,
    store_name,
    stored_game_ids,
    verdict,
)

from service.settings import Settings

GOAL = 1.2
KINDS = ("cold read", "cold read, no snapshot", "warm read", "turn")
#: Games read before the warm reads are timed.
WARM_GAMES = 50
Latencies = dict[str, list[float]]


class Side:
    """One served process over one store: its client, stored games and games to play."""

    def __init__(self, client: httpx.Client, ids: list[str], colds: int, label: str) -> None:
        self.client = client
        chosen = random.Random(label).sample(ids, 2 * colds + WARM_GAMES)
        self.cold, self.bare = chosen[:colds], chosen[colds : 2 * colds]
        self.warm = chosen[2 * colds :]
        self.label = label
        self.games = 0
        self.turns: list[tuple[Game, int, bytes | None, int]] = []
        self.found: Latencies = {kind: [] for kind in KINDS}

    def time(self, kind: str, method: str, path: str, **kwargs: Any) -> Any:
        started = time.perf_counter()
        response = self.client.request(method, path, **kwargs)
        self.found[kind].append(time.perf_counter() - started)
        if response.status_code != 200:
            raise SystemExit(f"{path} answered {response.status_code}: {response.text}")
        return response.json()

    def turn(self) -> None:
        """Time the next turn, dealing (untimed) a new game when the last one is over."""
        if not self.turns:
            self.games += 1
            seed_text = f"scale-{self.label}-{self.games}"
            created = self.client.post("/games", json={"players": PLAYERS, "seed": seed_text})
            game = Game(created.json(), seed_text)
            self.turns = [(game, *turn) for turn in game.turns]
        game, seat, body, version = self.turns.pop(0)
        path = f"/games/{game.id}/seats/{seat}/" + ("turns" if body is not None else "dead")
        headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        answer = self.time("turn", "POST", path, content=body or b"", headers=headers)
        if answer["version"] != version:
            raise SystemExit(f"turn answered at version {answer['version']}, not {version}")


def interleaved(sides: tuple[Side, Side], requests: int) -> None:
    """Each kind of request on both sides in turn (which goes first alternates), so that
    both sizes meet the same load of the machine."""
    for n, game_id in enumerate(zip(sides[0].cold, sides[1].cold, strict=True)):
        for side in sides if n % 2 else sides[::-1]:
            side.time("cold read", "GET", f"/games/{game_id[sides.index(side)]}")
    for n, game_id in enumerate(zip(sides[0].bare, sides[1].bare, strict=True)):
        for side in sides if n % 2 else sides[::-1]:
            side.time("cold read, no snapshot", "GET", f"/games/{game_id[sides.index(side)]}")
    for side in sides:
        for warm in side.warm:
            side.client.get(f"/games/{warm}").raise_for_status()
    for n in range(requests):
        for side in sides if n % 2 else sides[::-1]:
            side.time("warm read", "GET", f"/games/{side.warm[n % WARM_GAMES]}")
    for n in range(requests):
        for side in sides if n % 2 else sides[::-1]:
            side.turn()


def report(name: str, few: int, many: int, small: Latencies, large: Latencies) -> list[str]:
    lines = [f"{name}: latency with {many:,} games stored against {few:,} (baseline, same run)"]
    if not small["cold read, no snapshot"]:
        return [*lines, "  not measured: the smaller store is too small"]
    for kind in KINDS:
        for share, tag in ((0.5, "p50"), (0.99, "p99")):
            base, now = percentile(small[kind], share), percentile(large[kind], share)
            ratio = now / base
            lines.append(
                f"  {kind} {tag}: {now * 1000:.2f} ms against {base * 1000:.2f} ms = "
                f"{ratio:.2f} x; goal <= {GOAL:.1f} x: {verdict(ratio <= GOAL)}; "
                + settles(small[kind], large[kind], share)
            )
    return lines


def settles(small: list[float], large: list[float], share: float) -> str:
    """The ratio of the percentile `share` in each half of the requests (in the order
    they were timed), and whether it settles: the halves within 0.1 x of each other and
    on the same side of the goal."""
    half = min(len(small), len(large)) // 2
    if half < 2:
        return "too few requests to tell whether it settles"
    ratios = [
        percentile(large[part], share) / percentile(small[part], share)
        for part in (slice(0, half), slice(half, 2 * half))
    ]
    settled = abs(ratios[0] - ratios[1]) <= 0.1 and (ratios[0] <= GOAL) == (ratios[1] <= GOAL)
    said = "settles" if settled else "does not settle (more requests, or a quieter machine)"
    return f"halves {ratios[0]:.2f} and {ratios[1]:.2f} x: {said}"


def run(
    stores: tuple[Settings, Settings], directory: Path, sizes: tuple[int, int], requests: int
) -> list[str]:
    """Seed each store to its size, serve both, time both interleaved."""
    took = sum(
        seed(store, size, f"scale-{size}") for store, size in zip(stores, sizes, strict=True)
    )
    kept = [snapshots_of(store) for store in stores]
    colds = min(requests, (sizes[0] - WARM_GAMES) // 2)
    with (
        served(store_env(stores[0], directory), directory) as (_, few_base),
        served(store_env(stores[1], directory), directory) as (_, many_base),
        httpx.Client(base_url=few_base, timeout=60) as few_client,
        httpx.Client(base_url=many_base, timeout=60) as many_client,
    ):
        sides = (
            Side(few_client, stored_game_ids(stores[0]), colds, "few"),
            Side(many_client, stored_game_ids(stores[1]), colds, "many"),
        )
        for store, side in zip(stores, sides, strict=True):
            drop_snapshots(store, side.bare)
        for side in sides:  # connections, pools and prepared statements, untimed
            for _ in range(20):
                side.client.get("/health").raise_for_status()
        interleaved(sides, requests)
    lines = report(store_name(stores[0]), *sizes, sides[0].found, sides[1].found)
    lines.insert(1, f"  both stores seeded with penang-rummy simulate --store in {took:.0f} s")
    lines.insert(
        2,
        f"  games with their snapshot once seeded: {kept[1]:,} of {sizes[1]:,} against "
        f"{kept[0]:,} of {sizes[0]:,}; goal every game: {verdict(kept == list(sizes))}",
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="1,000 and 100,000 games")
    parser.add_argument("--few", type=int, help="games in the smaller store (other sizes)")
    parser.add_argument("--many", type=int, help="games in the larger store (other sizes)")
    args = parser.parse_args()
    full = full_size(args.full)
    chosen = bool(args.few or args.many)
    sizes, requests = ((1_000, 100_000), 1_000) if full else ((1_000, 3_000), 200)
    if args.few or args.many:
        sizes = (args.few or sizes[0], args.many or sizes[1])
        requests = min(1_000, max(1, (sizes[0] - WARM_GAMES) // 2))
        full = sizes == (1_000, 100_000)
    what = f"{sizes[0]:,} and {sizes[1]:,} games, {requests} requests of each kind"
    print(size_line(full, what, "1,000 and 100,000 games", "bench_scale.py", chosen), flush=True)
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        folder = Path(directory)
        sqlite = tuple(Settings(sqlite_path=str(folder / f"scale-{n}.sqlite")) for n in sizes)
        print("\n".join(run((sqlite[0], sqlite[1]), folder, sizes, requests)), flush=True)
        with postgres_database() as few, postgres_database() as many:
            if isinstance(few, str) or isinstance(many, str):
                print(f"PostgreSQL: not measured ({few if isinstance(few, str) else many})")
            else:
                print("\n".join(run((few, many), folder, sizes, requests)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
