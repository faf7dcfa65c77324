"""Several service processes over one PostgreSQL database: each sees the others' writes
at once, a game moves on whichever process a turn reaches, and of two processes racing
for one turn exactly one records it."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.settings import Settings

from .support import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.postgres


def _serve(settings: Settings, directory: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env.update(
        PYTHONPATH=str(ROOT),
        PENANG_RUMMY_STORE="postgres",
        PENANG_RUMMY_POSTGRES_HOST=settings.postgres_host,
        PENANG_RUMMY_POSTGRES_PORT=str(settings.postgres_port),
        PENANG_RUMMY_POSTGRES_DB=settings.postgres_db,
        PENANG_RUMMY_POSTGRES_USER=settings.postgres_user,
        PENANG_RUMMY_POSTGRES_PASSWORD=settings.postgres_password,
    )
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--log-level", "warning"],
        cwd=directory,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(base + "/ready", timeout=1).raise_for_status()
            return server, base
        except httpx.HTTPError:
            assert server.poll() is None, server.communicate()[0]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


@pytest.fixture
def two_processes(postgres_settings: Settings, tmp_path: Path) -> Iterator[list[str]]:
    started = [_serve(postgres_settings, tmp_path) for _ in range(2)]
    try:
        yield [base for _, base in started]
    finally:
        for server, _ in started:
            server.terminate()
            server.wait(timeout=10)


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
