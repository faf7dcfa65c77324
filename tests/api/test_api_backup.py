"""`penang-rummy backup` and `restore` of an SQLite store, as an operator runs them.

A backup taken while a served process takes turns holds every game and turn answered
before it began, and each game's record, served from the restored store, verifies. A
restore checks its source and refuses to replace a store that exists without
`--force`, or one a running process has open; what it replaces is kept beside it.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from service.cli.main import main
from service.store.backup import REPLACED_SUFFIX

from .load import Player, create_game, events_after_deal, play, wait_for_answers
from .served import PATIENCE, serving
from .support import ROOT

PLAYERS = 4


def _command(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    """`penang-rummy ARGS` as its own process, over the SQLite store `store`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    env.update(PYTHONPATH=str(ROOT), PENANG_RUMMY_SQLITE_PATH=str(store))
    command = [sys.executable, "-m", "service.cli", *args]
    return subprocess.run(
        command,
        check=False,
        env=env,
        cwd=store.parent,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )


def _verify(base: str, game_id: str, directory: Path) -> None:
    """The game's record, as served, verifies against the rules, its chain and its key."""
    record = directory / f"{game_id}.json"
    keys = directory / "keys.json"
    record.write_bytes(httpx.get(f"{base}/games/{game_id}/record").raise_for_status().content)
    keys.write_bytes(httpx.get(f"{base}/.well-known/penang-rummy-keys.json").content)
    assert main(["verify", str(record), "--keys", str(keys), "--require-signature"]) == 0


def test_a_backup_under_load_holds_every_turn_answered_before_it_and_restores(
    tmp_path: Path,
) -> None:
    live, copy = tmp_path / "live", tmp_path / "copy"
    live.mkdir()
    copy.mkdir()
    store, backup = live / "games.sqlite", tmp_path / "games.backup"
    stop = threading.Event()
    with serving({"PENANG_RUMMY_SQLITE_PATH": str(store)}, live) as server:
        players = [Player(create_game(server.base, f"backup-{n}")) for n in range(PLAYERS)]
        with ThreadPoolExecutor(PLAYERS) as pool:
            running = [pool.submit(play, server.base, player, stop) for player in players]
            wait_for_answers(players, running, 12)
            before = [list(player.answered) for player in players]
            made = _command("backup", str(backup), store=store)
            after = sum(len(player.answered) for player in players)
            stop.set()
            for future in running:
                future.result()
        assert made.returncode == 0, made.stderr
        assert after > sum(map(len, before)), "the turns went on while it copied"
        refused = _command("restore", str(backup), "--force", store=store)
        assert refused.returncode == 2
        assert "is open in another process (a running serve?): stop it first" in refused.stderr
    restored = copy / "games.sqlite"
    done = _command("restore", str(backup), store=restored)
    assert done.returncode == 0, done.stderr
    assert f"restored {backup} as the store {restored}: {PLAYERS} games" in done.stdout
    with serving({"PENANG_RUMMY_SQLITE_PATH": str(restored)}, copy) as server:
        for player, answered in zip(players, before, strict=True):
            expected = [record for answer in answered for record in answer["events"]]
            stored = events_after_deal(server.base, player.game)
            assert stored[: len(expected)] == expected
            # The test stopped the games wherever they were: the restored copy plays on,
            # and each finished game's record verifies (a record is only served finished).
            play(server.base, player, threading.Event())
            _verify(server.base, player.game["game_id"], copy)


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., int]:
    """`penang-rummy ARGS` in this process, in an empty folder, with no PENANG_RUMMY_ set."""
    for name in [name for name in os.environ if name.startswith("PENANG_RUMMY_")]:
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return lambda *args: main(list(args))


