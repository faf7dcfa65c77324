"""A store in memory (`PENANG_RUMMY_SQLITE_PATH=:memory:`, `serve --sqlite-path :memory:`,
`Settings(sqlite_path=":memory:")`): one database that every connection of the process
shares, said at start-up as not durable and this process's alone; its signing key is
made for the process and never saved; `backup` and `restore` refuse it, saying why.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from eventsourcing.sqlite import SQLiteConnectionPool

from service.cli.main import main
from service.metrics import Metrics
from service.settings import Settings
from service.store import GameStore

from .live_support import LiveServer
from .load import create_game
from .served import PATIENCE, serving
from .support import Api

GAMES = 20
BOTS = {"players": [{"bot": "greedy"}, {"bot": "random"}], "game": "rummy"}


def _create_and_read(base: str, prefix: str) -> list[int]:
    """`GAMES` games created at once over four clients, then each read back: the
    statuses of the reads (every create must answer 201)."""
    with ThreadPoolExecutor(4) as pool:
        games = list(pool.map(lambda n: create_game(base, f"{prefix}-{n}"), range(GAMES)))
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        return [http.get(f"/games/{game['game_id']}").status_code for game in games]


def test_every_connection_to_a_store_in_memory_opens_its_one_database() -> None:
    store = GameStore(Settings(sqlite_path=":memory:"))
    try:
        pool = store.factory.datastore.pool
        assert isinstance(pool, SQLiteConnectionPool)
        # As the pool opens one more whenever the store's threads read or write at once.
        for _ in range(3):
            assert "stored_events" in _tables(pool)
        # As it closes those it no longer keeps (a full pool, an old connection), all of
        # them: the database lives on.
        while pool._pool:
            pool._pool.popleft().close()
        assert "stored_events" in _tables(pool)
    finally:
        store.close()


def _tables(pool: SQLiteConnectionPool) -> list[str]:
    """The tables a new connection of `pool` finds."""
    connection = pool._create_connection()
    try:
        rows = connection.cursor().sqlite_cursor.execute(_TABLES).fetchall()
        return [row[0] for row in rows]
    finally:
        connection.close()


_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"


def test_a_store_in_memory_keeps_every_game_while_its_loops_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    with LiveServer(Settings(sqlite_path=":memory:")) as live:
        metrics = live.app.state.metrics
        assert isinstance(metrics, Metrics)
        started = time.time()

        def clock_looked() -> float:
            name = "penang_rummy_clock_last_look_timestamp_seconds"
            return metrics.registry.get_sample_value(name) or 0.0

        def client(number: int) -> list[int]:
            """Games made and each read back from the store (its events), one by one,
            until the turn clock has looked at the store a few times meanwhile."""
            statuses = []
            deadline = time.monotonic() + PATIENCE
            with httpx.Client(base_url=live.base, timeout=PATIENCE) as http:
                while len(statuses) < GAMES or clock_looked() < started + 2.5:
                    assert time.monotonic() < deadline, "the turn clock did not look"
                    body = {"players": ["Aminah", "Ben"], "seed": f"loops-{number}-{len(statuses)}"}
                    created = http.post("/games", json=body)
                    statuses.append(created.status_code)
                    if created.status_code == 201:
                        events = http.get(f"/games/{created.json()['game_id']}/events")
                        statuses.append(events.status_code)
                    time.sleep(0.02)
            return statuses

        with ThreadPoolExecutor(4) as pool:
            answered = [status for found in pool.map(client, range(4)) for status in found]
    assert sorted(set(answered)) == [200, 201], sorted(answered)
    assert os.listdir(tmp_path) == [], "nothing is written"


def test_two_stores_in_memory_in_one_process_are_two_databases(
    make_api: Callable[[Settings], Api], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    first, second = (make_api(Settings(sqlite_path=":memory:")) for _ in range(2))
    game = first.create()
    assert first.client.get(f"/games/{game['game_id']}/events").status_code == 200
    assert second.client.get(f"/games/{game['game_id']}/events").status_code == 404


def _clock_looked(base: str) -> float:
    figures = httpx.get(f"{base}/metrics", timeout=PATIENCE).raise_for_status().text
    for line in figures.splitlines():
        if line.startswith("penang_rummy_clock_last_look_timestamp_seconds"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError("no clock_last_look_timestamp in /metrics")


def _wait(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_serve_in_memory_says_it_is_not_durable_and_serves_every_game(tmp_path: Path) -> None:
    env = {"PENANG_RUMMY_SQLITE_PATH": ":memory:", "PENANG_RUMMY_BOT_THINK_MS": "0"}
    with serving(env, tmp_path) as served:
        first = served.output().splitlines()[0]
        assert "store SQLite in memory" in first and "not durable" in first, first
        assert _create_and_read(served.base, "served") == [200] * GAMES
        bots = httpx.post(f"{served.base}/games", json={**BOTS, "seed": "in-memory-bots"})
        assert bots.status_code == 201, bots.text
        game: dict[str, Any] = bots.json()
        url = f"{served.base}/games/{game['game_id']}"
        _wait(lambda: bool(httpx.get(url).json()["over"]), "the bots did not finish their game")
        record = httpx.get(f"{url}/record")
        assert record.status_code == 200, record.text
        keys = httpx.get(f"{served.base}/.well-known/penang-rummy-keys.json").json()
        assert record.json()["signature"]["kid"] in [key["kid"] for key in keys["keys"]]
        # The turn clock and the bots' loop look at the store every second: let both
        # look again after every write, then read what they logged.
        since = time.time()
        _wait(lambda: _clock_looked(served.base) > since, "the turn clock did not look")
        assert served.stop() == 0
        output = served.output()
    assert "Traceback" not in output and "no such table" not in output, output
    assert '"level":"error"' not in output, output
    assert sorted(os.listdir(tmp_path)) == [served.log.name], "nothing but its log is written"


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., int]:
    """`penang-rummy ARGS` in this process, in an empty folder, the store in memory."""
    for name in [name for name in os.environ if name.startswith("PENANG_RUMMY_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("PENANG_RUMMY_SQLITE_PATH", ":memory:")
    monkeypatch.chdir(tmp_path)
    return lambda *args: main(list(args))


@pytest.mark.parametrize(
    "args",
    [
        ["backup", "copy.sqlite"],
        ["restore", "copy.sqlite", "--force"],
        ["backup", "copy.sqlite", "--sqlite-path", ":memory:"],
    ],
)
def test_backup_and_restore_refuse_a_store_in_memory(
    run: Callable[..., int],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
) -> None:
    (tmp_path / "copy.sqlite").write_bytes(b"")
    assert run(*args) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    (line,) = captured.err.strip().splitlines()
    assert "the store is in memory" in line and "nothing to copy" in line, line
    assert sorted(os.listdir(tmp_path)) == ["copy.sqlite"], "nothing is written"
