"""The ratings' tables (R70-R74): a projection of the stored games, beside the events.

- `penangrummy_rating_position`: one row, the position in the store's notification log
  up to which finished games have been applied;
- `penangrummy_ratings`: each player's current rating of each game;
- `penangrummy_rating_history`: a row per rated game and seat, unique by game and player.

Exactly once: a batch of results is applied in one transaction that first moves the
position from the one the batch was read after to its last (`UPDATE … WHERE position =
… RETURNING`), then reads the ratings it changes and writes them with their history.
Of two processes applying the same batch, PostgreSQL makes the second wait on the
position's row and then finds the position moved, and SQLite writes one at a time: the
loser rolls back and reads again from the new position. A crash before the commit
leaves nothing; after it, the position says the batch is done. The history's key
(game, player) refuses a game applied twice even so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Final, NamedTuple, Protocol

from eventsourcing.persistence import IntegrityError

from domain.ratings.model import Rating
from domain.ratings.results import Result
from domain.ratings.table import Applied, Key, apply, ratings_after

POSITION: Final = "penangrummy_rating_position"
RATINGS: Final = "penangrummy_ratings"
HISTORY: Final = "penangrummy_rating_history"


class Rated(NamedTuple):
    """A finished game's result at its position in the log, and when it ended (POSIX s)."""

    position: int
    result: Result
    ended_at: float


class Standing(NamedTuple):
    """A player's rating of a game as stored, and when its last rated game ended."""

    player_id: str
    rating: Rating
    last_played: float


class HistoryRow(NamedTuple):
    """One rated game of a player: the game, its place and the rating before and after."""

    game: str
    game_id: str
    position: int
    seat: int
    rank: int
    before: Rating
    after: Rating
    ended_at: float


class _Cursor(Protocol):
    def execute(self, *args: Any, **kwargs: Any) -> Any: ...
    def executemany(self, *args: Any, **kwargs: Any) -> Any: ...
    def fetchall(self) -> Any: ...


class _Datastore(Protocol):
    def transaction(self, *, commit: bool) -> AbstractContextManager[Any]: ...


class _Moved(Exception):
    """Another process moved the position first: roll this batch back."""


