"""`penang-rummy serve`: its help, its start-up lines, and one clear line for every mistake.

A bad setting, a busy port and a store that cannot be opened each end the command
with one line on standard error and exit code 2, before anything is created.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import msgspec
import psycopg
import pytest
from patience import PATIENCE

from service import version
from service.bootstrap import needs_install
from service.cli import serve as serve_command
from service.cli.main import main
from service.settings import DEFAULT_KEY_FILE, SETTINGS, Settings
from service.store import preflight

from .support import free_port

ROOT = Path(__file__).resolve().parents[2]


def _one_line_refusal(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err + captured.out
    return lines[0]


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No PENANG_RUMMY_ variable set; the working directory an empty folder."""
    for name in list(os.environ):
        if name.startswith("PENANG_RUMMY_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_serve_help_lists_every_setting_and_its_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--help"])
    assert exit_.value.code == 0
    shown = capsys.readouterr().out
    for row in SETTINGS:
        assert row.variable in shown, row.variable
        if row.flag:
            assert row.option in shown, row.option
    assert "--store {sqlite,postgres}" in shown and "--sqlite-path PATH" in shown


def test_version_names_the_installed_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"penang-rummy {version()}"
    assert version()[0].isdigit()


BAD_VARIABLES = [
    ("PENANG_RUMMY_STORE", "mysql", "PENANG_RUMMY_STORE must be sqlite or postgres"),
    ("PENANG_RUMMY_PORT", "eighty", "PENANG_RUMMY_PORT must be an integer from 1 to 65535"),
    ("PENANG_RUMMY_PORT", "70000", "PENANG_RUMMY_PORT must be an integer from 1 to 65535"),
    ("PENANG_RUMMY_SQLITE_SYNCHRONOUS", "off", "must be full or normal"),
    ("PENANG_RUMMY_ALLOW_DECK", "maybe", "PENANG_RUMMY_ALLOW_DECK must be 1/0"),
    ("PENANG_RUMMY_POSTGRES_POOL_SIZE", "0", "must be an integer from 1 to 1000"),
]


