"""Each rated game applied exactly once across a kill -9 (U11): a served process killed
while it applies finished games to the ratings, inside the transaction (before its
commit) or right after the commit, on SQLite and PostgreSQL; after the restart every
game is applied once, and the ratings are the ones the results give applied in order.

The server is started through a launcher that kills its own process with SIGKILL in
the middle of the next batch of ratings it applies (`RatingTable._write`: the rows
written, the transaction open) or right after its commit (`RatingTable.apply`), while a
trigger file says which. The games are stored by the test's own store, as another
process's writes would be, and the served process applies them by itself
(`keep_ratings`).
"""

from __future__ import annotations

import secrets
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from patience import PATIENCE
from rated_games import rated_games, store_games

from domain.games import spec_starting
from domain.ratings.results import result_of
from domain.ratings.table import derive
from service.settings import Settings
from service.store import GameStore

from .conftest import STORES
from .fault_support import REQUEST_SECONDS, Server, store_env

LAUNCHER = textwrap.dedent(
    '''
    """`penang-rummy` whose process dies (SIGKILL) while it applies a batch of rated
    games, inside the transaction ("before") or after its commit ("after"), as the file
    named first on the command line says, while it exists."""
    import os
    import signal
    import sys
    from pathlib import Path

    from service.store.ratings import RatingTable

    trigger = Path(sys.argv.pop(1))
    write, apply = RatingTable._write, RatingTable.apply

    def _when(moment):
        return trigger.exists() and trigger.read_text() == moment

    def _write(self, cursor, applied):
        write(self, cursor, applied)
        if applied and _when("before"):
            os.kill(os.getpid(), signal.SIGKILL)

    def _apply(self, rated, after, upto):
        done = apply(self, rated, after, upto)
        if rated and done and _when("after"):
            os.kill(os.getpid(), signal.SIGKILL)
        return done

    RatingTable._write, RatingTable.apply = _write, _apply

    from service.cli.main import main

    sys.exit(main())
    '''
)
#: Rated games stored while the process is set to die.
GAMES = 30


@pytest.fixture(params=STORES)
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Server, Settings]]:
    settings = (
        request.getfixturevalue("postgres_settings")
        if request.param == "postgres"
        else Settings(sqlite_path=str(tmp_path / "games.sqlite"))
    )
    launcher = tmp_path / "launcher.py"
    launcher.write_text(LAUNCHER)
    env = {**store_env(settings, tmp_path), "PENANG_RUMMY_CLOCK_POLL": "1"}
    server = Server(env, tmp_path, command=(str(launcher), str(tmp_path / "die")))
    server.start()
    try:
        yield server, settings
    finally:
        server.stop()


@pytest.mark.parametrize("moment", ["before", "after"])
def test_a_game_is_rated_once_across_a_kill_while_ratings_are_applied(
    served: tuple[Server, Settings], tmp_path: Path, moment: str
) -> None:
    server, settings = served
    tag = "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(6))
    with httpx.Client(base_url=server.base, timeout=REQUEST_SECONDS) as client:
        ids = []
        for n in range(4):
            created = client.post("/players", json={"handle": f"K{tag}{n}"})
            assert created.status_code == 201, created.text
            ids.append(created.json()["player_id"])
        trigger = tmp_path / "die"
        trigger.write_text(moment)
        store = GameStore(settings if settings.store == "postgres" else _sqlite(tmp_path))
        try:
            game_ids = store_games(store, rated_games(ids, GAMES, f"crash-{moment}", seats=3))
            assert server.process is not None
            deadline = time.monotonic() + PATIENCE
            while server.process.poll() is None:
                assert time.monotonic() < deadline, "the process never applied the games"
                time.sleep(0.1)
            trigger.unlink()
            ours = {str(g) for g in game_ids}
            applied = {g for _, g in store.ratings.order()} & ours
            if moment == "before":
                assert not applied, "an uncommitted batch was seen"
            else:
                assert applied, "the process died before its commit"
            server.start()
            deadline = time.monotonic() + PATIENCE
            while True:
                published = client.get("/ratings").json()
                if ours <= {g["game_id"] for g in published["games"]}:
                    break
                assert time.monotonic() < deadline, "the restarted process never caught up"
                time.sleep(0.2)
            order = [g["game_id"] for g in published["games"] if g["game_id"] in ours]
            assert order == [str(g) for g in game_ids], "a game applied twice or out of order"
            results = []
            for n, game_id in enumerate(game_ids):
                events = store.game_events(game_id)
                spec = spec_starting(events[0])
                ended = next(e for e in events if isinstance(e, spec.end_type))
                result = result_of(str(game_id), events[0], ended, spec)
                assert result is not None
                results.append((n, result))
            expected, _ = derive(results)
            shown = {(r["game"], r["player_id"]): r for r in published["ratings"]}
            for key, rating in expected.items():
                assert (shown[key]["mu"], shown[key]["sigma"], shown[key]["games"]) == (
                    rating.mu,
                    rating.sigma,
                    rating.games,
                ), key
            for player in ids:
                rows = store.ratings.history(player)
                played = sum(player in result.players for _, result in results)
                assert len(rows) == len({row.game_id for row in rows}) == played
        finally:
            store.close()


def _sqlite(directory: Path) -> Settings:
    return Settings(sqlite_path=str(directory / "games.sqlite"))
