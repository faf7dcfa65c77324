"""A process killed the moment a write is committed, before anything that follows it in
that process (live updates told, caches stamped, bots woken): on SQLite and PostgreSQL,
the game goes on after the restart.

What a game waits on besides its events (the bot turns' index, R33; the turn clock's,
R19) commits with the write that moves it (`service.store.clocks`), so no crash after
the commit leaves a table waiting for an index row. The server is started through a
launcher that kills its own process with SIGKILL right after the commit of the next
write of a game already dealt, once a trigger file exists: deterministically the moment
an outside check hit by chance.

Also in process: a write whose post-commit step never ran has its indexes' rows all the
same.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from uuid import UUID

import httpx
import msgspec
import pytest
from patience import PATIENCE

from domain.bots.seats import bots_of
from service.settings import Settings
from service.store import GameStore
from service.store.game_writes import GameWrites
from service.usecases import bot_turns, creation, game_kinds, games, pipeline
from service.usecases.messages import CreateGame

from .conftest import STORES
from .fault_support import REQUEST_SECONDS, Json, Server, store_env

#: Generous on a loaded machine: how long the bot or the clock may take after a restart.
WAIT = PATIENCE
#: The turn clock of the clocked game: long enough for a turn sent at once on a busy
#: machine, short enough for a test.
TURN_SECONDS = 15

LAUNCHER = textwrap.dedent(
    '''
    """`penang-rummy` whose process dies (SIGKILL) right after the commit of the next
    write of a dealt game, while the file named first on the command line exists."""
    import os
    import signal
    import sys
    from pathlib import Path

    from service.store.game_writes import GameWrites

    trigger = Path(sys.argv.pop(1))
    told = GameWrites._told

    def _told(self, write):
        if trigger.exists() and any(not game.new for game in write.written):
            os.kill(os.getpid(), signal.SIGKILL)
        told(self, write)

    GameWrites._told = _told

    from service.cli.main import main

    sys.exit(main())
    '''
)


@pytest.fixture(params=STORES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    settings = (
        request.getfixturevalue("postgres_settings")
        if request.param == "postgres"
        else Settings(sqlite_path=str(tmp_path / "games.sqlite"))
    )
    launcher = tmp_path / "launcher.py"
    launcher.write_text(LAUNCHER)
    trigger = tmp_path / "die-after-commit"
    env = {**store_env(settings, tmp_path), "PENANG_RUMMY_BOT_THINK_MS": "50"}
    served = Server(env, tmp_path, command=(str(launcher), str(trigger)))
    served.start()
    try:
        yield served, trigger
    finally:
        served.stop()


def _events_after(client: httpx.Client, game: Json, version: int) -> list[Json]:
    response = client.get(f"/games/{game['game_id']}/events")
    assert response.status_code == 200, response.text
    return [e["event"] for e in response.json()["events"] if e["version"] > version]


def _wait_for_seat(client: httpx.Client, game: Json, version: int, seat: int) -> list[Json]:
    """The events after `version`, once one of them is `seat`'s (bounded by `WAIT`)."""
    deadline = time.monotonic() + WAIT
    while True:
        events = _events_after(client, game, version)
        if any(event.get("seat") == seat for event in events):
            return events
        assert time.monotonic() < deadline, f"seat {seat} never moved after the restart: {events}"
        time.sleep(0.1)


