"""Server memory while games are played: bounded by the cache's cap.

    python tests/bench/bench_memory.py [--full]

Starts two `penang-rummy serve` processes, each over a fresh SQLite file, one with
PENANG_RUMMY_CACHE_GAMES=CAP and one with a cap of 1 (the baseline), and plays the same
GAMES seeded four-seat games through each to their end (each turn worked out by the
client in advance, as bench_http.py does; four clients at once), reading each process's
resident memory (VmRSS) after every tenth of them. Prints the memory at each step;
what a cached game costs (the two processes' difference once CAP games are kept, over
CAP) and so what the default cap of 4096 games costs; the growth per game over the last
half of the run, and how much of it the process with a cap of 1 shows too (SQLite's
page caches, which fill up to their own bound); and the goal: the cache's part of that
growth at most a tenth of a cached game's cost (past the cap, the games kept no longer
grow).

CI plays 300 games with a cap of 100, and says so; the full size is 10,000 games with the
default cap of 4096 (`--full`, or PENANG_RUMMY_BENCH_FULL=1; about twenty minutes). No
assertions on timings or sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
from bench_http import PLAYERS, Game
from scale_support import full_size, rss_kib, served, size_line, verdict

from service.settings import Settings

CLIENTS = 4
#: Past the cap, a game costs at most this share of what it cost while the cache filled.
GOAL = 0.1


def play(base: str, numbers: list[int]) -> None:
    """Deal and play each numbered game to its end."""
    with httpx.Client(base_url=base, timeout=60) as client:
        for number in numbers:
            seed = f"memory-{number}"
            game = Game(client.post("/games", json={"players": PLAYERS, "seed": seed}).json(), seed)
            for seat, body, version in game.turns:
                headers = {"Authorization": f"Bearer {game.tokens[seat]}"}
                if body is None:
                    response = client.post(f"/games/{game.id}/seats/{seat}/dead", headers=headers)
                else:
                    headers["Content-Type"] = "application/json"
                    path = f"/games/{game.id}/seats/{seat}/turns"
                    response = client.post(path, content=body, headers=headers)
                if response.status_code != 200 or response.json()["version"] != version:
                    raise SystemExit(f"turn answered {response.status_code}: {response.text}")


def play_all(base: str, first: int, last: int) -> None:
    numbers = list(range(first, last))
    failures: list[BaseException] = []

    def work(share: list[int]) -> None:
        try:
            play(base, share)
        except BaseException as failure:  # a thread's SystemExit would pass unseen
            failures.append(failure)

    threads = [threading.Thread(target=work, args=(numbers[n::CLIENTS],)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


Steps = list[tuple[int, int]]


def measure(games: int, cap: int, directory: Path) -> tuple[Steps, Steps]:
    """(games played, server KiB) at the start and after every tenth of the games, for a
    process with the cache's cap at `cap` and for one with a cap of 1 (the baseline),
    each over its own SQLite file, both playing the same games step by step."""
    env = {"PENANG_RUMMY_RATE_LIMIT": "off"}
    capped = {**env, "PENANG_RUMMY_CACHE_GAMES": str(cap)}
    capped["PENANG_RUMMY_SQLITE_PATH"] = str(directory / "capped.sqlite")
    bare = {**env, "PENANG_RUMMY_CACHE_GAMES": "1"}
    bare["PENANG_RUMMY_SQLITE_PATH"] = str(directory / "bare.sqlite")
    found: tuple[Steps, Steps] = ([], [])
    with served(capped, directory) as first, served(bare, directory) as second:
        servers = (first, second)
        for (server, base), steps in zip(servers, found, strict=True):
            play_all(base, 0, 8)  # imports, pools and first allocations, before the baseline
            steps.append((0, _rss(server.pid)))
        step = max(1, games // 10)
        for start in range(0, games, step):
            stop = min(games, start + step)
            for (server, base), steps in zip(servers, found, strict=True):
                play_all(base, 8 + start, 8 + stop)
                steps.append((stop, _rss(server.pid)))
    return found


def _rss(pid: int) -> int:
    found = rss_kib(pid)
    if found is None:
        raise SystemExit("no /proc here: the server's memory cannot be read")
    return found


def report(capped: Steps, bare: Steps, cap: int) -> list[str]:
    lines = [f"server resident memory (VmRSS) by games played, cache cap {cap} and 1:"]
    lines += [
        f"  {played:>6,} games: {kib / 1024:8.1f} MiB, with a cap of 1 {one / 1024:8.1f} MiB"
        for (played, kib), (_, one) in zip(capped, bare, strict=True)
    ]
    # What the cache holds: the difference between the two processes once it is full.
    past = [(c, b) for c, b in zip(capped, bare, strict=True) if c[0] >= cap]
    held = statistics.median(c[1] - b[1] for c, b in past) if past else 0.0
    price = held / cap
    middle = len(capped) // 2
    played = capped[-1][0] - capped[middle][0]
    total = (capped[-1][1] - capped[middle][1]) / played
    others = (bare[-1][1] - bare[middle][1]) / played
    cached = total - others
    default = Settings().cache_games
    share = cached / price if price > 0 else float("inf")
    # Two processes' memory differs by some amount before either plays a game: a cache's
    # difference no larger than that is noise, and the goal then cannot be told.
    noise = abs(capped[0][1] - bare[0][1])
    if held <= 2 * noise:
        goal = (
            f"  goal the cache's part of that growth <= {GOAL:.1f} x a cached game's cost: "
            f"not measured: the {cap} games kept ({held / 1024:.1f} MiB) are within twice "
            f"the two processes' difference before any game ({noise / 1024:.1f} MiB); the "
            "full size tells (--full)"
        )
    else:
        goal = (
            f"  goal the cache's part of that growth <= {GOAL:.1f} x a cached game's cost: "
            f"{cached:.1f} KiB = {share:.2f} x, {verdict(share <= GOAL)}"
        )
    return [
        *lines,
        f"  a game kept in the cache costs {price:.1f} KiB (the two processes' difference "
        f"once {cap} games are kept: {held / 1024:.1f} MiB)",
        f"  the default cap ({default} games) costs about {default * price / 1024:.0f} MiB",
        f"  growth over the last half ({capped[middle][0]:,} to {capped[-1][0]:,} games): "
        f"{total:.1f} KiB a game; with a cap of 1, {others:.1f} KiB a game (the store's "
        f"page caches, bounded by SQLite's cache_size per connection)",
        goal,
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="10,000 games, the default cap")
    parser.add_argument("--games", type=int, help="games played (another size)")
    parser.add_argument("--cap", type=int, help="the cache's cap (another size)")
    args = parser.parse_args()
    full = full_size(args.full)
    chosen = bool(args.games or args.cap)
    games, cap = (10_000, Settings().cache_games) if full else (300, 100)
    if args.games or args.cap:
        games, cap = args.games or games, args.cap or cap
        full = (games, cap) == (10_000, Settings().cache_games)
    what = f"{games:,} games with PENANG_RUMMY_CACHE_GAMES={cap}"
    print(size_line(full, what, "10,000 games with the default cap", "bench_memory.py", chosen))
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        capped, bare = measure(games, cap, Path(directory))
        print("\n".join(report(capped, bare, cap)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