class RatingTable:
    """The tables over eventsourcing's datastore; `placeholder` is `?` (SQLite) or `%s`."""

    def __init__(self, datastore: _Datastore, placeholder: str, *, postgres: bool) -> None:
        self._datastore = datastore
        p = self._p = placeholder
        real = "DOUBLE PRECISION" if postgres else "REAL"
        self._create = (
            f"CREATE TABLE IF NOT EXISTS {POSITION} (id INTEGER PRIMARY KEY, "
            "position BIGINT NOT NULL)",
            f"INSERT INTO {POSITION} (id, position) VALUES (1, 0) ON CONFLICT DO NOTHING",
            f"CREATE TABLE IF NOT EXISTS {RATINGS} (game TEXT NOT NULL, player_id TEXT NOT NULL,"
            f" mu {real} NOT NULL, sigma {real} NOT NULL, games INTEGER NOT NULL, "
            f"last_position BIGINT NOT NULL, last_played {real} NOT NULL, "
            "PRIMARY KEY (game, player_id))",
            f"CREATE TABLE IF NOT EXISTS {HISTORY} (game_id TEXT NOT NULL, "
            "player_id TEXT NOT NULL, game TEXT NOT NULL, position BIGINT NOT NULL, "
            f"seat INTEGER NOT NULL, rank INTEGER NOT NULL, mu_before {real} NOT NULL, "
            f"sigma_before {real} NOT NULL, mu {real} NOT NULL, sigma {real} NOT NULL, "
            f"games INTEGER NOT NULL, ended_at {real} NOT NULL, PRIMARY KEY (game_id, player_id))",
            f"CREATE INDEX IF NOT EXISTS {HISTORY}_player ON {HISTORY} (player_id, position)",
        )
        self._move = (
            f"UPDATE {POSITION} SET position = {p} WHERE id = 1 AND position = {p} RETURNING id"
        )
        self._upsert = (
            f"INSERT INTO {RATINGS} (game, player_id, mu, sigma, games, last_position, "
            f"last_played) VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p}) "
            "ON CONFLICT (game, player_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games, "
            "last_position = excluded.last_position, last_played = excluded.last_played"
        )
        self._history = (
            f"INSERT INTO {HISTORY} (game_id, player_id, game, position, seat, rank, "
            "mu_before, sigma_before, mu, sigma, games, ended_at) VALUES "
            f"({p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p})"
        )

    def create_table(self) -> None:
        # Two processes creating them at once: one of them loses a race over the catalog.
        for statement in self._create:
            with contextlib.suppress(IntegrityError), self._transaction(commit=True) as cursor:
                cursor.execute(statement)

    def position(self) -> int:
        """The log's position up to which finished games are applied."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(f"SELECT position FROM {POSITION} WHERE id = 1")
            return int(cursor.fetchall()[0]["position"])

    def apply(self, rated: Sequence[Rated], after: int, upto: int) -> bool:
        """Apply `rated` (read from the log after position `after`, up to `upto`) and move
        the position to `upto`, in one transaction; False where another process moved
        the position first (nothing is written then)."""
        try:
            with self._transaction(commit=True) as cursor:
                cursor.execute(self._move, (upto, after))
                if not cursor.fetchall():
                    raise _Moved
                known: dict[Key, Rating] = {}
                applied = []
                for item in rated:
                    result = item.result
                    for player in result.players:
                        key = (result.game, player)
                        if key not in known:
                            found = self._rating(cursor, key)
                            if found is not None:
                                known[key] = found
                    done = apply(item.position, result, known.get)
                    known.update(ratings_after(done))
                    applied.append((done, item.ended_at))
                self._write(cursor, applied)
        except _Moved:
            return False
        return True

    def replace(self, rated: Sequence[Rated], upto: int) -> None:
        """Every rating derived again from `rated` (all the log's results up to `upto`),
        in one transaction that replaces what was stored."""
        table: dict[Key, Rating] = {}
        applied = []
        for item in rated:
            done = apply(item.position, item.result, table.get)
            table.update(ratings_after(done))
            applied.append((done, item.ended_at))
        with self._transaction(commit=True) as cursor:
            cursor.execute(f"UPDATE {POSITION} SET position = {self._p} WHERE id = 1", (upto,))
            cursor.execute(f"DELETE FROM {RATINGS}")
            cursor.execute(f"DELETE FROM {HISTORY}")
            self._write(cursor, applied)

    def standings(self, game: str, offset: int, limit: int, since: float) -> list[Standing]:
        """A page of the game's ratings of players whose last rated game ended at or after
        `since`, best shown figure first (ties by player id)."""
        p = self._p
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT player_id, mu, sigma, games, last_played FROM {RATINGS} "
                f"WHERE game = {p} AND last_played >= {p} "
                f"ORDER BY mu - 3 * sigma DESC, player_id LIMIT {p} OFFSET {p}",
                (game, since, limit, offset),
            )
            rows = cursor.fetchall()
        return [
            Standing(
                str(row["player_id"]),
                Rating(mu=float(row["mu"]), sigma=float(row["sigma"]), games=int(row["games"])),
                float(row["last_played"]),
            )
            for row in rows
        ]

    def everything(self) -> list[tuple[str, Standing]]:
        """Every stored rating, by game and player: what the service publishes whole."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT game, player_id, mu, sigma, games, last_played FROM {RATINGS} "
                "ORDER BY game, player_id"
            )
            rows = cursor.fetchall()
        return [
            (
                str(row["game"]),
                Standing(
                    str(row["player_id"]),
                    Rating(mu=float(row["mu"]), sigma=float(row["sigma"]), games=int(row["games"])),
                    float(row["last_played"]),
                ),
            )
            for row in rows
        ]

    def order(self) -> list[tuple[int, str]]:
        """The rated games in the order they were applied: (position, game id)."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                f"SELECT DISTINCT position, game_id FROM {HISTORY} ORDER BY position, game_id"
            )
            return [(int(row["position"]), str(row["game_id"])) for row in cursor.fetchall()]

    def history(self, player_id: str) -> list[HistoryRow]:
        """The player's rated games, every game, in the order applied."""
        with self._transaction(commit=False) as cursor:
            cursor.execute(
                "SELECT game, game_id, position, seat, rank, mu_before, sigma_before, mu, "
                f"sigma, games, ended_at FROM {HISTORY} WHERE player_id = {self._p} "
                "ORDER BY position",
                (player_id,),
            )
            rows = cursor.fetchall()
        return [
            HistoryRow(
                game=str(row["game"]),
                game_id=str(row["game_id"]),
                position=int(row["position"]),
                seat=int(row["seat"]),
                rank=int(row["rank"]),
                before=Rating(
                    mu=float(row["mu_before"]),
                    sigma=float(row["sigma_before"]),
                    games=int(row["games"]) - 1,
                ),
                after=Rating(
                    mu=float(row["mu"]), sigma=float(row["sigma"]), games=int(row["games"])
                ),
                ended_at=float(row["ended_at"]),
            )
            for row in rows
        ]

    def _rating(self, cursor: _Cursor, key: Key) -> Rating | None:
        p = self._p
        cursor.execute(
            f"SELECT mu, sigma, games FROM {RATINGS} WHERE game = {p} AND player_id = {p}", key
        )
        rows = cursor.fetchall()
        if not rows:
            return None
        row = rows[0]
        return Rating(mu=float(row["mu"]), sigma=float(row["sigma"]), games=int(row["games"]))

    def _write(self, cursor: _Cursor, applied: Sequence[tuple[Applied, float]]) -> None:
        latest: dict[Key, tuple[Rating, int, float]] = {}
        history = []
        for done, ended_at in applied:
            result = done.result
            for seat, player in enumerate(result.players):
                before, after = done.before[seat], done.after[seat]
                latest[(result.game, player)] = (after, done.position, ended_at)
                history.append(
                    (result.game_id, player, result.game, done.position, seat, result.ranks[seat])
                    + (before.mu, before.sigma, after.mu, after.sigma, after.games, ended_at)
                )
        if history:
            cursor.executemany(self._history, history)
            cursor.executemany(
                self._upsert,
                [
                    (game, player, r.mu, r.sigma, r.games, position, ended_at)
                    for (game, player), (r, position, ended_at) in latest.items()
                ],
            )

    @contextlib.contextmanager
    def _transaction(self, *, commit: bool) -> Iterator[_Cursor]:
        with self._datastore.transaction(commit=commit) as cursor:
            yield cursor
