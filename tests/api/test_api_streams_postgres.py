"""Live updates across processes over PostgreSQL: every write NOTIFies the streams it
moved, in its own transaction (a refused write notifies nothing), and a stream served
by one app shows a turn played through another at once, by the notice alone (the
periodic re-read is set far beyond the test's patience)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import msgspec
import psycopg
import pytest
from psycopg import sql

from service.errors import VersionConflict
from service.settings import Settings
from service.store import GameStore
from service.store.notices import CHANNEL, Change, parse
from service.usecases import creation, matches
from service.usecases.match_messages import CreateMatch
from service.usecases.messages import CreateGame

from .live_support import LiveServer, SseReader, play_turn

pytestmark = pytest.mark.postgres


@pytest.fixture
def store(postgres_store: GameStore) -> GameStore:
    return postgres_store


@pytest.fixture
def notices(postgres_settings: Settings) -> Iterator[psycopg.Connection[tuple[object, ...]]]:
    """A connection listening on the notices' channel, as another process would."""
    settings = postgres_settings
    with psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        dbname=settings.postgres_db,
        user=settings.postgres_user,
        password=settings.postgres_password,
        autocommit=True,
    ) as connection:
        connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        yield connection


def _received(connection: psycopg.Connection[tuple[object, ...]]) -> list[Change | None]:
    return [parse(notice.payload) for notice in connection.notifies(timeout=0.5)]


def test_a_write_notifies_each_game_and_match_stream_it_moved(
    store: GameStore, notices: psycopg.Connection[tuple[object, ...]], postgres_settings: Settings
) -> None:
    created = creation.create_game(
        store, postgres_settings, CreateGame(players=("Aminah", "Ben"), seed="notices")
    ).value
    assert _received(notices) == [Change("game", created.game_id, created.version)]
    match = matches.create_match(
        store, postgres_settings, CreateMatch(players=("Aminah", "Ben"), seed="notices")
    ).value
    assert match.game_id is not None
    game = store.state(match.game_id)
    assert sorted(map(str, _received(notices))) == sorted(
        map(
            str,
            [
                Change("match", match.match_id, match.version),
                Change("game", match.game_id, game.version),
            ],
        )
    )


def test_a_refused_write_notifies_nothing(
    store: GameStore, notices: psycopg.Connection[tuple[object, ...]], postgres_settings: Settings
) -> None:
    created = creation.create_game(
        store, postgres_settings, CreateGame(players=("Aminah", "Ben"), seed="refused")
    ).value
    _received(notices)
    state = store.state(created.game_id)
    with pytest.raises(VersionConflict):
        store.append(created.game_id, state.version - 1, store.game_events(created.game_id)[-1:])
    assert _received(notices) == []


def test_a_stream_on_one_app_shows_a_turn_played_through_another(
    postgres_settings: Settings,
) -> None:
    settings = msgspec.structs.replace(postgres_settings, stream_recheck_seconds=600)
    with LiveServer(settings) as streaming, LiveServer(settings) as playing:
        body = {"players": ["Aminah", "Ben"], "rules": {"cards_per_player": 7}, "seed": "two-apps"}
        game = httpx.post(playing.base + "/games", json=body).json()
        reader = SseReader(f"{streaming.base}/games/{game['game_id']}/stream")
        reader.wait(lambda r: r.last_turn() is not None)
        seat = reader.last_turn()["turn"]
        with httpx.Client(base_url=playing.base) as client:
            response = play_turn(client, game["game_id"], seat, game["tokens"][seat])
        assert response.status_code == 200, response.text
        reader.wait(lambda r: r.last_id() == response.json()["version"], timeout=5)
        assert reader.last_turn()["turn"] == response.json()["view"]["turn"]
        reader.drop()
