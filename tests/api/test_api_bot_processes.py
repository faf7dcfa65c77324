"""Bot seats over two processes and one PostgreSQL database (R33, R35): both play the bot
tables, one is killed with SIGKILL mid-game, and the other plays every game to its end
with every bot turn recorded once (each record's bot commands re-derived by `verify`)."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from patience import PATIENCE

from domain.bots.audit import verify_record
from domain.records import load_record
from service.settings import Settings

from .served import Served, postgres_env, processes

pytestmark = pytest.mark.postgres
TABLES = [
    ("rummy", ["greedy", "random", "greedy"]),
    ("three-thirteen", ["random", "greedy"]),
    ("penang", ["greedy", "random", "patient"]),
]
WAIT = PATIENCE


@pytest.fixture
def two_processes(postgres_settings: Settings, tmp_path: Path) -> Iterator[list[Served]]:
    # Slow enough that the kill lands mid-game, fast enough for a test.
    env = {**postgres_env(postgres_settings), "PENANG_RUMMY_BOT_THINK_MS": "15"}
    with processes(2, env, tmp_path) as started:
        yield started


def _view(base: str, game: dict[str, Any]) -> dict[str, Any]:
    response = httpx.get(f"{base}/games/{game['game_id']}")
    response.raise_for_status()
    return dict(response.json())


def test_bot_tables_survive_a_process_killed_mid_game(two_processes: list[Served]) -> None:
    killed, survivor = two_processes
    first, second = killed.base, survivor.base
    games = []
    for number, (game, bots) in enumerate(TABLES * 2):
        body = {"players": [{"bot": bot} for bot in bots], "game": game, "seed": f"pg-{number}"}
        base = first if number % 2 == 0 else second
        response = httpx.post(f"{base}/games", json=body)
        assert response.status_code == 201, response.text
        games.append(response.json())
    # Both processes play until the tables are under way, then one dies at once.
    deadline = time.monotonic() + WAIT
    while min(_view(second, game)["version"] for game in games) < 4:
        assert time.monotonic() < deadline, "the bots did not start playing"
        time.sleep(0.02)
    killed.process.send_signal(signal.SIGKILL)
    killed.process.wait(timeout=10)
    running = [game for game in games if not _view(second, game)["over"]]
    assert running, "every game ended before the kill: nothing was tested"
    while not all(_view(second, game)["over"] for game in games):
        assert time.monotonic() < deadline, "the surviving process did not finish the games"
        time.sleep(0.05)
    for game in games:
        record = httpx.get(f"{second}/games/{game['game_id']}/record")
        assert record.status_code == 200, record.text
        verdict = verify_record(load_record(record.content))
        # Every bot command re-derived and each seat's turns in order: a bot turn
        # recorded twice, or lost, breaks the replay.
        assert verdict.valid and verdict.finished, verdict
        assert record.json()["events"][0]["bots"] is not None
