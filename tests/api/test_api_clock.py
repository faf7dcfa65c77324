"""The turn clock over HTTP (R19): a seat that does not play in time is dead by timeout.

These tests run the real clock (each app's background task) with a one-second turn,
waiting at most a few seconds for it. Several apps over one store stand for several
processes: one timeout is recorded however many clocks see it, and a clock started
after a deadline passed (a restart) still records it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from litestar.testing import TestClient
from patience import PATIENCE

from service.app import create_app
from service.settings import Settings
from service.store.clocks import ClockRow
from service.usecases import games, timeouts

from .support import Api, Json


def wait_for(check: Callable[[], Any], patience: float = PATIENCE) -> Any:
    """Poll `check` until it answers something true; that answer."""
    stop = time.monotonic() + patience
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < stop, "the clock did not act in time"
        time.sleep(0.05)


def deadline(view: Json) -> datetime:
    text = view["turn_deadline"]
    assert text is not None, "the view shows no deadline"
    return datetime.fromisoformat(text)


def timeouts_of(api: Api, game: Json) -> list[int]:
    events = api.events(game)["events"]
    return [
        record["event"]["seat"]
        for record in events
        if record["event"]["type"] == "DeclaredDead" and record["event"]["reason"] == "timeout"
    ]


@pytest.fixture
def sqlite_settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "games.sqlite"), allow_deck=True)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every timeout the clocks decided, by game: `landed`, or `lost` (another write won).

    (Other tests' clocked games may share a PostgreSQL database: each test counts its own.)
    """
    outcomes: list[tuple[str, str]] = []
    decide = games.time_out_turn

    def counting(store: Any, game_id: UUID, state: Any) -> Any:
        try:
            result = decide(store, game_id, state)
        except Exception:
            outcomes.append((str(game_id), "lost"))
            raise
        outcomes.append((str(game_id), "landed"))
        return result

    monkeypatch.setattr(games, "time_out_turn", counting)
    yield outcomes


# --- a seat that does not play in time ---------------------------------------------------


