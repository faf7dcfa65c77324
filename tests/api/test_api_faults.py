"""Faults: a server killed with SIGKILL under load, three times, on SQLite and on
PostgreSQL; fifty clients racing for the turns of the same games.

After each kill the server is started again on the same store: every turn answered 200
is stored as it was answered, no turn is stored in part (a turn is one atomic append),
and every game goes on to its end. Fifty clients racing for the same games: each
stored event belongs to exactly one turn answered 200 (versions contiguous, no turn
twice), every other answer is a refusal, and every card of each finished game is
accounted for once. Waits are on what proves the path (turns answered, the server
ready), with generous bounds for a loaded machine.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.settings import Settings

from .conftest import STORES
from .fault_support import (
    REQUEST_SECONDS,
    Json,
    Server,
    check_every_card_once,
    create_games,
    next_turn,
    store_env,
    stored_events,
)

KILLS = 3
#: Turns answered 200 between two kills: the load is on when the server dies.
TURNS_PER_ROUND = 12
LOAD_CLIENTS = 4
RACERS = 50
RACED_GAMES = 4


@pytest.fixture(params=STORES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    settings = (
        request.getfixturevalue("postgres_settings")
        if request.param == "postgres"
        else Settings(sqlite_path=str(tmp_path / "games.sqlite"))
    )
    served = Server(store_env(settings, tmp_path), tmp_path)
    served.start()
    try:
        yield served
    finally:
        served.stop()


class Load:
    """Clients playing their own games until stopped, through kills and restarts: each
    turn answered 200 is kept as acknowledged; a refused request fails the test."""

    def __init__(self, server: Server, games: list[Json]) -> None:
        self.server = server
        self.games = games
        self.acknowledged: list[tuple[Json, int, Json]] = []
        self.failures: list[str] = []
        #: Requests that found the server gone (killed, or not started again yet).
        self.interrupted = 0
        self.stop = threading.Event()
        self.changed = threading.Condition()
        self.threads = [
            threading.Thread(target=self._play, args=(games[n::LOAD_CLIENTS],), daemon=True)
            for n in range(LOAD_CLIENTS)
        ]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=REQUEST_SECONDS * 2)

    def wait_for(self, count: int, timeout: float = 180.0) -> None:
        """Until `count` turns in all were answered 200 (or every game ended)."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while len(self.acknowledged) < count and not self.failures:
                if all(thread.is_alive() is False for thread in self.threads):
                    return
                left = deadline - time.monotonic()
                assert left > 0, f"only {len(self.acknowledged)} turns were answered"
                self.changed.wait(min(left, 1.0))
        assert not self.failures, self.failures

    def _play(self, games: list[Json]) -> None:
        with httpx.Client(base_url=self.server.base, timeout=REQUEST_SECONDS) as client:
            live = list(games)
            while live and not self.stop.is_set():
                game = live[0]
                try:
                    sent = next_turn(client, game)
                except httpx.TransportError:
                    self.interrupted += 1
                    time.sleep(0.2)  # the server is down: try again once it is back
                    continue
                if sent is None:
                    live.pop(0)
                    continue
                live.append(live.pop(0))
                _, version, response = sent
                with self.changed:
                    if response.status_code == 200:
                        self.acknowledged.append((game, version, response.json()))
                    else:
                        self.failures.append(f"{response.status_code} {response.text}")
                    self.changed.notify_all()


def _check_acknowledged(client: httpx.Client, acknowledged: list[tuple[Json, int, Json]]) -> None:
    """Every turn answered 200 is stored as answered: its events at its versions."""
    stored: dict[str, list[Json]] = {}
    for game, version, answer in acknowledged:
        if game["game_id"] not in stored:
            stored[game["game_id"]] = stored_events(client, game)
        events = stored[game["game_id"]]
        assert answer["version"] == version + len(answer["events"])
        for record in answer["events"]:
            kept = events[record["version"] - 1]["event"]
            assert (kept["type"], kept.get("seat")) == (
                record["event"]["type"],
                record["event"].get("seat"),
            ), f"version {record['version']} of {game['game_id']} is not the turn answered"


@pytest.mark.load
def test_a_server_killed_under_load_keeps_every_acknowledged_turn(server: Server) -> None:
    games = create_games(server.base, 8, f"kill-{time.time_ns()}")
    with Load(server, games) as load:
        for round_ in range(1, KILLS + 1):
            load.wait_for(round_ * TURNS_PER_ROUND)
            server.kill()
            server.start()
    assert not load.failures, load.failures
    assert load.interrupted, "no client ever found the server gone: it was killed idle"
    with httpx.Client(base_url=server.base, timeout=REQUEST_SECONDS) as client:
        _check_acknowledged(client, load.acknowledged)
        for game in games:  # whole turns only, whatever a kill interrupted
            stored_events(client, game)
        # Every game goes on: each is played to its end after the last restart.
        for game in games:
            while (sent := next_turn(client, game)) is not None:
                assert sent[2].status_code == 200, sent[2].text
            check_every_card_once(client, game)
    assert len(load.acknowledged) >= KILLS * TURNS_PER_ROUND


# --- fifty clients racing for the same games ----------------------------------------------

#: What a racer may be told besides 200: another racer's turn won (409 not-your-turn or
#: version conflict, 422 a move no longer legal, 412 a stale If-Match).
REFUSALS = frozenset({409, 412, 422})


def _race(base: str, games: list[Json], answers: list[tuple[Json, int, Any]], seed: int) -> None:
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=REQUEST_SECONDS) as client:
        while True:
            running = [g for g in games if not g.get("over")]
            if not running:
                return
            game = rng.choice(running)
            sent = next_turn(client, game)
            if sent is None:
                game["over"] = True
                continue
            _, version, response = sent
            body = response.json()
            answers.append((game, version, (response.status_code, body)))
            assert response.status_code == 200 or response.status_code in REFUSALS, body


@pytest.mark.load
def test_fifty_clients_racing_record_each_turn_once(server: Server) -> None:
    games = create_games(server.base, RACED_GAMES, f"race-{time.time_ns()}")
    answers: list[tuple[Json, int, Any]] = []
    failures: list[BaseException] = []

    def racer(number: int) -> None:
        try:
            _race(server.base, games, answers, number)
        except BaseException as failure:  # a thread's failure would pass unseen
            failures.append(failure)

    threads = [threading.Thread(target=racer, args=(n,)) for n in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(thread.is_alive() for thread in threads), "the racers did not finish"
    assert not failures, failures[0]
    with httpx.Client(base_url=server.base, timeout=REQUEST_SECONDS) as client:
        for game in games:
            events = stored_events(client, game)
            won = sorted(
                (answer["version"] - len(answer["events"]) + 1, answer["version"])
                for g, _, (status, answer) in answers
                if g is game and status == 200
            )
            # Versions 2 … n are the turns answered 200, each once, back to back.
            covered = [v for first, last in won for v in range(first, last + 1)]
            assert covered == list(range(2, len(events) + 1)), "a turn twice, or one unanswered"
            check_every_card_once(client, game)
    refused = sum(status != 200 for _, _, (status, _) in answers)
    assert refused, "no two racers ever met: the race did not happen"
