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
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

import httpx
import pytest

from service.api.streams import end_streams
from service.cli import serve as serve_command
from service.cli.main import main
from service.settings import Settings
from service.store import GameStore
from service.usecases import feeds
from service.usecases.hub import Hub, Stopping

from .live_support import LiveServer
from .served import PATIENCE, Served, serving
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


@dataclass(frozen=True)
class Turn:
    """One turn request as its client sends it, and sends it again when retried."""

    path: str
    body: bytes
    headers: dict[str, str]

    def send(self, http: httpx.Client) -> httpx.Response:
        return http.post(self.path, content=self.body, headers=self.headers)

    def raw(self) -> bytes:
        """The request as bytes on the wire."""
        head = [f"POST {self.path} HTTP/1.1", "Host: 127.0.0.1"]
        head += [f"{name}: {value}" for name, value in self.headers.items()]
        head.append(f"Content-Length: {len(self.body)}")
        return ("\r\n".join(head) + "\r\n\r\n").encode() + self.body


@dataclass
class Player:
    """A client playing every seat of one game: the answers it got, the turn it lost."""

    game: Json
    answered: list[Json] = field(default_factory=list)
    lost: Turn | None = None


def _create(base: str, seed: str) -> Json:
    body = {"players": ["Aminah", "Ben", "Chen"], "seed": seed}
    response = httpx.post(base + "/games", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _candidates(http: httpx.Client, game: Json) -> Iterator[Turn]:
    """The turns to try, in order, for the seat whose turn it is: a meld or a lay-off,
    else a joker swap with a lay-off of the joker, else a dead declaration."""
    view = http.get(f"/games/{game['game_id']}").raise_for_status().json()
    if view["over"]:
        return
    seat, version = view["turn"], view["version"]
    path = f"/games/{game['game_id']}/seats/{seat}"
    auth = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    moves = http.get(path + "/moves", headers=auth).raise_for_status().json()["moves"]
    options = [[move] for move in (moves["melds"] + moves["lay_offs"])[:1]]
    for swap in moves["swaps"]:
        for meld in view["table"]:
            options.append([swap, {"type": "lay_off", "meld": meld["id"], "card": "JK"}])

    def headers() -> dict[str, str]:
        key = {"Idempotency-Key": str(uuid.uuid4()), "If-Match": f'"{version}"'}
        return {**auth, **key, "Content-Type": "application/json"}

    for actions in options:
        body = httpx.Request("POST", path, json={"actions": actions}).read()
        yield Turn(path + "/turns", body, headers())
    yield Turn(path + "/dead", b"", headers())


def _play(base: str, player: Player, stop: threading.Event) -> None:
    """Play turns until the game ends, the test stops, or the server goes away."""
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        while not stop.is_set():
            try:
                candidates = list(_candidates(http, player.game))
            except httpx.TransportError:
                return  # nothing was sent
            if not candidates:
                return
            for turn in candidates:
                try:
                    response = turn.send(http)
                except httpx.TransportError:
                    player.lost = turn
                    return
                if response.status_code != 422:
                    assert response.status_code == 200, response.text
                    player.answered.append(response.json())
                    break


def _events_after_deal(base: str, game: Json) -> list[Json]:
    page = httpx.get(f"{base}/games/{game['game_id']}/events", params={"since": 1})
    return list(page.raise_for_status().json()["events"])


def _assert_each_answer_stored_once(base: str, player: Player) -> None:
    """The game's events after the deal are exactly those of the turns answered, in order."""
    answered = sorted(player.answered, key=lambda answer: answer["version"])
    expected = [record for answer in answered for record in answer["events"]]
    assert _events_after_deal(base, player.game) == expected


def _retry(base: str, player: Player) -> None:
    """Send the lost turn again, unchanged; its answer joins the others."""
    if player.lost is None:
        return
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        response = player.lost.send(http)
    assert response.status_code == 200, response.text
    player.answered.append(response.json())


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
        players = [Player(_create(first.base, f"stop-{n}")) for n in range(PLAYERS)]
        # One more game, whose next turn is sent whole as the stop comes and never read.
        unread = Player(_create(first.base, "stop-unread"))
        stream = StreamLines(f"{first.base}/games/{players[0].game['game_id']}/stream")
        with ThreadPoolExecutor(PLAYERS) as pool:
            running = [pool.submit(_play, first.base, player, stop) for player in players]
            _wait_for_answers(players, running)
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
            _retry(second.base, player)
            _assert_each_answer_stored_once(second.base, player)


def _wait_for_answers(players: list[Player], running: list[Future[None]]) -> None:
    answered = threading.Event()
    for _ in range(int(PATIENCE / 0.05)):
        if sum(len(player.answered) for player in players) >= TURNS_BEFORE_STOP:
            return
        assert all(not future.done() for future in running), [f.result() for f in running]
        answered.wait(0.05)
    raise AssertionError("the clients got too few answers")


def _send_unread(served: Served, player: Player) -> socket.socket:
    """The next turn of `player`'s game sent whole on a connection whose client never
    reads the answer: noted as lost, to be sent again."""
    with httpx.Client(base_url=served.base) as http:
        player.lost = next(_candidates(http, player.game))
    assert player.lost.path.endswith("/turns"), "the seed's first seat has a meld"
    connection = socket.create_connection(("127.0.0.1", int(served.base.rsplit(":", 1)[1])))
    connection.sendall(player.lost.raw())
    return connection


def test_a_request_that_outlasts_the_shutdown_seconds_is_cut_and_the_process_exits(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, PENANG_RUMMY_SHUTDOWN_SECONDS="1")
    with serving(env, tmp_path) as first:
        held = Player(_create(first.base, "stop-held"))
        with httpx.Client(base_url=first.base) as http:
            held.lost = next(_candidates(http, held.game))
        connection = socket.create_connection(("127.0.0.1", int(first.base.rsplit(":", 1)[1])))
        request = held.lost.raw()
        connection.sendall(request[:-5])  # the body's last bytes never come
        _wait_until_answered(first, held.game)
        code = first.stop()
        connection.close()
        assert code == 0, first.output()
        assert "Cancel 1 running task(s), timeout graceful shutdown exceeded" in first.output()
    with serving(env, tmp_path, "restarted") as second:
        assert _events_after_deal(second.base, held.game) == [], "nothing of it was stored"
        _retry(second.base, held)
        _assert_each_answer_stored_once(second.base, held)


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
        game = _create(live.base, "stopping")
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
