"""Writing finished games straight into a store, many to a transaction (`simulate --store`).

A store with many games is what the scale benchmarks measure against; dealing and
playing each over HTTP would make seeding 100,000 games the longest part of a run.
Each game is stored as `POST /games` and its turns would have stored it: its events
under a new game id, its secrets (the hashes of seat tokens nobody holds, for games
only ever read, and the server seed its deal committed to) in its secrets stream.
Games are written `batch` at a time, each batch in one transaction, with the snapshot
of each finished game (`snapshots`), as the write that ends a game served stores it:
a seeded store loads its games as a served one does.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from uuid import UUID, uuid4

from psycopg.conninfo import conninfo_to_dict

from domain.events import Event
from domain.games import dealt_players
from service.settings import Settings
from service.store.envelopes import Envelope, GameSecrets, secrets_id
from service.store.event_store import GameStore
from service.store.game_folds import AnyGameState, fold_game


def store_settings(where: str) -> Settings:
    """The settings of the store `where` names: a PostgreSQL URL
    (`postgresql://user@host:port/database`) or the path of a SQLite file."""
    if where.startswith(("postgresql://", "postgres://")):
        params = conninfo_to_dict(where)
        return Settings(
            store="postgres",
            postgres_host=str(params.get("host", "127.0.0.1")),
            postgres_port=int(str(params.get("port", 5432))),
            postgres_db=str(params.get("dbname", "penang_rummy")),
            postgres_user=str(params.get("user", "postgres")),
            postgres_password=str(params.get("password", "")),
        )
    return Settings(sqlite_path=where)


class StoreSeeder:
    """Finished games, stored `batch` at a time; `close` stores the rest."""

    def __init__(self, settings: Settings, batch: int = 100) -> None:
        self.store = GameStore(settings)
        self.batch = batch
        self.stored = 0
        self._pending: list[Envelope] = []
        self._states: dict[UUID, AnyGameState] = {}
        self._games = 0

    def add(self, events: Sequence[Event], server_seed: bytes | None) -> UUID:
        """Store a finished game (with the next batch); its new game id."""
        game_id = uuid4()
        seats = len(_players(events))
        game_secrets = GameSecrets(
            token_sha256=tuple(
                hashlib.sha256(secrets.token_bytes(32)).hexdigest() for _ in range(seats)
            ),
            server_seed=None if server_seed is None else server_seed.hex(),
        )
        self._pending += [Envelope(game_id, n, e) for n, e in enumerate(events, start=1)]
        self._pending.append(Envelope(secrets_id(game_id), 1, game_secrets))
        self._states[game_id] = fold_game(events)
        self._games += 1
        if self._games >= self.batch:
            self.flush()
        return game_id

    def flush(self) -> None:
        """Store the games added since the last flush, in one transaction."""
        if self._pending:
            self.store.write(self._pending, self._states)
            self.stored += self._games
        self._pending, self._states, self._games = [], {}, 0

    def close(self) -> None:
        """Store what is left and let the store go."""
        try:
            self.flush()
        finally:
            self.store.close()


def _players(events: Sequence[Event]) -> tuple[str, ...]:
    players = dealt_players(events[0]) if events else None
    if players is None:
        raise ValueError("a game's events begin with its deal")
    return players