def _store(path: Path, games: int) -> Path:
    """An SQLite file shaped as a store, holding `games` deals."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE stored_events (originator_id, originator_version, topic, state)")
        for n in range(games):
            db.execute(
                "INSERT INTO stored_events VALUES (?, 1, 'domain.events:Dealt', x'')", (str(n),)
            )
    db.close()
    return path


def _games(path: Path) -> int:
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM stored_events").fetchone()
    db.close()
    return int(count)


def _refusal(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err + captured.out, captured
    return lines[0]


def test_a_backup_never_overwrites_a_file_unless_forced(
    run: Callable[..., int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, dest = _store(tmp_path / "penang-rummy.sqlite", 2), tmp_path / "copy.sqlite"
    dest.write_text("an older backup")
    assert run("backup", str(dest)) == 2
    assert _refusal(capsys) == f"penang-rummy backup: {dest} exists: give --force to overwrite it"
    assert dest.read_text() == "an older backup"
    assert run("backup", str(dest), "--force") == 0
    assert _games(dest) == _games(store) == 2
    assert not list(tmp_path.glob("*.partial")), "no half copy is left behind"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["backup", "copy.sqlite"], "there is no store at {tmp}/penang-rummy.sqlite"),
        (["backup", "penang-rummy.sqlite"], "there is no store at {tmp}/penang-rummy.sqlite"),
        (["backup", "no/such/folder.sqlite", "--sqlite-path", "a.sqlite"], "the folder no/such"),
        (["restore", "missing.sqlite"], "there is no file missing.sqlite"),
    ],
)
def test_each_refusal_is_one_line_and_exit_2(
    run: Callable[..., int],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    says: str,
) -> None:
    _store(tmp_path / "a.sqlite", 1)
    assert run(*args) == 2
    assert says.format(tmp=tmp_path.resolve()) in _refusal(capsys)
    assert not (tmp_path / "penang-rummy.sqlite").exists(), "no store is created"


def test_a_postgres_store_is_sent_to_pg_dump(
    run: Callable[..., int], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PENANG_RUMMY_STORE", "postgres")
    assert run("backup", "copy") == 2
    assert "the store is PostgreSQL (PENANG_RUMMY_STORE=postgres): back it up with pg_dump -Fc" in (
        _refusal(capsys)
    )
    assert run("restore", "copy") == 2
    assert "restore it with pg_restore" in _refusal(capsys)


def test_a_restore_replaces_a_store_only_when_forced_and_keeps_what_it_replaced(
    run: Callable[..., int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, backup = _store(tmp_path / "penang-rummy.sqlite", 3), _store(tmp_path / "b.sqlite", 5)
    assert run("restore", str(backup)) == 2
    assert _refusal(capsys) == (
        f"penang-rummy restore: the store {store} exists (3 games, 3 records): give --force "
        f"to replace it (it is kept as penang-rummy.sqlite{REPLACED_SUFFIX})"
    )
    assert _games(store) == 3
    assert run("restore", str(backup), "--force") == 0
    assert _games(store) == 5
    assert _games(store.with_name(store.name + REPLACED_SUFFIX)) == 3
    assert "the store it replaced is kept as" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("source", "says"),
    [
        (b"not a database at all" * 100, "is not an SQLite store: file is not a database"),
        (None, "is an SQLite file but not a store (no stored_events table)"),
    ],
)
def test_a_restore_refuses_a_source_that_is_not_a_store_and_touches_nothing(
    run: Callable[..., int],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: bytes | None,
    says: str,
) -> None:
    store, wrong = _store(tmp_path / "penang-rummy.sqlite", 3), tmp_path / "wrong.sqlite"
    if source is None:
        sqlite3.connect(wrong).execute("CREATE TABLE other (x)").connection.close()
    else:
        wrong.write_bytes(source)
    assert run("restore", str(wrong), "--force") == 2
    assert says in _refusal(capsys)
    assert _games(store) == 3
    assert not store.with_name(store.name + REPLACED_SUFFIX).exists()


def test_a_store_that_is_no_database_is_moved_aside_by_a_forced_restore(
    run: Callable[..., int], tmp_path: Path
) -> None:
    store, backup = tmp_path / "penang-rummy.sqlite", _store(tmp_path / "b.sqlite", 2)
    store.write_bytes(b"\0garbage" * 1000)
    assert run("restore", str(backup), "--force") == 0
    assert _games(store) == 2
    assert store.with_name(store.name + REPLACED_SUFFIX).read_bytes() == b"\0garbage" * 1000
