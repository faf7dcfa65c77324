"""The caches of a process are bounded by `cache_games` (PENANG_RUMMY_CACHE_GAMES): past
it, the least recently used game is dropped, and read again from the store when asked."""

from __future__ import annotations

from pathlib import Path

from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings

from .support import Api


def test_a_process_keeps_at_most_cache_games_games_and_reads_the_others_again(
    tmp_path: Path,
) -> None:
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), cache_games=3)
    with TestClient(create_app(settings)) as client:
        api = Api(client)
        games = [api.create(2, seed=f"cache-{n}") for n in range(6)]
        played = [api.play_one(game) for game in games]
        store = api.store
        assert len(store.games._states) == 3
        assert len(store._secrets) <= 3 and len(store._began) <= 3
        # The first games were dropped: each is read again, at the version its turn left.
        for game, turn in zip(games, played, strict=True):
            assert api.view(game)["version"] == turn.json()["version"]
        assert len(store.games._states) == 3
