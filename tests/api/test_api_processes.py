"""Several service processes over one PostgreSQL database: each sees the others' writes
at once, a game moves on whichever process a turn reaches, and of two processes racing
for one turn exactly one records it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.settings import Settings

from .served import postgres_env, processes

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_processes(postgres_settings: Settings, tmp_path: Path) -> Iterator[list[str]]:
    with processes(2, postgres_env(postgres_settings), tmp_path) as started:
        yield [served.base for served in started]


def _turn(base: str, game: dict[str, Any], seat: int) -> httpx.Response:
    token = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    path = f"/games/{game['game_id']}/seats/{seat}"
    moves = httpx.get(base + path + "/moves", headers=token).json()["moves"]
    action = (moves["melds"] or moves["lay_offs"])[0]
    return httpx.post(base + path + "/turns", json={"actions": [action]}, headers=token)


def test_a_game_moves_on_whichever_process_a_turn_reaches(two_processes: list[str]) -> None:
    first, second = two_processes
    body = {"players": ["Aminah", "Ben", "Chen"], "seed": "two-processes"}
    game = httpx.post(first + "/games", json=body).json()
    for number in range(6):
        base = two_processes[number % 2]  # each process's cache is one turn behind
        view = httpx.get(f"{base}/games/{game['game_id']}").json()
        if view["over"]:
            break
        response = _turn(base, game, view["turn"])
        assert response.status_code == 200, response.text
        seen = [
            httpx.get(f"{b}/games/{game['game_id']}").json()["version"] for b in (first, second)
        ]
        assert seen == [response.json()["version"]] * 2


def test_two_processes_racing_for_one_turn_record_it_once(two_processes: list[str]) -> None:
    first, second = two_processes
    game = httpx.post(first + "/games", json={"players": ["a", "b"], "seed": "race"}).json()
    view = httpx.get(f"{second}/games/{game['game_id']}").json()
    seat = view["turn"]
    token = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    path = f"/games/{game['game_id']}/seats/{seat}"
    action = httpx.get(first + path + "/moves", headers=token).json()["moves"]["melds"][0]
    start = threading.Barrier(2)

    def submit(base: str) -> httpx.Response:
        start.wait()
        return httpx.post(base + path + "/turns", json={"actions": [action]}, headers=token)

    with ThreadPoolExecutor(2) as pool:
        responses = list(pool.map(submit, two_processes))
    assert sorted(r.status_code for r in responses) == [200, 409], [r.text for r in responses]
    events = httpx.get(f"{first}/games/{game['game_id']}/events").json()["events"]
    assert sum(record["event"]["type"] == "PassportMelded" for record in events) == 1