def test_a_seat_that_does_not_play_in_time_is_dead_by_timeout_and_the_game_goes_on(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(settings)
    game = api.create(players=3, turn_seconds=1)
    first = game["view"]["turn"]
    created = deadline(game["view"])
    assert timedelta(0) < created - datetime.now(UTC) <= timedelta(seconds=1)
    wait_for(lambda: timeouts_of(api, game))
    view = api.view(game)
    assert view["seats"][first]["dead"]
    assert timeouts_of(api, game)[0] == first
    assert view["seats"][first]["hand_size"] == len(api.view(game, first)["hand"])  # P30
    if not view["over"]:
        assert view["turn"] not in (None, first)
        assert deadline(view) >= created + timedelta(seconds=1)


def test_the_views_show_the_turns_deadline_and_it_moves_with_each_turn(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2, turn_seconds=600)
    created = deadline(game["view"])
    assert timedelta(seconds=599) < created - datetime.now(UTC) <= timedelta(seconds=600)
    seat = game["view"]["turn"]
    assert deadline(api.view(game)) == created
    assert deadline(api.view(game, seat)) == created
    answer = api.turn(game, seat, api.choose(game, seat))
    assert answer.status_code == 200, answer.text
    moved = deadline(answer.json()["view"])
    assert moved > created
    assert deadline(api.view(game)) == moved
    # A past version shows no deadline: its turn is long over.
    past = api.client.get(f"/games/{game['game_id']}", params={"version": 1}).json()
    assert past["turn_deadline"] is None


def test_a_game_without_a_clock_has_no_deadline(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2)
    assert game["view"]["turn_deadline"] is None
    assert api.view(game)["turn_deadline"] is None


def test_a_turn_sent_after_the_deadline_is_refused_and_the_clock_records_the_timeout(
    sqlite_settings: Settings,
    make_api: Callable[[Settings], Api],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No clock runs in this app: the deadline passes with nothing recorded yet.
    async def stopped(*_: Any) -> None:
        return None

    monkeypatch.setattr(timeouts, "keep_time", stopped)
    api = make_api(sqlite_settings)
    game = api.create(players=2, turn_seconds=1)
    seat = game["view"]["turn"]
    actions = api.choose(game, seat)
    time.sleep(max(0.0, (deadline(game["view"]) - datetime.now(UTC)).total_seconds()) + 0.05)
    late = api.turn(game, seat, actions)
    assert late.status_code == 409, late.text
    problem = late.json()
    assert (problem["code"], problem["rule"]) == ("turn-timed-out", "R19")
    assert api.view(game)["version"] == game["version"], "nothing was recorded"
    timed_out, _ = timeouts.run_due(api.store, datetime.now(UTC))
    assert timed_out == 1
    assert timeouts_of(api, game) == [seat]


def test_a_timeout_that_ends_a_game_of_a_match_deals_the_next_game(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(sqlite_settings)
    created = api.client.post(
        "/matches",
        json={"players": ["Ann", "Bo"], "options": {"games": 2}, "turn_seconds": 1},
    )
    assert created.status_code == 201, created.text
    match = created.json()
    first_game = match["game_id"]

    def games_dealt() -> list[Json]:
        found: list[Json] = api.client.get(f"/matches/{match['match_id']}").json()["games"]
        return found if len(found) == 2 else []

    first, second = wait_for(games_dealt)
    assert (first["game_id"], first["over"]) == (first_game, True)
    assert first["points"] is not None
    view = api.client.get(f"/games/{second['game_id']}").json()
    # The next game has the same clock (its deadline may have passed already).
    assert view["over"] or view["turn_deadline"] is not None
    events = api.client.get(f"/matches/{match['match_id']}/events").json()["events"]
    kinds = [record["event"]["type"] for record in events]
    scored = kinds.index("MatchGameScored")
    assert kinds[scored + 1] == "MatchGameStarted"


# --- several processes, restarts ----------------------------------------------------------


def test_two_processes_running_clocks_record_one_timeout(
    settings: Settings, make_api: Callable[[Settings], Api], counted: list[tuple[str, str]]
) -> None:
    one, two = make_api(settings), make_api(settings)
    game = one.create(players=4, turn_seconds=1)
    first = game["view"]["turn"]
    wait_for(lambda: timeouts_of(two, game))
    time.sleep(0.3)  # both clocks have looked by now
    assert timeouts_of(one, game)[:1] == [first]
    assert len(set(timeouts_of(one, game))) == len(timeouts_of(one, game))
    assert counted.count((game["game_id"], "landed")) == len(timeouts_of(one, game))


def test_a_restarted_service_times_out_a_deadline_that_passed_while_nothing_ran(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    with TestClient(create_app(sqlite_settings)) as client:
        game = Api(client).create(players=3, turn_seconds=1)
    time.sleep(1.2)  # the deadline passes with no service running
    later = make_api(sqlite_settings)
    assert deadline(game["view"]) < datetime.now(UTC)
    wait_for(lambda: timeouts_of(later, game))
    assert timeouts_of(later, game)[0] == game["view"]["turn"]


def test_the_clock_forgets_games_that_are_over(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2, turn_seconds=600, seed="clock-end")
    assert api.store.clocks.next_deadline() is not None
    api.play_to_end(game)
    assert api.store.clocks.next_deadline() is None
    assert api.store.clocks.due(datetime.now(UTC) + timedelta(days=1), 10) == []


# --- the clocks' index ----------------------------------------------------------------


def _row(api: Api, game_id: str) -> ClockRow | None:
    rows = api.store.clocks.due(datetime.now(UTC) + timedelta(days=2), 10_000)
    return next((row for row in rows if str(row.game_id) == game_id), None)


def test_each_write_of_a_clocked_game_moves_its_row_to_the_new_turns_deadline(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(settings)
    game = api.create(players=2, turn_seconds=600)
    row = _row(api, game["game_id"])
    assert row is not None
    assert (row.version, row.deadline) == (game["version"], deadline(game["view"]))
    seat = game["view"]["turn"]
    answer = api.turn(game, seat, api.choose(game, seat)).json()
    row = _row(api, game["game_id"])
    assert row is not None
    assert (row.version, row.deadline) == (answer["version"], deadline(answer["view"]))


def test_a_row_only_moves_to_a_later_version(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    clocks = make_api(settings).store.clocks
    game_id, soon = uuid4(), datetime.now(UTC) + timedelta(days=1)
    clocks.move([ClockRow(game_id, 5, soon)])
    clocks.move([ClockRow(game_id, 4, soon - timedelta(hours=1))])
    clocks.move([ClockRow(game_id, 5, soon + timedelta(hours=1))])
    rows = [row for row in clocks.due(soon + timedelta(days=1), 10_000) if row.game_id == game_id]
    assert [(row.version, row.deadline) for row in rows] == [(5, soon + timedelta(hours=1))]
    clocks.drop(game_id, 4)
    assert any(row.game_id == game_id for row in clocks.due(soon + timedelta(days=1), 10_000))
    clocks.drop(game_id, 5)
    assert not any(row.game_id == game_id for row in clocks.due(soon + timedelta(days=1), 10_000))


def test_a_row_earlier_than_the_games_deadline_is_set_right_without_a_timeout(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2, turn_seconds=600)
    early = ClockRow(UUID(game["game_id"]), game["version"], datetime.now(UTC))
    api.store.clocks.move([early])
    assert not timeouts.settle(api.store, early, datetime.now(UTC))
    assert timeouts_of(api, game) == []
    row = _row(api, game["game_id"])
    assert row is not None and row.deadline == deadline(game["view"])


def test_a_row_whose_game_never_landed_is_kept_a_while_then_dropped(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    store = make_api(sqlite_settings).store
    clocks = store.clocks
    now = datetime.now(UTC)
    waiting = ClockRow(uuid4(), 1, now - timedelta(seconds=5))
    stray = ClockRow(uuid4(), 1, now - timeouts.STRAY - timedelta(seconds=1))
    clocks.move([waiting, stray])
    for row in (waiting, stray):
        assert not timeouts.settle(store, row, now)
    later = clocks.due(now + timedelta(days=1), 10)
    assert [row.game_id for row in later] == [waiting.game_id]
    assert later[0].deadline > now
