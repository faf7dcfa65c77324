"""Live updates on a running server (uvicorn in a thread of the test, so the test can
read the hub's counts): turns reach every open stream with whose turn it is (P9),
keep-alives on quiet streams, the limits (429 before a stream opens), one store read
per change whatever the number of streams, a write nobody was told of found by the
periodic re-read, and everything a stream held freed when its client goes.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import msgspec
import pytest
from patience import PATIENCE

from domain.penang.events import TurnEnded
from service.api import guards
from service.settings import Settings
from service.store import GameStore
from service.usecases import feeds, games
from service.usecases.hub import Hub
from service.usecases.hub_feed import Feed
from service.usecases.subscriptions import MAX_QUEUED, Batch, Subscription

from .live_support import (
    ROOT,
    LiveServer,
    SseReader,
    assert_stream_keeps_secrets,
    play_turn,
)
from .support import free_port

Json = dict[str, Any]
EMPTY = {"streams": 0, "feeds": 0, "followed": 0, "holders": 0}


def _settings(tmp_path: Path, **values: Any) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "live.sqlite"), **values)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(
        _settings(tmp_path, streams_per_address=200, stream_keepalive_seconds=1)
    ) as server:
        yield server


def _auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def _create(base: str, players: int = 3, seed: str = "live") -> Json:
    body = {"players": [f"P{i}" for i in range(players)], "rules": {"cards_per_player": 7}}
    response = httpx.post(base + "/games", json={**body, "seed": seed})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _until_stats(live: LiveServer, expected: Callable[[dict[str, int]], bool]) -> dict[str, int]:
    deadline = time.monotonic() + PATIENCE  # on a loaded machine 100 threads are slow
    while not expected(stats := live.stats()):
        assert time.monotonic() < deadline, f"the hub holds {stats}"
        time.sleep(0.02)
    return stats


def test_each_turn_reaches_every_stream_with_whose_turn_it_is(live: LiveServer) -> None:
    game = _create(live.base)
    url = f"{live.base}/games/{game['game_id']}/stream"
    viewers: list[int | None] = [None, 0, 1, 2]
    readers = {
        viewer: SseReader(url, _auth(None if viewer is None else game["tokens"][viewer]))
        for viewer in viewers
    }
    with httpx.Client(base_url=live.base) as client:
        while True:
            view = client.get(f"/games/{game['game_id']}").json()
            for reader in readers.values():
                # Each stream says what the game says: its version, whose turn (P9).
                reader.wait(lambda r, v=view: (r.last_turn() or {}).get("version") == v["version"])
                assert reader.last_turn()["turn"] == view["turn"]
                assert reader.last_turn()["over"] == view["over"]
                assert reader.last_id() == view["version"]
            if view["over"]:
                break
            seat = view["turn"]
            response = play_turn(client, game["game_id"], seat, game["tokens"][seat])
            assert response.status_code == 200, response.text
    for viewer, reader in readers.items():
        reader.join()  # the game is over: the stream ends
        assert [m.id for m in reader.events()] == list(range(1, view["version"] + 1))
        assert_stream_keeps_secrets(reader.messages, viewer, game["game_id"])
    _until_stats(live, lambda stats: stats == EMPTY)


def test_a_quiet_stream_carries_keep_alive_comments(live: LiveServer) -> None:
    game = _create(live.base)
    reader = SseReader(f"{live.base}/games/{game['game_id']}/stream")
    reader.wait(lambda r: r.keepalives >= 2, timeout=5)
    assert len(reader.messages) == 2  # the deal and whose turn: keep-alives are comments
    reader.drop()


def test_a_token_and_an_address_hold_a_bounded_number_of_streams(tmp_path: Path) -> None:
    settings = _settings(tmp_path, streams_per_token=2, streams_per_address=3)
    with LiveServer(settings) as live:
        game = _create(live.base)
        url = f"{live.base}/games/{game['game_id']}/stream"
        seat = [SseReader(url, _auth(game["tokens"][0])) for _ in range(2)]
        spectators = [SseReader(url) for _ in range(3)]
        for reader in seat + spectators:
            reader.wait(lambda r: r.last_turn() is not None)
        refused = httpx.get(url, headers=_auth(game["tokens"][0]))
        assert refused.status_code == 429
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.headers["retry-after"] == "5"
        assert refused.json()["code"] == "too-many-streams"
        assert httpx.get(url).status_code == 429
        # Another seat's token counts apart, and so do an address's spectators.
        other = SseReader(url, _auth(game["tokens"][1]))
        other.wait(lambda r: r.last_turn() is not None)
        seat[0].drop()
        _until_stats(live, lambda stats: stats["streams"] == 5)
        # A stream opened with a ticket counts against its seat's token, not the address
        # (which is full).
        ticket_path = f"{live.base}/games/{game['game_id']}/seats/0/ticket"
        ticket = httpx.post(ticket_path, headers=_auth(game["tokens"][0])).json()
        again = SseReader(live.base + ticket["stream"])
        again.wait(lambda r: r.last_turn() is not None)
        refused = httpx.get(url, headers=_auth(game["tokens"][0]))
        assert refused.json()["code"] == "too-many-streams"
        for reader in [again, other, seat[1], *spectators]:
            reader.drop()
        _until_stats(live, lambda stats: stats == EMPTY)


def test_closing_a_hundred_clients_frees_everything_the_hub_held(live: LiveServer) -> None:
    game = _create(live.base)
    match = httpx.post(
        live.base + "/matches",
        # Seeded: its first game is played (a random deal of 7 cards may end at once).
        json={
            "players": ["A", "B"],
            "options": {"games": 2, "rules": {"cards_per_player": 7}},
            "seed": "table-1",
        },
    ).json()
    urls = [
        f"{live.base}/games/{game['game_id']}/stream",
        f"{live.base}/matches/{match['match_id']}/stream",
    ]
    readers = [SseReader(urls[i % 2]) for i in range(100)]
    for reader in readers:
        reader.wait(lambda r: r.last_turn() is not None)
    stats = live.stats()
    # One feed per key: the game, and the match (following its game too).
    assert stats == {"streams": 100, "feeds": 2, "followed": 3, "holders": 1}, stats
    for reader in readers:
        reader.drop()
    _until_stats(live, lambda stats: stats == EMPTY)


def test_a_change_is_read_once_for_every_stream_open_on_it(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _create(live.base, players=2)
    reads: list[UUID] = []
    read = feeds.read

    def counted(store: GameStore, cursor: feeds.Cursor, after: int = 0) -> Any:
        reads.append(cursor.stream)
        return read(store, cursor, after)

    monkeypatch.setattr(feeds, "read", counted)
    readers = [SseReader(f"{live.base}/games/{game['game_id']}/stream") for _ in range(20)]
    for reader in readers:
        reader.wait(lambda r: r.last_turn() is not None)
    time.sleep(0.3)  # the first reads settle
    reads.clear()
    with httpx.Client(base_url=live.base) as client:
        seat = client.get(f"/games/{game['game_id']}").json()["turn"]
        response = play_turn(client, game["game_id"], seat, game["tokens"][seat])
    version = response.json()["version"]
    for reader in readers:
        reader.wait(lambda r: r.last_id() == version)
    assert reads == [UUID(game["game_id"])], "one read of the store for 20 streams"
    for reader in readers:
        reader.drop()


def test_a_write_no_notice_reached_arrives_with_the_periodic_read(tmp_path: Path) -> None:
    settings = _settings(tmp_path, stream_recheck_seconds=1)
    with LiveServer(settings) as live:
        game = _create(live.base, players=2)
        reader = SseReader(f"{live.base}/games/{game['game_id']}/stream")
        reader.wait(lambda r: r.last_turn() is not None)
        # Another store over the same file: a writer whose writes the server is not told of.
        other = GameStore(settings)
        try:
            state = other.state(UUID(game["game_id"]))
            seat = state.turn
            assert seat is not None
            game_id, token = UUID(game["game_id"]), f"Bearer {game['tokens'][seat]}"
            moves = games.moves(guards.seat_read(other, game_id, seat, token), seat)
            answer = games.submit_turn(
                store=other,
                game_id=game_id,
                seat=seat,
                loaded=asyncio.run(guards.seat_command(other, game_id, seat, token)),
                if_match=None,
                key=None,
                actions=[(moves.moves.melds + moves.moves.lay_offs)[0]],
            )
        finally:
            other.close()
        # No notice comes: only the periodic read (every second here) can bring it.
        reader.wait(lambda r: r.last_id() == answer.result.version, timeout=5)
        reader.drop()


def test_a_stream_that_falls_too_far_behind_is_ended_after_what_it_holds(tmp_path: Path) -> None:
    game_id = UUID(int=1)

    async def scenario() -> tuple[list[bytes], dict[str, int]]:
        store = GameStore(_settings(tmp_path))
        try:
            hub = Hub(store, _settings(tmp_path), lambda message: message.data + b"\n")
            feed = Feed("game", game_id)
            subscription = Subscription(hub.release, feed, None, 0, hub.admit(None, "a"))
            for end in range(1, MAX_QUEUED + 10):
                item = feeds.Item(end, end, TurnEnded(seat=0), game_id)
                subscription.push(Batch("game", [item], end, set(), None, False, hub.frame))
            chunks = [chunk async for chunk in subscription.chunks(60, b": idle\n\n")]
            return chunks, hub.stats()
        finally:
            store.close()

    chunks, stats = asyncio.run(scenario())
    # Every batch it held, then the end (not a wait): its client resumes from the last id.
    assert len(chunks) == MAX_QUEUED
    assert msgspec.json.decode(chunks[-1])["version"] == MAX_QUEUED
    assert stats == EMPTY


def test_a_stopping_server_ends_its_streams_and_stops_at_once(tmp_path: Path) -> None:
    env = {"PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "stop.sqlite")}
    port = free_port()
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--log-level", "warning"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                httpx.get(base + "/ready", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        game = _create(base)
        reader = SseReader(f"{base}/games/{game['game_id']}/stream")
        reader.wait(lambda r: r.last_turn() is not None)
        started = time.monotonic()
        server.terminate()
        # uvicorn waits for every response under way: the stream is ended for it, and
        # a clean stop exits 0 (tests/api/test_api_shutdown.py).
        assert server.wait(timeout=15) == 0
        assert time.monotonic() - started < 6, "it waited for the stream (10 s at most)"
        reader.join(timeout=5)
    finally:
        if server.poll() is None:
            server.kill()
