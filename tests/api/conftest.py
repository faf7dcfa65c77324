"""Fixtures: the API over SQLite (a temporary file) and over PostgreSQL (a fresh database).

PostgreSQL tests are marked `postgres`. Where the server is unreachable they are
skipped with the reason, unless PENANG_RUMMY_REQUIRE_POSTGRES=1 (CI where the server
runs), which makes them fail instead. PENANG_RUMMY_TEST_POSTGRES names the server as a
libpq connection string (default `host=127.0.0.1 port=5432 dbname=test user=postgres`);
each test session creates its own database there and drops it afterwards.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings
from service.store import GameStore

from .support import Api

DEFAULT_POSTGRES = "host=127.0.0.1 port=5432 dbname=test user=postgres"
STORES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


def _postgres_required() -> bool:
    return os.environ.get("PENANG_RUMMY_REQUIRE_POSTGRES", "") == "1"


@pytest.fixture(scope="session")
def postgres_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """Settings for a database created for this session (dropped at the end)."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    conninfo = os.environ.get("PENANG_RUMMY_TEST_POSTGRES", DEFAULT_POSTGRES)
    params = conninfo_to_dict(conninfo)
    try:
        admin = psycopg.connect(conninfo, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        reason = f"PostgreSQL unreachable at {conninfo!r}: {error}".strip()
        if _postgres_required():
            pytest.fail(f"PENANG_RUMMY_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(reason)
    name = f"penang_rummy_test_{secrets.token_hex(6)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield Settings(
                store="postgres",
                postgres_host=str(params.get("host", "127.0.0.1")),
                postgres_port=int(params.get("port", 5432)),
                postgres_db=name,
                postgres_user=str(params.get("user", "postgres")),
                postgres_password=str(params.get("password", "")),
                postgres_pool_size=8,
                allow_deck=True,
                # The signing key is made beside the (unused) SQLite file: a temporary
                # folder, never the working directory.
                sqlite_path=str(tmp_path_factory.mktemp("postgres-keys") / "unused.sqlite"),
            )
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_store(postgres_settings: Settings) -> Iterator[GameStore]:
    """A GameStore over the session's PostgreSQL database, closed after the test."""
    opened = GameStore(postgres_settings)
    yield opened
    opened.close()


@pytest.fixture(params=STORES)
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """One store per test: a temporary SQLite file, or the session's PostgreSQL database."""
    if request.param == "postgres":
        found: Settings = request.getfixturevalue("postgres_settings")
        return found
    return Settings(sqlite_path=str(tmp_path / "games.sqlite"), allow_deck=True)


@pytest.fixture
def make_api() -> Iterator[Callable[[Settings], Api]]:
    """Open an app (its lifespan running) over the given settings; closed after the test."""
    clients: list[TestClient[Any]] = []

    def make(settings: Settings) -> Api:
        client: TestClient[Any] = TestClient(create_app(settings))
        client.__enter__()
        clients.append(client)
        return Api(client)

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings)
