"""Helpers for the API tests: a client that speaks the game, a simple player, a server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
from litestar.testing import TestClient
from patience import PATIENCE

from domain.penang.state import PenangState
from service.store import GameStore

Json = dict[str, Any]


class Api:
    """A TestClient with the game's vocabulary."""

    def __init__(self, client: TestClient[Any]) -> None:
        self.client = client

    @property
    def store(self) -> GameStore:
        store = self.client.app.state.store
        assert isinstance(store, GameStore)
        return store

    def state(self, game_id: str) -> PenangState:
        """The server-side truth (tests only)."""
        return self.store.state(UUID(game_id))

    def create(self, players: int = 4, **body: Any) -> Json:
        body.setdefault("seed", "api-tests")
        response = self.client.post(
            "/games", json={"players": [f"P{i}" for i in range(players)], **body}
        )
        assert response.status_code == 201, response.text
        return dict(response.json())

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {} if token is None else {"Authorization": f"Bearer {token}"}

    def turn(
        self, game: Json, seat: int, actions: list[Json], token: str | None = None, **headers: str
    ) -> Any:
        token = game["tokens"][seat] if token is None else token
        return self.client.post(
            f"/games/{game['game_id']}/seats/{seat}/turns",
            json={"actions": actions},
            headers={**self.auth(token), **headers},
        )

    def dead(self, game: Json, seat: int, **headers: str) -> Any:
        return self.client.post(
            f"/games/{game['game_id']}/seats/{seat}/dead",
            headers={**self.auth(game["tokens"][seat]), **headers},
        )

    def view(self, game: Json, seat: int | None = None) -> Json:
        if seat is None:
            response = self.client.get(f"/games/{game['game_id']}")
        else:
            response = self.client.get(
                f"/games/{game['game_id']}/seats/{seat}",
                headers=self.auth(game["tokens"][seat]),
            )
        assert response.status_code == 200, response.text
        return dict(response.json())

    def moves(self, game: Json, seat: int) -> Json:
        response = self.client.get(
            f"/games/{game['game_id']}/seats/{seat}/moves",
            headers=self.auth(game["tokens"][seat]),
        )
        assert response.status_code == 200, response.text
        return dict(response.json()["moves"])

    def events(self, game: Json, seat: int | None = None, since: int = 0) -> Json:
        token = None if seat is None else game["tokens"][seat]
        response = self.client.get(
            f"/games/{game['game_id']}/events", params={"since": since}, headers=self.auth(token)
        )
        assert response.status_code == 200, response.text
        return dict(response.json())

    def choose(self, game: Json, seat: int) -> list[Json]:
        """The first whole turn the server lists for `seat`; empty when it cannot move."""
        turns = self.moves(game, seat)["turns"]
        return list(turns[0]["actions"]) if turns else []

    def play_one(self, game: Json) -> Any:
        """Play one turn for whoever's turn it is; returns the response (or None at the end)."""
        view = self.view(game)
        seat = view["turn"]
        if seat is None:
            return None
        actions = self.choose(game, seat)
        if not actions:
            return self.dead(game, seat)
        return self.turn(game, seat, actions)

    def play_to_end(self, game: Json, limit: int = 400) -> Json:
        for _ in range(limit):
            response = self.play_one(game)
            if response is None:
                return self.view(game)
            assert response.status_code == 200, response.text
        raise AssertionError("the game did not end")


def free_port() -> int:
    """A loopback port nothing listens on now (for a server a test starts)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def serve(workdir: Path, *flags: str, settings: Mapping[str, str] | None = None) -> Iterator[str]:
    """A `penang-rummy serve` process (SQLite in `workdir`, with `flags`); yields its base URL.

    None of the caller's PENANG_RUMMY_ settings reach it: only `flags` and `settings`
    (PENANG_RUMMY_ variables) configure it; the rate limits are off unless `settings`
    turn them on (a test's client sends whole games at full speed from one address;
    tests/api/test_api_limits.py tests them).
    """
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env["PYTHONPATH"] = str(ROOT)
    env["PENANG_RUMMY_RATE_LIMIT"] = "off"
    env.update(settings or {})
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port), *flags]
    log = (workdir / "server.log").open("wb")
    server = subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                httpx.get(f"{url}/health", timeout=1).raise_for_status()
                break
            except httpx.TransportError:
                assert server.poll() is None, (workdir / "server.log").read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()
