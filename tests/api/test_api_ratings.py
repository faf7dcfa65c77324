"""The ratings over HTTP (R70-R74), on SQLite and PostgreSQL: finished games seating
players rated once, in the log's order; the leaderboard paged and marked provisional; a
player's history; the published table; a rebuild from the stored games; two stores over
one database catching up at once without applying a game twice."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import StoredEvent
from rated_games import rated_games, store_games

from domain.games import spec_starting
from domain.ratings.model import PROVISIONAL_GAMES, Rating
from domain.ratings.results import result_of
from domain.ratings.table import Key, derive
from service.settings import Settings
from service.store import GameStore
from service.usecases import ratings

from .support import Api, Json

OPERATOR = "operator-key-of-the-ratings-tests"


@pytest.fixture
def api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"operator_key": OPERATOR}))


def _register(api: Api, count: int) -> list[Json]:
    # PostgreSQL's database is the session's: each test's handles are its own (U3).
    tag = "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(6))
    players = []
    for n in range(count):
        response = api.client.post("/players", json={"handle": f"R{tag}{n}"})
        assert response.status_code == 201, response.text
        players.append(dict(response.json()))
    return players


def _expected(store: GameStore, game_ids: list[UUID]) -> dict[Key, Rating]:
    results = []
    for n, game_id in enumerate(game_ids):
        events = store.game_events(game_id)
        ended = next(e for e in events if isinstance(e, spec_starting(events[0]).end_type))
        result = result_of(str(game_id), events[0], ended, spec_starting(events[0]))
        if result is not None:
            results.append((n, result))
    return derive(results)[0]


def _leaderboard(api: Api, game: str, limit: int, active_days: int = 90) -> list[Json]:
    entries: list[Json] = []
    while True:
        params = {"offset": len(entries), "limit": limit, "active_days": active_days}
        page = api.client.get(f"/ratings/{game}", params=params)
        assert page.status_code == 200, page.text
        found = page.json()["entries"]
        if not found:
            return entries
        assert [e["place"] for e in found] == list(
            range(len(entries) + 1, len(entries) + len(found) + 1)
        )
        entries += found


def test_finished_games_seating_players_are_rated_once_in_order(api: Api) -> None:
    players = _register(api, 5)
    ids = [p["player_id"] for p in players]
    game_ids = store_games(api.store, rated_games(ids, 14, "ratings-http", seats=3))
    expected = _expected(api.store, game_ids)
    entries = [e for e in _leaderboard(api, "penang", 2) if e["player_id"] in ids]
    assert {e["player_id"] for e in entries} == set(ids)
    figures = [e["rating"]["rating"] for e in entries]
    assert figures == sorted(figures, reverse=True)
    for entry in entries:
        rating = expected[("penang", entry["player_id"])]
        shown = entry["rating"]
        assert (shown["mu"], shown["sigma"], shown["games"]) == (
            rating.mu,
            rating.sigma,
            rating.games,
        )
        assert shown["rating"] == pytest.approx(rating.mu - 3 * rating.sigma)
        assert shown["provisional"] == (rating.games < PROVISIONAL_GAMES)
    # Read again: nothing is applied twice.
    again = {e["player_id"]: e["rating"] for e in _leaderboard(api, "penang", 50)}
    assert all(again[e["player_id"]] == e["rating"] for e in entries)


def test_the_leaderboard_lists_active_players_by_handle(api: Api) -> None:
    players = _register(api, 4)
    ids = [p["player_id"] for p in players]
    handles = {p["player_id"]: p["handle"] for p in players}
    long_ago = datetime.now(UTC) - timedelta(days=100)
    store_games(api.store, rated_games(ids[:2], 2, "ratings-old", seats=2), at=long_ago)
    store_games(api.store, rated_games(ids[2:], 2, "ratings-new", seats=2))
    listed = {e["player_id"]: e for e in _leaderboard(api, "penang", 100)}
    assert set(ids[2:]) <= set(listed)
    assert not set(ids[:2]) & set(listed)
    assert all(listed[p]["handle"] == handles[p] for p in ids[2:])
    everyone = {e["player_id"] for e in _leaderboard(api, "penang", 100, active_days=365)}
    assert set(ids) <= everyone


def test_a_leaderboard_of_no_game_or_out_of_bounds_is_refused(api: Api) -> None:
    for path, params in (
        ("/ratings/no-such-game", {}),
        ("/ratings/penang", {"limit": 0}),
        ("/ratings/penang", {"limit": 101}),
        ("/ratings/penang", {"offset": -1}),
        ("/ratings/penang", {"active_days": 0}),
    ):
        answer = api.client.get(path, params=params)
        assert 400 <= answer.status_code < 500, (path, params, answer.status_code)
        assert answer.headers["content-type"].startswith("application/problem+json")


def test_a_players_history_takes_its_key_with_read(api: Api) -> None:
    players = _register(api, 3)
    ids = [p["player_id"] for p in players]
    game_ids = store_games(api.store, rated_games(ids, 6, "ratings-history", seats=2))
    player = players[0]
    path = f"/players/{player['player_id']}/ratings"
    assert api.client.get(path).status_code == 401
    answer = api.client.get(path, headers=api.auth(player["key"]["key"]))
    assert answer.status_code == 200, answer.text
    body = answer.json()
    played = [str(g) for g in game_ids if player["player_id"] in api.store.game_events(g)[0].seated]
    assert [h["game_id"] for h in body["history"]] == played
    for previous, change in zip(body["history"], body["history"][1:], strict=False):
        assert change["before"] == previous["after"]
    (current,) = body["ratings"]
    assert current["rating"] == body["history"][-1]["after"]
    operator = api.client.get(path, headers=api.auth(OPERATOR))
    assert operator.json()["history"] == body["history"]


def test_a_table_with_a_seat_no_player_holds_is_not_rated(api: Api) -> None:
    players = _register(api, 2)
    ids = [p["player_id"] for p in players]
    ((events, seed),) = rated_games(ids, 1, "ratings-unrated", seats=2)
    import msgspec

    half = msgspec.structs.replace(events[0], seated=(ids[0], None))
    (game_id,) = store_games(api.store, [([half, *events[1:]], seed)])
    published = api.client.get("/ratings").json()
    assert str(game_id) not in {g["game_id"] for g in published["games"]}
    assert not {r["player_id"] for r in published["ratings"]} & set(ids)


def test_the_published_table_and_a_rebuild_agree(api: Api) -> None:
    players = _register(api, 4)
    ids = [p["player_id"] for p in players]
    game_ids = store_games(api.store, rated_games(ids, 10, "ratings-rebuild", seats=3))
    published = api.client.get("/ratings").json()
    order = [g["game_id"] for g in published["games"]]
    assert [o for o in order if o in {str(g) for g in game_ids}] == [str(g) for g in game_ids]
    before = api.store.ratings.everything()
    assert ratings.rebuild(api.store) >= len(game_ids)
    assert api.store.ratings.everything() == before
    assert api.client.get("/ratings").json() == published


def test_two_stores_catching_up_at_once_apply_each_game_once(api: Api, settings: Settings) -> None:
    players = _register(api, 4)
    ids = [p["player_id"] for p in players]
    game_ids = store_games(api.store, rated_games(ids, 16, "ratings-race", seats=2))
    other = GameStore(settings)
    try:
        stores = [api.store, other, api.store, other]
        threads = [threading.Thread(target=ratings.catch_up, args=(s,)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        expected = _expected(api.store, game_ids)
        for player in ids:
            rows = other.ratings.history(player)
            assert len(rows) == len({row.game_id for row in rows})
            assert rows[-1].after == expected[("penang", player)]
    finally:
        other.close()


def test_a_game_whose_events_cannot_be_read_is_passed_over_not_a_stop(api: Api) -> None:
    # A stream that ends a game but begins with no deal (its deal lost, or of no known
    # shape) is not rated, and the ratings go on past it: they never stop on one game.
    players = _register(api, 3)
    ids = [p["player_id"] for p in players]
    first, _ = store_games(api.store, rated_games(ids, 2, "passed-over", seats=3))
    stored = api.store.recorder.select_events(first)
    ends = [row for row in stored if row.topic in ratings.END_TOPICS]
    assert len(ends) == 1
    lone = uuid4()
    api.store.recorder.insert_events(
        [
            StoredEvent(originator_id=lone, originator_version=1, topic=row.topic, state=row.state)
            for row in ends
        ]
    )
    store_games(api.store, rated_games(ids, 1, "after-the-lone-end", seats=3))
    entries = {e["player_id"]: e for e in _leaderboard(api, "penang", 50) if e["player_id"] in ids}
    assert {e["rating"]["games"] for e in entries.values()} == {3}
    assert entries == {
        e["player_id"]: e for e in _leaderboard(api, "penang", 50) if e["player_id"] in ids
    }
