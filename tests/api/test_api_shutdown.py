"""A `serve` process stopped by SIGTERM under load, as an operator's supervisor stops one.

It stops accepting, finishes the requests under way (every turn it answered is stored,
none half), ends each stream with a `retry:` hint so that its client reconnects, cuts
a request that outlasts PENANG_RUMMY_SHUTDOWN_SECONDS, and exits 0. A client whose turn
went unanswered sends it again, unchanged (its Idempotency-Key and If-Match), to a
restarted process over the same store: the turn lands exactly once.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from uuid import UUID

import httpx
import pytest

from service.api.stream_hub import end_streams
from service.cli import serve as serve_command
from service.cli.main import main
from service.settings import Settings
from service.store import GameStore
from service.usecases import feeds
from service.usecases.hub import Hub, Stopping

from .live_support import LiveServer, SseReader, play_turn
from .load import (
    Player,
    assert_each_answer_stored_once,
    candidates,
    create_game,
    events_after_deal,
    play,
    retry,
    wait_for_answers,
)
from .served import PATIENCE, Served, postgres_env, serving
from .support import Json, free_port

PLAYERS = 4
#: The turns answered, over every client, before the stop is sent.
TURNS_BEFORE_STOP = 24
RETRY_MS = 2500
HINT = f": the service is stopping: reconnect\nretry: {RETRY_MS}\n\n"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "games.sqlite"),
        "PENANG_RUMMY_STREAM_RETRY_MS": str(RETRY_MS),
        **extra,
    }


class StreamLines:
    """Every line of one stream, read in a thread until the server ends it."""

    def __init__(self, url: str) -> None:
        self.lines: list[str] = []
        self.ended = threading.Event()
        self._first_turn = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(url,), daemon=True)
        self._thread.start()
        assert self._first_turn.wait(PATIENCE), "the stream sent no turn message"

    def _read(self, url: str) -> None:
        try:
            with httpx.stream("GET", url, timeout=httpx.Timeout(PATIENCE, read=None)) as response:
                for line in response.iter_lines():
                    self.lines.append(line)
                    if line == "event: turn":
                        self._first_turn.set()
        finally:
            self.ended.set()


def test_a_sigterm_under_load_keeps_every_answered_turn_and_each_retry_lands_once(
    tmp_path: Path,
) -> None:
    stop = threading.Event()
    with serving(_env(tmp_path), tmp_path) as first:
        players = [Player(create_game(first.base, f"stop-{n}")) for n in range(PLAYERS)]
        # One more game, whose next turn is sent whole as the stop comes and never read.
        unread = Player(create_game(first.base, "stop-unread"))
        stream = StreamLines(f"{first.base}/games/{players[0].game['game_id']}/stream")
        with ThreadPoolExecutor(PLAYERS) as pool:
            running = [pool.submit(play, first.base, player, stop) for player in players]
            wait_for_answers(players, running, TURNS_BEFORE_STOP)
            connection = _send_unread(first, unread)
            code = first.stop()
            stop.set()
            for future in running:
                future.result()
        connection.close()
        assert code == 0, first.output()
    assert stream.ended.wait(PATIENCE), "the stream did not end"
    # The hint comes last, after every event the stream had for its client.
    assert stream.lines[-3:] == HINT.split("\n")[:3]
    with serving(_env(tmp_path), tmp_path, "restarted") as second:
        for player in [*players, unread]:
            retry(second.base, player)
            assert_each_answer_stored_once(second.base, player)


def _send_unread(served: Served, player: Player) -> socket.socket:
    """The next turn of `player`'s game sent whole on a connection whose client never
    reads the answer: noted as lost, to be sent again."""
    with httpx.Client(base_url=served.base) as http:
        player.lost = next(candidates(http, player.game))
    assert player.lost.path.endswith("/turns"), "the seed's first seat has a meld"
    connection = socket.create_connection(("127.0.0.1", int(served.base.rsplit(":", 1)[1])))
    connection.sendall(player.lost.raw())
    return connection


def test_a_request_that_outlasts_the_shutdown_seconds_is_cut_and_the_process_exits(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, PENANG_RUMMY_SHUTDOWN_SECONDS="1")
    with serving(env, tmp_path) as first:
        held = Player(create_game(first.base, "stop-held"))
        with httpx.Client(base_url=first.base) as http:
            held.lost = next(candidates(http, held.game))
        connection = socket.create_connection(("127.0.0.1", int(first.base.rsplit(":", 1)[1])))
        request = held.lost.raw()
        connection.sendall(request[:-5])  # the body's last bytes never come
        _wait_until_answered(first, held.game)
        code = first.stop()
        connection.close()
        assert code == 0, first.output()
        assert "Cancel 1 running task(s), timeout graceful shutdown exceeded" in first.output()
    with serving(env, tmp_path, "restarted") as second:
        assert events_after_deal(second.base, held.game) == [], "nothing of it was stored"
        retry(second.base, held)
        assert_each_answer_stored_once(second.base, held)


def _wait_until_answered(served: Served, game: Json) -> None:
    """Give the server the time to read the held request's head: a request sent after it
    is answered (the log line the test checks says that the server held it)."""
    httpx.get(f"{served.base}/games/{game['game_id']}").raise_for_status()


def test_the_shutdown_seconds_bound_the_wait_for_requests_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in [name for name in os.environ if name.startswith("PENANG_RUMMY_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("PENANG_RUMMY_SHUTDOWN_SECONDS", "7")
    bounds: list[int | None] = []
    monkeypatch.setattr(
        serve_command._Server,
        "run",
        lambda self, sockets: bounds.append(self.config.timeout_graceful_shutdown),
    )
    assert main(["serve", "--port", str(free_port())]) == 0
    assert bounds == [7]


def test_a_stream_asked_of_a_stopping_process_gets_the_hint_alone(tmp_path: Path) -> None:
    # An EventSource answered with an error status would never reconnect: it gets a
    # stream that tells it when to, and ends.
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), stream_retry_ms=RETRY_MS)
    with LiveServer(settings) as live:
        game = create_game(live.base, "stopping")
        end_streams(live.app)
        response = httpx.get(f"{live.base}/games/{game['game_id']}/stream", timeout=PATIENCE)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.text == HINT


def test_a_stream_waiting_for_its_first_read_when_the_hub_closes_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_held = threading.Event()
    monkeypatch.setattr(feeds, "start", lambda *args: read_held.wait(PATIENCE))
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"))

    async def scenario() -> dict[str, int]:
        store = GameStore(settings)
        try:
            hub = Hub(store, settings, lambda message: message.data, b"bye")
            holder = hub.admit(None, "127.0.0.1")
            waiting = asyncio.create_task(hub.subscribe("game", UUID(int=1), None, 0, holder))
            while hub.stats()["feeds"] == 0:
                await asyncio.sleep(0.01)
            hub.close()
            try:
                with pytest.raises(Stopping):
                    await asyncio.wait_for(waiting, 10)
            finally:
                read_held.set()
            return hub.stats()
        finally:
            store.close()

    stats = asyncio.run(scenario())
    assert stats["streams"] == stats["holders"] == 0, "everything it held is released"


@pytest.mark.postgres
def test_a_stream_ended_by_a_stopping_process_resumes_on_another(
    postgres_settings: Settings, tmp_path: Path
) -> None:
    env = {**postgres_env(postgres_settings), "PENANG_RUMMY_STREAM_RETRY_MS": str(RETRY_MS)}
    with serving(env, tmp_path, "stopped") as first, serving(env, tmp_path, "staying") as second:
        game = create_game(first.base, "resume-elsewhere")
        stream = StreamLines(f"{first.base}/games/{game['game_id']}/stream")
        version = _turns(second.base, game, 3)
        _wait_for_id(stream, version)
        assert first.stop() == 0
        assert stream.ended.wait(PATIENCE) and stream.lines[-3:] == HINT.split("\n")[:3]
        seen = max(int(line.removeprefix("id: ")) for line in stream.lines if line[:3] == "id:")
        version = _turns(second.base, game, 2)
        # As an EventSource does after the hint, to the process the balancer has left.
        resumed = SseReader(
            f"{second.base}/games/{game['game_id']}/stream", {"Last-Event-ID": str(seen)}
        )
        resumed.wait(lambda reader: reader.last_id() == version)
        resumed.drop()
    assert [event.id for event in resumed.events()] == list(range(seen + 1, version + 1))


def _turns(base: str, game: Json, turns: int) -> int:
    """Play `turns` turns of the game on `base`; the game's version after them."""
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        for _ in range(turns):
            seat = http.get(f"/games/{game['game_id']}").json()["turn"]
            response = play_turn(http, game["game_id"], seat, game["tokens"][seat])
            assert response.status_code == 200, response.text
        return int(http.get(f"/games/{game['game_id']}").json()["version"])


def _wait_for_id(stream: StreamLines, version: int) -> None:
    for _ in range(int(PATIENCE / 0.05)):
        if f"id: {version}" in stream.lines:
            return
        stream.ended.wait(0.05)
    raise AssertionError(f"the stream did not reach version {version}")
