"""What the scale benchmarks share: a fresh PostgreSQL database, a served process over a
store, seeding that store with `penang-rummy simulate --store`, percentiles, and the
size of a run (CI's, smaller, unless `--full` or PENANG_RUMMY_BENCH_FULL=1)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from service.settings import Settings  # noqa: E402

DEFAULT_POSTGRES = "host=127.0.0.1 port=5432 dbname=test user=postgres"


def full_size(flag: bool) -> bool:
    """Whether to run the full size: `--full`, or PENANG_RUMMY_BENCH_FULL=1."""
    return flag or os.environ.get("PENANG_RUMMY_BENCH_FULL", "") == "1"


def size_line(full: bool, what: str, full_what: str, script: str, chosen: bool = False) -> str:
    """The run's size in words: the full size, CI's, or one `chosen` by options."""
    if full:
        return f"full size: {what}"
    kind = "size chosen" if chosen else "CI size"
    return f"{kind}: {what} (the full size, {full_what}: python tests/bench/{script} --full)"


@contextmanager
def postgres_database() -> Iterator[Settings | str]:
    """A fresh PostgreSQL database's settings (dropped after), or why there is none."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    conninfo = os.environ.get("PENANG_RUMMY_TEST_POSTGRES", DEFAULT_POSTGRES)
    try:
        admin = psycopg.connect(conninfo, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        yield f"unreachable at {conninfo!r}: {str(error).strip()}"
        return
    params = conninfo_to_dict(conninfo)
    name = f"penang_rummy_bench_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield Settings(
                store="postgres",
                postgres_host=str(params.get("host", "127.0.0.1")),
                postgres_port=int(str(params.get("port", 5432))),
                postgres_db=name,
                postgres_user=str(params.get("user", "postgres")),
                postgres_password=str(params.get("password", "")),
            )
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def store_name(settings: Settings) -> str:
    return "PostgreSQL" if settings.store == "postgres" else "SQLite"


def store_url(settings: Settings) -> str:
    """The store as `simulate --store` names it."""
    if settings.store == "sqlite":
        return settings.sqlite_path
    password = f":{settings.postgres_password}" if settings.postgres_password else ""
    return (
        f"postgresql://{settings.postgres_user}{password}@{settings.postgres_host}:"
        f"{settings.postgres_port}/{settings.postgres_db}"
    )


def store_env(settings: Settings, directory: Path, **extra: str) -> dict[str, str]:
    """A served process's PENANG_RUMMY_ variables for the store `settings` names."""
    env = {
        "PENANG_RUMMY_RATE_LIMIT": "off",  # the clients all come from one address
        "PENANG_RUMMY_SQLITE_PATH": settings.sqlite_path
        if settings.store == "sqlite"
        else str(directory / "unused.sqlite"),
        **extra,
    }
    if settings.store == "postgres":
        env.update(
            PENANG_RUMMY_STORE="postgres",
            PENANG_RUMMY_POSTGRES_HOST=settings.postgres_host,
            PENANG_RUMMY_POSTGRES_PORT=str(settings.postgres_port),
            PENANG_RUMMY_POSTGRES_DB=settings.postgres_db,
            PENANG_RUMMY_POSTGRES_USER=settings.postgres_user,
            PENANG_RUMMY_POSTGRES_PASSWORD=settings.postgres_password,
        )
    return env


@contextmanager
def served(env: dict[str, str], directory: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """`penang-rummy serve` with the PENANG_RUMMY_ variables `env`: its process and URL."""
    from bench_http import _free_port

    port = _free_port()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    clean.update(PYTHONPATH=str(ROOT), **env)
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    log = (directory / f"serve-{port}.log").open("wb")
    server = subprocess.Popen(
        [*command, "--log-level", "warning"], cwd=directory, env=clean, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/ready", timeout=2).raise_for_status()
                break
            except httpx.HTTPError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server did not start: see {log.name}") from None
                time.sleep(0.1)
        yield server, base
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def seed(settings: Settings, games: int, seed_text: str) -> float:
    """Store `games` finished games with `penang-rummy simulate --store`; seconds taken.

    A PostgreSQL store is then vacuumed and analysed, as a store at rest would be: right
    after a bulk load its autovacuum would otherwise run during the timing, on the
    larger store far longer than on the smaller.
    """
    started = time.monotonic()
    command = [sys.executable, "-m", "service.cli", "simulate", "--games", str(games)]
    command += ["--seed", seed_text, "--store", store_url(settings), "--json"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    subprocess.run(
        command, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True
    )
    if settings.store == "postgres":
        with _connect(settings, autocommit=True) as db:
            db.execute("VACUUM ANALYZE")
    return time.monotonic() - started


def stored_game_ids(settings: Settings) -> list[str]:
    """The ids of the games a store holds (their `Dealt` records)."""
    query = "SELECT originator_id FROM {table} WHERE topic = 'domain.events:Dealt'"
    if settings.store == "sqlite":
        import sqlite3

        with sqlite3.connect(settings.sqlite_path) as db:
            rows = db.execute(query.format(table="stored_events")).fetchall()
        return [str(_uuid(row[0])) for row in rows]
    with _connect(settings) as db:
        return [str(row[0]) for row in db.execute(query.format(table="penangrummy_events"))]


def snapshots_of(settings: Settings) -> int:
    """How many finished games' snapshots a store holds."""
    from service.store.snapshots import TABLE

    if settings.store == "sqlite":
        import sqlite3

        with sqlite3.connect(settings.sqlite_path) as db:
            return int(db.execute(f"SELECT count(*) FROM {TABLE}").fetchone()[0])
    with _connect(settings) as db:
        return int(db.execute(f"SELECT count(*) FROM {TABLE}").fetchone()[0])


def drop_snapshots(settings: Settings, game_ids: Sequence[str]) -> None:
    """Forget the snapshots of `game_ids`, as a store written before snapshots has none."""
    from uuid import UUID

    from service.store.snapshots import TABLE

    if settings.store == "sqlite":
        import sqlite3

        with sqlite3.connect(settings.sqlite_path) as db:
            keys = [(UUID(game_id).hex,) for game_id in game_ids]
            db.executemany(f"DELETE FROM {TABLE} WHERE game_id = ?", keys)
        return
    with _connect(settings) as db:
        keys = [(UUID(game_id),) for game_id in game_ids]
        db.cursor().executemany(f"DELETE FROM {TABLE} WHERE game_id = %s", keys)


def _connect(settings: Settings, *, autocommit: bool = False) -> Any:
    """A psycopg connection to the PostgreSQL store `settings` names."""
    import psycopg

    return psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        dbname=settings.postgres_db,
        user=settings.postgres_user,
        password=settings.postgres_password,
        autocommit=autocommit,
    )


def _uuid(text: str) -> str:
    from uuid import UUID

    return str(UUID(text))


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def rss_kib(pid: int) -> int | None:
    """The process's resident memory in KiB, where /proc shows it."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def verdict(met: bool) -> str:
    return "met" if met else "not met"
