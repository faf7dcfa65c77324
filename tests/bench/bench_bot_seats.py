"""Benchmark: bot seats (R33, R35), how soon a bot plays once its turn comes, and how
many bot-only matches one process plays.

    python tests/bench/bench_bot_seats.py [--games 6] [--matches 8]

One process of the service in this one (the app and its lifespan through Litestar's
TestClient, a fresh SQLite file), with `bot_think_ms` 0 and no cap that binds. A
listener on the store's committed writes notes the moment each write of a game is in.

- **Latency.** `--games` tables of bots alone of each game (Penang Rummy: greedy,
  patient, random; basic Rummy and Three Thirteen: greedy, random), one table at a time.
  For every bot turn: from the commit of the write that made it the bot's turn to the
  commit of the bot's own write. p50 and p99 per game; the goal: p99 under 20 ms.
  **Baseline, same run:** the same tables' bot turns decided and appended by calling
  `bot_turns.play_bot_turn` in a loop over a store of their own (no index look, no task,
  no wake-up), which is what a bot turn costs at the least.
- **Throughput.** `--matches` matches of bots alone (basic Rummy, three hands each) opened
  at once: matches finished and bot turns played per second by the process.

Figures, not assertions: nothing asserts a time.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
from litestar.testing import TestClient  # noqa: E402

from service.app import create_app  # noqa: E402
from service.settings import Settings  # noqa: E402
from service.store import GameStore  # noqa: E402
from service.store.notices import Change  # noqa: E402
from service.usecases import bot_turns, creation  # noqa: E402
from service.usecases.messages import CreateGame  # noqa: E402

P99_GOAL_MS = 20.0
TABLES = {
    "penang": ["greedy", "patient", "random"],
    "rummy": ["greedy", "random"],
    "three-thirteen": ["greedy", "random"],
}
WAIT = 120.0


class Commits:
    """The moment each game's write was committed, by stream and version."""

    def __init__(self) -> None:
        self.at: dict[UUID, list[tuple[int, float]]] = {}
        self._lock = threading.Lock()

    def __call__(self, found: Sequence[Change]) -> None:
        now = time.perf_counter()
        with self._lock:
            for change in found:
                if change.kind == "game":
                    self.at.setdefault(change.stream, []).append((change.version, now))

    def gaps_ms(self, game_id: UUID) -> list[float]:
        """The time from each write of the game to the next, the deal's first."""
        with self._lock:
            times = [moment for _, moment in sorted(self.at.get(game_id, []))]
        return [(later - earlier) * 1000 for earlier, later in itertools.pairwise(times)]


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _wait_over(store: GameStore, game_ids: list[UUID]) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if all(store.state(game_id).over for game_id in game_ids):
            return
        time.sleep(0.002)
    raise SystemExit("the bots did not finish their tables in time")


def _create(client: TestClient[Any], path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    if response.status_code != 201:
        raise SystemExit(f"{path}: {response.status_code} {response.text}")
    return dict(response.json())


def latency(
    client: TestClient[Any], store: GameStore, alone: GameStore, commits: Commits, games: int
) -> None:
    for game, bots in TABLES.items():
        samples: list[float] = []
        for number in range(games):
            body = {"players": [{"bot": bot} for bot in bots], "game": game}
            created = _create(client, "/games", {**body, "seed": f"bench-bots/{game}/{number}"})
            game_id = UUID(created["game_id"])
            _wait_over(store, [game_id])
            samples += commits.gaps_ms(game_id)
        floor = baseline(alone, game, bots, games)
        p50, p99 = statistics.median(samples), _percentile(samples, 0.99)
        verdict = "met" if p99 < P99_GOAL_MS else "not met"
        print(
            f"{game}: {len(samples)} bot turns; commit to commit p50 {p50:.2f} ms, "
            f"p99 {p99:.2f} ms; goal p99 under {P99_GOAL_MS:.0f} ms: {verdict}; baseline "
            f"(play_bot_turn in a loop) p50 {statistics.median(floor):.2f} ms, "
            f"p99 {_percentile(floor, 0.99):.2f} ms"
        )


def baseline(store: GameStore, game: str, bots: list[str], games: int) -> list[float]:
    """The same tables' bot turns played by a loop here, over a store of their own (no
    index look, no task, no wake-up): what a bot turn costs at the least."""
    samples: list[float] = []
    for number in range(games):
        request = msgspec.convert(
            {
                "players": [{"bot": bot} for bot in bots],
                "game": game,
                "seed": f"bench-bots/{game}/{number}",
            },
            CreateGame,
        )
        game_id = creation.create_game(store, Settings(), request).value.game_id
        for _ in range(100_000):
            state = store.state(game_id)
            if state.over:
                break
            start = time.perf_counter()
            bot_turns.play_bot_turn(store, game_id, state)
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def throughput(client: TestClient[Any], store: GameStore, matches: int) -> None:
    start = time.perf_counter()
    opened = [
        _create(
            client,
            "/matches",
            {
                "players": [{"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}],
                "game": "rummy",
                "options": {"games": 3},
                "seed": f"bench-bots/match/{number}",
            },
        )
        for number in range(matches)
    ]
    deadline = time.monotonic() + WAIT * 5
    turns = 0
    while time.monotonic() < deadline:
        views = [client.get(f"/matches/{match['match_id']}").json() for match in opened]
        if all(view["status"] == "over" for view in views):
            seconds = time.perf_counter() - start
            for view in views:
                for played in view["games"]:
                    turns += store.state(UUID(played["game_id"])).version
            print(
                f"throughput: {matches} bot-only matches of basic Rummy (3 hands, 3 seats) "
                f"in {seconds:.2f} s: {matches / seconds:.2f} matches/s, "
                f"{turns / seconds:.0f} game events/s in one process"
            )
            return
        time.sleep(0.05)
    raise SystemExit("the bot-only matches did not finish in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--matches", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            sqlite_path=str(Path(folder) / "bench.sqlite"),
            bot_think_ms=0,
            bot_turns_per_second=100_000,
        )
        with TestClient(create_app(settings)) as client:
            store = client.app.state.store
            assert isinstance(store, GameStore)
            commits = Commits()
            store.listeners.add(commits)
            alone = GameStore(settings.replace({"sqlite_path": str(Path(folder) / "alone.sqlite")}))
            try:
                latency(client, store, alone, commits, args.games)
            finally:
                alone.close()
            throughput(client, store, args.matches)


if __name__ == "__main__":
    main()