@pytest.mark.parametrize("bad", BAD_VARIABLES, ids=[f"{v}={x}" for v, x, _ in BAD_VARIABLES])
def test_a_bad_variable_is_one_line_and_exit_2(
    clean_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    bad: tuple[str, str, str],
) -> None:
    variable, value, named = bad
    monkeypatch.setenv(variable, value)
    assert main(["serve", "--port", str(free_port())]) == 2
    line = _one_line_refusal(capsys)
    assert line.startswith("penang-rummy serve: ") and named in line, line
    assert list(clean_env.iterdir()) == [], "something was created"


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--store", "mongo"], "--store must be sqlite or postgres, not 'mongo'"),
        (["--port", "0"], "--port must be an integer from 1 to 65535, not '0'"),
        (["--sqlite-synchronous", "fast"], "--sqlite-synchronous must be full or normal"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(
    clean_env: Path, capsys: pytest.CaptureFixture[str], flags: list[str], named: str
) -> None:
    assert main(["serve", *flags]) == 2
    assert named in _one_line_refusal(capsys)


def test_flags_win_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.cli.main import parser
    from service.cli.serve import settings_from

    args = parser().parse_args(
        ["serve", "--store", "SQLite", "--sqlite-path", "a.db", "--port", "9"]
    )
    environ = {
        "PENANG_RUMMY_STORE": "postgres",
        "PENANG_RUMMY_PORT": "7",
        "PENANG_RUMMY_HOST": "::1",
    }
    chosen = settings_from(args, environ)
    assert (chosen.store, chosen.sqlite_path, chosen.port, chosen.host) == (
        "sqlite",
        "a.db",
        9,
        "::1",
    )
    no_deck = parser().parse_args(["serve", "--no-allow-deck"])
    assert not settings_from(no_deck, {"PENANG_RUMMY_ALLOW_DECK": "on"}).allow_deck


def test_a_busy_port_fails_before_the_sqlite_file_is_created(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    line = _one_line_refusal(capsys)
    assert f"port {port} on 127.0.0.1 is in use" in line, line
    assert not (clean_env / "penang-rummy.sqlite").exists()


def test_an_sqlite_file_that_cannot_be_opened_is_one_line(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = clean_env / "no-such-folder" / "games.sqlite"
    assert main(["serve", "--port", str(free_port()), "--sqlite-path", str(missing)]) == 2
    line = _one_line_refusal(capsys)
    assert f"cannot open the SQLite file {missing}" in line, line


def test_an_unreachable_postgres_is_one_line_at_once(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PENANG_RUMMY_STORE", "postgres")
    monkeypatch.setenv("PENANG_RUMMY_POSTGRES_PORT", str(free_port()))  # nobody listens
    started = time.monotonic()
    assert main(["serve", "--port", str(free_port())]) == 2
    assert time.monotonic() - started < 3
    line = _one_line_refusal(capsys)
    assert "cannot connect to PostgreSQL at 127.0.0.1:" in line, line


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[list[object]]:
    """`serve` up to uvicorn's loop, which is not entered: the sockets it would serve."""
    served: list[list[object]] = []
    monkeypatch.setattr(serve_command._Server, "run", lambda self, sockets: served.append(sockets))
    return served


def test_the_start_up_lines_name_the_signing_key_created_then_read(
    clean_env: Path, started: list[list[object]], capsys: pytest.CaptureFixture[str]
) -> None:
    key = clean_env / DEFAULT_KEY_FILE
    assert main(["serve", "--port", str(free_port())]) == 0
    first = capsys.readouterr().out
    assert f"penang-rummy: created the signing key {key} (mode 0600), key id " in first, first
    assert key.exists()
    kid = first.split("key id ")[1].split(":")[0]
    assert main(["serve", "--port", str(free_port())]) == 0
    again = capsys.readouterr().out
    assert f"penang-rummy: signing key {key} (key id {kid})" in again, again
    assert "created" not in again
    assert len(started) == 2


def test_a_configured_signing_key_that_is_missing_is_one_line(
    clean_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    started: list[list[object]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    missing = clean_env / "no-such-key.pem"
    monkeypatch.setenv("PENANG_RUMMY_SIGNING_KEY", str(missing))
    assert main(["serve", "--port", str(free_port())]) == 2
    line = _one_line_refusal(capsys)
    assert (
        line == f"penang-rummy serve: cannot read the key file {missing}: No such file or directory"
    )
    assert not missing.exists() and not started


def test_the_start_up_lines_say_how_to_run_the_command_from_any_folder(
    clean_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    started: list[list[object]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`python3 -m service` finds the package from the checkout's root only."""
    scripts = Path(sysconfig.get_path("scripts"))
    monkeypatch.setenv("PATH", str(clean_env))  # not on PATH
    assert main(["serve", "--port", str(free_port())]) == 0
    lines = capsys.readouterr().out.splitlines()
    script = scripts / "penang-rummy"
    assert lines[-1] == (
        f"penang-rummy: from any folder run {script} "
        f"(or `source {scripts}/activate`, then `penang-rummy`)"
    ), lines


@pytest.fixture
def postgres_server(postgres_settings: Settings) -> Iterator[Settings]:
    """The session's PostgreSQL settings, and any database named `*_serve_*` dropped after."""
    yield postgres_settings
    with psycopg.connect(
        host=postgres_settings.postgres_host,
        port=postgres_settings.postgres_port,
        user=postgres_settings.postgres_user,
        dbname=postgres_settings.postgres_db,
        autocommit=True,
    ) as admin:
        rows = admin.execute("SELECT datname FROM pg_database WHERE datname LIKE '%_serve_%'")
        for (name,) in rows.fetchall():
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.postgres
def test_a_missing_postgres_database_is_named_in_one_line(
    postgres_server: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    name = f"penang_rummy_serve_{secrets.token_hex(4)}"
    settings = msgspec.structs.replace(postgres_server, postgres_db=name)
    with pytest.raises(preflight.StoreUnavailable, match=f"database {name} does not exist"):
        preflight.prepare_store(settings)


@pytest.mark.postgres
def test_the_default_postgres_database_is_created_when_missing(
    postgres_server: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stand-in for `penang_rummy`, so the test leaves the real default alone.
    name = f"penang_rummy_serve_{secrets.token_hex(4)}"
    monkeypatch.setattr(preflight, "DEFAULT_DATABASE", name)
    settings = msgspec.structs.replace(postgres_server, postgres_db=name)
    assert preflight.prepare_store(settings) == f"created database {name}: it did not exist"
    assert preflight.prepare_store(settings) == ""  # the second start finds it


def _wait_for_health(server: subprocess.Popen[str], base: str) -> httpx.Response:
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            return httpx.get(f"{base}/health", timeout=1)
        except httpx.TransportError:
            assert server.poll() is None, server.communicate()[0]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)


def test_the_quick_start_command_serves_from_a_system_python(tmp_path: Path) -> None:
    """README: `python3 -m service serve`, run by a Python outside any virtual environment.

    That Python makes (here: finds current) the checkout's `.venv` and serves from it.
    """
    if needs_install(ROOT):
        pytest.skip(".venv is not installed from the current lock: run python3 tests/run.py")
    system_python = getattr(sys, "_base_executable", sys.executable)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PENANG_RUMMY_", "VIRTUAL_"))}
    env.pop("PYTHONPATH", None)
    database = tmp_path / "quick.sqlite"
    command = [system_python, "-m", "service", "serve", "--port", str(port)]
    command += ["--sqlite-path", str(database)]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        assert _wait_for_health(server, base).json() == {"status": "ok"}
        index = httpx.get(f"{base}/").json()
        assert index["docs"] == "/schema" and index["openapi"] == "/schema/openapi.json"
    finally:
        server.terminate()
        output = server.communicate(timeout=10)[0]
    assert f"store SQLite file {database} (synchronous=full)" in output, output
    assert f"serving {base}/" in output, output


def test_serve_freezes_what_exists_once_the_app_has_started(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []

    def run(server: serve_command._Server, sockets: list[socket.socket]) -> None:
        started.extend(server._app.on_startup)
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(serve_command._Server, "run", run)
    assert main(["serve", "--port", str(free_port())]) == 0
    assert serve_command.freeze_heap in started


def test_freezing_the_heap_leaves_what_exists_out_of_the_collectors_passes() -> None:
    import gc

    before = gc.get_freeze_count()
    try:
        serve_command.freeze_heap()
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
