"""A PostgreSQL store backed up with `pg_dump -Fc` and restored with `pg_restore` into a
fresh database, as the operators' page says: served from there, every game reads back
as it was, and each game's record verifies against the rules, its chain and its key.

The whole database is dumped (a database of the service's own), or only the service's
tables, as an operator sharing the database with others would: `penangrummy_events`
(eventsourcing's recorder: every event, secret and idempotent answer, with its
sequence) and `penangrummy_turn_clocks` (the turn clocks' index). The recorder's
insert function and its row type are then not in the dump: the service creates them
again when it opens the store.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from service.cli.main import main
from service.settings import Settings
from service.store.clocks import TABLE as CLOCKS_TABLE

from .conftest import DEFAULT_POSTGRES
from .live_support import play_turn
from .support import Api, Json

pytestmark = pytest.mark.postgres
EVENTS_TABLE = "penangrummy_events"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (PostgreSQL's client programs)")
    return found


@pytest.fixture
def databases(postgres_settings: Settings) -> Iterator[tuple[Settings, Settings]]:
    """Two databases of this test's own: one to dump, one to restore into (both dropped)."""
    conninfo = os.environ.get("PENANG_RUMMY_TEST_POSTGRES", DEFAULT_POSTGRES)
    names = [f"penang_rummy_dump_{secrets.token_hex(4)}" for _ in range(2)]
    with psycopg.connect(conninfo, autocommit=True) as admin:
        for name in names:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield (
                postgres_settings.replace({"postgres_db": names[0]}),
                postgres_settings.replace({"postgres_db": names[1]}),
            )
        finally:
            for name in names:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _libpq(settings: Settings) -> list[str]:
    """The connection options of PostgreSQL's client programs for `settings`' database."""
    return [
        f"--host={settings.postgres_host}",
        f"--port={settings.postgres_port}",
        f"--username={settings.postgres_user}",
        f"--dbname={settings.postgres_db}",
        "--no-password",
    ]


def _run(command: list[str], settings: Settings) -> None:
    env = {**os.environ, "PGPASSWORD": settings.postgres_password}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def _play(api: Api, games: int) -> list[Json]:
    """`games` games, the first played to its end, the others a few turns in."""
    created = []
    for number in range(games):
        game = api.create(players=3, seed=f"pg-dump-{number}", rules={"cards_per_player": 7})
        for _ in range(40 if number == 0 else 3):
            view = api.client.get(f"/games/{game['game_id']}").json()
            if view["over"]:
                break
            seat = view["turn"]
            assert play_turn(api.client, game["game_id"], seat, game["tokens"][seat]).is_success
        created.append(game)
    assert api.client.get(f"/games/{created[0]['game_id']}").json()["over"]
    return created


def _verify(api: Api, game_id: str, directory: Path) -> None:
    record, keys = directory / f"{game_id}.json", directory / "keys.json"
    record.write_bytes(api.client.get(f"/games/{game_id}/record").content)
    keys.write_bytes(api.client.get("/.well-known/penang-rummy-keys.json").content)
    assert main(["verify", str(record), "--keys", str(keys), "--require-signature"]) == 0


@pytest.mark.parametrize(
    "tables",
    [[], [f"--table={EVENTS_TABLE}", f"--table={CLOCKS_TABLE}"]],
    ids=["database", "tables"],
)
def test_pg_dump_and_pg_restore_carry_every_game_to_a_fresh_database(
    databases: tuple[Settings, Settings],
    make_api: Callable[[Settings], Api],
    tmp_path: Path,
    tables: list[str],
) -> None:
    pg_dump, pg_restore = _tool("pg_dump"), _tool("pg_restore")
    source, fresh = databases
    api = make_api(source)
    games = _play(api, 3)
    seen = {
        game["game_id"]: api.client.get(f"/games/{game['game_id']}/events").json() for game in games
    }
    dump = tmp_path / "penang-rummy.dump"
    _run([pg_dump, *_libpq(source), "--format=custom", *tables, f"--file={dump}"], source)
    _run([pg_restore, *_libpq(fresh), "--no-owner", "--exit-on-error", str(dump)], fresh)
    restored = make_api(fresh)
    for game_id, events in seen.items():
        assert restored.client.get(f"/games/{game_id}/events").json() == events
        _verify(restored, game_id, tmp_path)
    # The restored store takes new games and turns: its sequence came along.
    later = _play(restored, 1)
    assert restored.client.get(f"/games/{later[0]['game_id']}").json()["over"]
