"""What the fault tests share: a `serve` process that can be killed with SIGKILL and
started again on the same store and port, the turns clients send, and the checks of a
game's stored events (contiguous versions, whole turns, every card once)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from domain.cards import build_deck
from domain.penang.fold import fold
from domain.records import load_record
from service.settings import Settings

from .support import ROOT, free_port

Json = dict[str, Any]
#: How a stored game's events may end between turns: a turn is recorded whole or not at all.
TURN_ENDS = frozenset({"Dealt", "TurnEnded", "DeclaredDead", "SeedRevealed"})
#: Generous on a loaded machine: how long a server may take to start, a client to be answered.
START_SECONDS = 90.0
REQUEST_SECONDS = 60.0


def store_env(settings: Settings, directory: Path) -> dict[str, str]:
    """The PENANG_RUMMY_ variables of a served process over the store `settings` names
    (PostgreSQL), or over a SQLite file in `directory`."""
    env = {"PENANG_RUMMY_RATE_LIMIT": "off"}
    if settings.store == "postgres":
        env.update(
            PENANG_RUMMY_STORE="postgres",
            PENANG_RUMMY_POSTGRES_HOST=settings.postgres_host,
            PENANG_RUMMY_POSTGRES_PORT=str(settings.postgres_port),
            PENANG_RUMMY_POSTGRES_DB=settings.postgres_db,
            PENANG_RUMMY_POSTGRES_USER=settings.postgres_user,
            PENANG_RUMMY_POSTGRES_PASSWORD=settings.postgres_password,
        )
    env["PENANG_RUMMY_SQLITE_PATH"] = str(directory / "games.sqlite")
    return env


class Server:
    """`penang-rummy serve` on one port, which `kill` ends with SIGKILL and `start` restarts."""

    def __init__(
        self, env: dict[str, str], directory: Path, command: tuple[str, ...] = ("-m", "service.cli")
    ) -> None:
        #: What runs the command line after the interpreter (a module, or a script).
        self.command = command
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
        self.env.update(PYTHONPATH=str(ROOT), **env)
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        log = (self.directory / f"server-{self.starts}.log").open("wb")
        command = [sys.executable, *self.command, "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--log-level", "warning"],
            cwd=self.directory,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                httpx.get(self.base + "/ready", timeout=5).raise_for_status()
                return
            except httpx.HTTPError:
                assert self.process.poll() is None, self.log()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, whatever the process was doing."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)

    def log(self) -> str:
        return (self.directory / f"server-{self.starts}.log").read_text(errors="replace")


def create_games(base: str, count: int, seed: str) -> list[Json]:
    with httpx.Client(base_url=base, timeout=REQUEST_SECONDS) as client:
        games = []
        for number in range(count):
            body = {"players": ["Aminah", "Ben", "Chen", "Devi"], "seed": f"{seed}-{number}"}
            response = client.post("/games", json=body)
            assert response.status_code == 201, response.text
            games.append(response.json())
        return games


def next_turn(client: httpx.Client, game: Json) -> tuple[int, int, httpx.Response] | None:
    """Send the next turn of `game` (the first whole turn listed, or a dead declaration):
    the seat, the version it was decided at, and the answer; None once the game is over."""
    path = f"/games/{game['game_id']}"
    view = client.get(path)
    assert view.status_code == 200, view.text
    seat, version = view.json()["turn"], view.json()["version"]
    if seat is None:
        return None
    token = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    moves = client.get(f"{path}/seats/{seat}/moves", headers=token)
    if moves.status_code != 200:
        return seat, version, moves
    turns = moves.json()["moves"]["turns"]
    if turns:
        body = {"actions": turns[0]["actions"]}
        return seat, version, client.post(f"{path}/seats/{seat}/turns", json=body, headers=token)
    return seat, version, client.post(f"{path}/seats/{seat}/dead", headers=token)


def stored_events(client: httpx.Client, game: Json) -> list[Json]:
    """The game's events as a spectator reads them, checked: versions 1, 2, … with no gap,
    and the last one the end of a whole turn (or the deal)."""
    response = client.get(f"/games/{game['game_id']}/events")
    assert response.status_code == 200, response.text
    records: list[Json] = response.json()["events"]
    assert [r["version"] for r in records] == list(range(1, len(records) + 1)), "a gap"
    assert records and records[-1]["event"]["type"] in TURN_ENDS, (
        f"half a turn is stored: it ends with {records[-1]['event']['type']}"
    )
    return records


def check_every_card_once(client: httpx.Client, game: Json) -> None:
    """A finished game's record, folded: every card of its deck once, in a hand, on the
    table or undealt."""
    response = client.get(f"/games/{game['game_id']}/record")
    assert response.status_code == 200, response.text
    state = fold(load_record(response.content).events)
    assert state.over, "the game is not over"
    deck = build_deck(state.rules.packs_for(state.seats), state.rules.jokers)
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    assert Counter(held + tabled + list(state.undealt)) == Counter(deck), "a card went astray"
