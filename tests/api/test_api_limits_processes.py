"""The limits over two processes of one PostgreSQL database are per process, as published:
each process lets a bearer token send its burst and hold its streams, so two allow
twice the setting, and each says so when it starts.

Why per process: tests/bench/bench_shared_limits.py measured the forms that would hold
for the whole service, kept in PostgreSQL; each costs more than its goal per request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from service.settings import Settings

from .live_support import SseReader
from .served import Served, postgres_env, serving
from .support import Json

pytestmark = pytest.mark.postgres
#: A bearer token's burst on each process: 5 requests (1 a minute, bursts of 300 s: the
#: bucket refills once a minute, never during the test).
BURST = 5
STREAMS = 2


def _env(settings: Settings) -> dict[str, str]:
    return {
        **postgres_env(settings),
        "PENANG_RUMMY_RATE_LIMIT": "on",
        "PENANG_RUMMY_RATE_PER_TOKEN": "1",
        "PENANG_RUMMY_RATE_BURST_SECONDS": str(BURST * 60),
        # Every request of the test comes from 127.0.0.1: the address's limit stays out.
        "PENANG_RUMMY_RATE_PER_ADDRESS": "1000000",
        "PENANG_RUMMY_STREAMS_PER_TOKEN": str(STREAMS),
    }


@pytest.fixture
def two_processes(postgres_settings: Settings, tmp_path: Path) -> Iterator[list[Served]]:
    with ExitStack() as stack:
        yield [
            stack.enter_context(serving(_env(postgres_settings), tmp_path, f"process-{n}"))
            for n in range(2)
        ]


def _game(base: str) -> Json:
    body = {"players": ["Aminah", "Ben", "Chen"], "seed": "limits-per-process"}
    response = httpx.post(base + "/games", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_each_process_lets_a_token_send_its_burst_so_two_allow_twice(
    two_processes: list[Served],
) -> None:
    game = _game(two_processes[0].base)
    seat = f"/games/{game['game_id']}/seats/0"
    auth = {"Authorization": f"Bearer {game['tokens'][0]}"}
    for process in two_processes:
        codes = [httpx.get(process.base + seat, headers=auth).status_code for _ in range(BURST)]
        refused = httpx.get(process.base + seat, headers=auth)
        assert codes == [200] * BURST
        assert refused.status_code == 429 and "retry-after" in refused.headers
    for process in two_processes:
        assert (
            "limits per process: 1000000 requests a minute per address, 1 per bearer token "
            f"(bursts of {BURST * 60} s), {STREAMS} streams per bearer token, 32 per address "
            "without one; N processes behind a balancer allow a client up to N times these"
        ) in process.output()


def test_each_process_lets_a_token_hold_its_streams_so_two_allow_twice(
    two_processes: list[Served],
) -> None:
    game = _game(two_processes[0].base)
    auth = {"Authorization": f"Bearer {game['tokens'][1]}"}
    readers = []
    try:
        for process in two_processes:
            url = f"{process.base}/games/{game['game_id']}/stream"
            for _ in range(STREAMS):
                reader = SseReader(url, auth)
                reader.wait(lambda r: r.last_turn() is not None)
                readers.append(reader)
            refused = httpx.get(url, headers=auth)
            assert refused.status_code == 429, refused.text
            assert refused.json()["code"] == "too-many-streams"
        assert len(readers) == 2 * STREAMS
    finally:
        for reader in readers:
            reader.drop()
