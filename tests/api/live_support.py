"""Helpers for the live-update tests: a server in a thread, and a stream reader in a thread.

The TestClient reads a whole response before answering, so a stream that stays open
needs a real server: `LiveServer` runs uvicorn over `create_app` in a thread of the
test process (the test can look at the app's hub), `served` runs `penang-rummy serve`
as its own process. `SseReader` reads one stream in a thread with httpx, parsing each
message as an EventSource would, until it ends or the test drops it.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from litestar import Litestar
from patience import PATIENCE

from service.api.stream_hub import end_streams
from service.app import create_app
from service.settings import Settings
from service.usecases.hub import Hub

from .support import free_port

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Sse:
    """One server-sent message: its event name, id (None: none) and decoded data."""

    event: str
    id: int | None
    data: Any


def parse_stream(lines: Iterable[str], comment: Callable[[], None] = lambda: None) -> Iterator[Sse]:
    """The messages of a text/event-stream, as an EventSource reads them; `comment` is
    called at each comment line (the keep-alives)."""
    fields: dict[str, str] = {}
    for line in lines:
        if line.startswith(":"):
            comment()
        elif line:
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        else:
            if "data" in fields:
                event_id = int(fields["id"]) if "id" in fields else None
                yield Sse(fields.get("event", "message"), event_id, json.loads(fields["data"]))
            fields = {}


def parse_text(text: str) -> list[Sse]:
    """The messages of a whole stream (a TestClient answer's text)."""
    return list(parse_stream(text.splitlines()))


class LiveServer:
    """uvicorn serving `create_app(settings)` in a thread, on a free loopback port."""

    def __init__(self, settings: Settings) -> None:
        self.app: Litestar = create_app(settings)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, port=self.port, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + PATIENCE
        while not self._server.started:
            assert self._thread.is_alive(), "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        end_streams(self.app)
        self._server.should_exit = True
        self._thread.join(timeout=20)
        assert not self._thread.is_alive(), "the server did not stop"

    @property
    def hub(self) -> Hub:
        hub = self.app.state.hub
        assert isinstance(hub, Hub)
        return hub

    def stats(self) -> dict[str, int]:
        """The hub's counts, read in its own loop's thread."""
        return self.hub.stats()


@contextmanager
def served(env: dict[str, str], directory: Path, output: Path | None = None) -> Iterator[str]:
    """`penang-rummy serve` as a process with the PENANG_RUMMY_ variables `env`; its output
    written to `output` where given (its log level then the environment's), else kept
    for a failure (warnings only: a pipe nobody reads must not fill up)."""
    port = free_port()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    clean.update(PYTHONPATH=str(ROOT), **env)
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    written = None if output is None else output.open("wb")
    server = subprocess.Popen(
        command if written else [*command, "--log-level", "warning"],
        cwd=directory,
        env=clean,
        stdout=written or subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                httpx.get(base + "/ready", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                assert server.poll() is None, output or server.communicate()[0]
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        finally:
            if server.poll() is None:
                server.kill()
            if written is not None:
                written.close()


@dataclass
class SseReader:
    """One stream read in a thread; `messages` grows as they come (keep-alives counted)."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    messages: list[Sse] = field(default_factory=list)
    keepalives: int = 0
    status: int | None = None
    ended: bool = False
    failure: BaseException | None = None

    def __post_init__(self) -> None:
        self._changed = threading.Condition()
        self._client = httpx.Client(timeout=httpx.Timeout(10.0, read=None))
        self._response: httpx.Response | None = None
        self._dropped = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with self._client.stream("GET", self.url, headers=self.headers) as response:
                self._response = response
                with self._changed:
                    self.status = response.status_code
                    self._changed.notify_all()
                if response.status_code == 200:
                    self._parse(response.iter_lines())
                else:
                    response.read()
        except (httpx.HTTPError, OSError, ValueError) as failure:
            if not self._dropped:
                self.failure = failure
        finally:
            with self._changed:
                self.ended = True
                self._changed.notify_all()

    def _parse(self, lines: Iterator[str]) -> None:
        for message in parse_stream(lines, self._keepalive):
            with self._changed:
                self.messages.append(message)
                self._changed.notify_all()

    def _keepalive(self) -> None:
        with self._changed:
            self.keepalives += 1
            self._changed.notify_all()

    def wait(self, until: Callable[[SseReader], bool], timeout: float = 30.0) -> None:
        """Wait until `until(self)` holds (checked at every message); fail after `timeout`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not until(self):
                left = deadline - time.monotonic()
                if left <= 0 or (self.ended and not until(self)):
                    raise AssertionError(
                        f"{self.url}: not seen in {timeout} s (status {self.status}, "
                        f"ended {self.ended}, failure {self.failure!r}); last: {self.messages[-3:]}"
                    )
                self._changed.wait(min(left, 0.2))

    def events(self) -> list[Sse]:
        with self._changed:
            return [message for message in self.messages if message.id is not None]

    def turns(self) -> list[Sse]:
        with self._changed:
            return [message for message in self.messages if message.event == "turn"]

    def last_turn(self) -> Any:
        turns = self.turns()
        return turns[-1].data if turns else None

    def last_id(self) -> int:
        events = self.events()
        return events[-1].id or 0 if events else 0

    def drop(self) -> None:
        """Close the connection, as a client that goes away."""
        self._dropped = True
        response = self._response
        if response is not None:
            # The reading thread blocks in recv: shutting the socket down wakes it.
            stream = response.extensions.get("network_stream")
            sock = None if stream is None else stream.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
        self._thread.join(timeout=10)
        assert not self._thread.is_alive(), f"{self.url}: the reader did not stop"
        self._client.close()

    def join(self, timeout: float = 20.0) -> None:
        """Wait for the server to end the stream."""
        self._thread.join(timeout=timeout)
        assert self.ended, f"{self.url}: the stream did not end"
        self._client.close()


def play_turn(client: httpx.Client, game_id: str, seat: int, token: str) -> httpx.Response:
    """Play one legal turn for `seat`, chosen from its legal moves (`getLegalMoves`): the
    first meld, else the first lay-off, else a joker swap with a lay-off that the service
    takes; a seat with none of these declares dead."""
    headers = {"Authorization": f"Bearer {token}"}
    path = f"/games/{game_id}/seats/{seat}"
    moves = client.get(path + "/moves", headers=headers).json()["moves"]
    candidates = [[move] for move in (moves["melds"] + moves["lay_offs"])[:1]]
    table = client.get(f"/games/{game_id}").json()["table"]
    for swap in moves["swaps"]:
        for meld in table:
            for end in ("low", "high", None):
                lay_off = {"type": "lay_off", "meld": meld["id"], "card": "JK"}
                candidates.append([swap, lay_off if end is None else {**lay_off, "end": end}])
    for actions in candidates:
        response = client.post(path + "/turns", json={"actions": actions}, headers=headers)
        if response.status_code != 422:
            return response
    return client.post(path + "/dead", headers=headers)


def event_of(message: Sse) -> dict[str, Any]:
    """The event a stream message carries (an `EventRecord` or a `MatchStreamRecord`)."""
    event: dict[str, Any] = message.data["event"]
    return event


def game_of(message: Sse, game_id: str | None) -> str | None:
    """The game a message's event is of: a match stream says; a game stream is `game_id`'s."""
    return message.data.get("game_id", game_id) if "position" in message.data else game_id


def assert_stream_keeps_secrets(
    messages: list[Sse], seat: int | None, game_id: str | None = None
) -> None:
    """No message shows `seat` (None: a spectator) a hidden card of a running game (P5).

    Only `Dealt` holds hidden cards. It may show other hands, or the undealt cards, only
    when its game was over when it was read (R3): then that game's `GameEnded` comes in
    the same batch, before the next `turn` message. A seat's own hand always shows.
    """
    for at, message in enumerate(messages):
        event = event_of(message) if message.id is not None else {}
        if event.get("type") != "Dealt":
            continue
        game = game_of(message, game_id)
        if seat is not None:
            assert event["hands"][seat] is not None, f"seat {seat} does not see its hand"
        shown = [j for j, hand in enumerate(event["hands"]) if hand is not None and j != seat]
        if not shown and event["undealt"] is None:
            continue
        batch = []
        for later in messages[at + 1 :]:
            if later.event == "turn":
                break
            batch.append(later)
        ended = any(
            later.id is not None
            and event_of(later)["type"] == "GameEnded"
            and game_of(later, game_id) == game
            for later in batch
        )
        who = "a spectator" if seat is None else f"seat {seat}"
        assert ended, f"{who} sees hands {shown} or the undealt cards of running game {game}"
