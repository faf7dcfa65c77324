"""`penang-rummy simulate --store`: finished games written straight into a store, SQLite
or PostgreSQL, read back by the service as if they had been played there."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from uuid import UUID

import psycopg
import pytest

from domain.penang.events import Dealt, GameEnded
from service.cli.main import main
from service.settings import Settings
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store import GameStore

GAMES = 7


def _seed(capsys: pytest.CaptureFixture[str], where: str) -> None:
    args = ["simulate", "--games", str(GAMES), "--players", "3", "--seed", "seeding"]
    assert main([*args, "--store", where, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == GAMES
    assert f"stored {GAMES} games in {where}" in captured.err


def _check(store: GameStore, game_ids: list[UUID]) -> None:
    options = SimulationOptions(games=GAMES, players=3, bots=("greedy", "random"), seed="seeding")
    expected = sorted(
        (play_game(plan_game(options, n)) for n in range(1, GAMES + 1)), key=lambda e: repr(e[0])
    )
    stored = sorted((store.game_events(g) for g in game_ids), key=lambda e: repr(e[0]))
    assert stored == expected
    for game_id in game_ids:
        state = store.state(game_id)
        assert state.over and state.revealed_seed == store.secrets(game_id).server_seed
        assert isinstance(store.game_events(game_id, upto=1)[0], Dealt)
        assert any(isinstance(e, GameEnded) for e in store.game_events(game_id))


def test_simulate_stores_each_game_in_a_sqlite_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "seeded.sqlite"
    _seed(capsys, str(path))
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT originator_id FROM stored_events WHERE topic = 'domain.events:Dealt'"
        ).fetchall()
    store = GameStore(Settings(sqlite_path=str(path)))
    try:
        _check(store, [UUID(row[0]) for row in rows])
    finally:
        store.close()


@pytest.mark.postgres
def test_simulate_stores_each_game_in_a_postgres_database(
    postgres_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    s = postgres_settings
    url = f"postgresql://{s.postgres_user}@{s.postgres_host}:{s.postgres_port}/{s.postgres_db}"
    if s.postgres_password:
        url = url.replace("@", f":{s.postgres_password}@", 1)
    store = GameStore(s)
    with psycopg.connect(
        host=s.postgres_host,
        port=s.postgres_port,
        dbname=s.postgres_db,
        user=s.postgres_user,
        password=s.postgres_password,
    ) as db:
        before = {row[0] for row in db.execute(_DEALT)}
        _seed(capsys, url)
        game_ids = [row[0] for row in db.execute(_DEALT) if row[0] not in before]
    try:
        _check(store, game_ids)
    finally:
        store.close()


_DEALT = "SELECT originator_id FROM penangrummy_events WHERE topic = 'domain.events:Dealt'"