def _play_and_die(served: Server, trigger: Path, client: httpx.Client, game: Json) -> int:
    """Seat 0's first listed turn, sent with the trigger set: the process dies right after
    its commit, and is started again. Answers the version the turn was decided at."""
    deadline = time.monotonic() + WAIT
    path = f"/games/{game['game_id']}"
    while (view := client.get(path).json())["turn"] != 0:
        assert time.monotonic() < deadline, "seat 0 never came on turn"
        time.sleep(0.1)
    token = {"Authorization": f"Bearer {game['tokens'][0]}"}
    moves = client.get(f"{path}/seats/0/moves", headers=token)
    assert moves.status_code == 200, moves.text
    actions = moves.json()["moves"]["turns"][0]["actions"]
    trigger.touch()
    try:
        answer = client.post(f"{path}/seats/0/turns", json={"actions": actions}, headers=token)
        pytest.fail(f"the process answered ({answer.status_code}) instead of dying")
    except httpx.TransportError:
        pass  # killed before its answer, as planned
    assert served.process is not None
    served.process.wait(timeout=REQUEST_SECONDS)
    trigger.unlink()
    served.start()
    stored = _events_after(client, game, view["version"])
    assert stored and stored[0].get("seat") == 0, f"the turn was not stored: {stored}"
    return int(view["version"])


def test_a_bot_plays_after_its_process_died_right_after_a_persons_turn(
    server: tuple[Server, Path],
) -> None:
    served, trigger = server
    with httpx.Client(base_url=served.base, timeout=REQUEST_SECONDS) as client:
        body = {"players": ["Aminah", {"bot": "greedy"}], "seed": "crash-after-commit"}
        created = client.post("/games", json={**body, "rules": {"cards_per_player": 12}})
        assert created.status_code == 201, created.text
        game = created.json()
        version = _play_and_die(served, trigger, client, game)
        _wait_for_seat(client, game, version, seat=1)


def test_the_clock_times_out_after_its_process_died_right_after_a_turn(
    server: tuple[Server, Path],
) -> None:
    served, trigger = server
    with httpx.Client(base_url=served.base, timeout=REQUEST_SECONDS) as client:
        body = {
            "players": ["Aminah", "Ben"],
            "seed": "clock-after-commit",
            "turn_seconds": TURN_SECONDS,
        }
        created = client.post("/games", json=body)
        assert created.status_code == 201, created.text
        game = created.json()
        version = _play_and_die(served, trigger, client, game)
        events = _wait_for_seat(client, game, version, seat=1)
        assert {"type": "DeclaredDead", "seat": 1, "reason": "timeout"} in events, events


def test_a_writes_index_rows_commit_with_it_whatever_follows_the_commit(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A clocked Penang game, seat 1 a bot. No app runs: nothing plays but this test.
    store = GameStore(settings)
    try:
        body = {
            "players": ["Aminah", {"bot": "greedy"}],
            "seed": "index-commits",
            "rules": {"cards_per_player": 12},
            "turn_seconds": 600,
        }
        request = msgspec.convert(body, CreateGame)
        game_id = UUID(str(creation.create_game(store, settings, request).value.game_id))
        state = store.state(game_id)
        if state.turn == 1:
            assert bot_turns.play_bot_turn(store, game_id, state)
            state = store.state(game_id)
        assert state.turn == 0
        # The bots' task looks while the person is on turn: the row is dropped (R33).
        later = datetime(2999, 1, 1, tzinfo=UTC)
        # (Only this game's row: on PostgreSQL the tables are shared with other tests.)
        row = store.bot_turns.row(game_id)
        assert row is not None
        bot_turns.settle(store, row._replace(deadline=later), later)
        assert store.bot_turns.row(game_id) is None

        def die(*_: object) -> None:
            raise RuntimeError("the process died right after the commit")

        monkeypatch.setattr(GameWrites, "_told", die)
        spec = game_kinds.spec_of(state)
        actions = bots_of(spec)["greedy"](game_kinds.view(state, 0, spec=spec), "seed")
        assert actions is not None
        with pytest.raises(RuntimeError, match="died"):
            pipeline.run_as_service(store, games.turn(game_id, 0, actions), state)
        stored = store.state(game_id)
        assert stored.version > state.version and stored.turn == 1
        for index in (store.clocks, store.bot_turns):
            kept = index.row(game_id)
            assert kept is not None and kept.version == stored.version, kept
    finally:
        store.close()
