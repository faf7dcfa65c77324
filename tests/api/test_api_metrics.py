"""`GET /metrics`: the process's figures in the Prometheus text format, and who may read them.

Requests are counted by operation id and status (never by a path with an id in it),
commands by game, refusals by problem code and rule id; the store's commits, its cache
lookups and the turn clock's backlog; every sample is labelled with its process.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import pytest
from patience import PATIENCE
from prometheus_client.parser import text_string_to_metric_families

from service.settings import Settings
from service.store.clocks import ClockRow
from service.usecases import timeouts
from service.usecases.clock import deadline_of

from .live_support import LiveServer, SseReader
from .support import Api

TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8"


def scrape(api: Api, **headers: str) -> str:
    response = api.client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == TEXT_FORMAT
    return str(response.text)


def samples(text: str) -> list[Any]:
    return [sample for family in text_string_to_metric_families(text) for sample in family.samples]


def value(text: str, name: str, **labels: str) -> float:
    """The one sample named `name` whose labels include `labels` (0 when there is none)."""
    found = [
        sample.value
        for sample in samples(text)
        if sample.name == name and labels.items() <= sample.labels.items()
    ]
    assert len(found) <= 1, (name, labels, found)
    return found[0] if found else 0.0


@pytest.fixture
def open_api(settings: Settings, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(settings.replace({"metrics": "open"}))


def test_requests_are_counted_by_operation_id_and_status_never_by_path(open_api: Api) -> None:
    game = open_api.create(players=2)
    for _ in range(2):
        assert open_api.client.get(f"/games/{game['game_id']}").status_code == 200
    missing = "00000000-0000-4000-8000-000000000000"
    assert open_api.client.get(f"/games/{missing}").status_code == 404
    assert open_api.client.get("/no/such/path").status_code == 404
    text = scrape(open_api)
    counted = "penang_rummy_http_requests_total"
    assert value(text, counted, operation="createGame", status="201") == 1
    assert value(text, counted, operation="getGame", status="200") == 2
    assert value(text, counted, operation="getGame", status="404") == 1
    assert value(text, counted, operation="unmatched", status="404") == 1
    timed = "penang_rummy_http_request_duration_seconds_count"
    assert value(text, timed, operation="getGame") == 3
    labels = {label for sample in samples(text) for label in sample.labels.values()}
    assert not any(game["game_id"] in label or missing in label for label in labels)


def test_commands_are_counted_by_game_and_refusals_by_rule(open_api: Api) -> None:
    game = open_api.create(players=2)
    seat = game["view"]["turn"]
    other = 1 - seat
    refused = open_api.turn(game, other, open_api.choose(game, seat) or [])
    assert refused.status_code in (409, 422), refused.text
    assert open_api.play_one(game).status_code == 200
    draw = open_api.client.post("/games", json={"players": ["A", "B"], "game": "rummy"})
    assert draw.status_code == 201, draw.text
    drawn = draw.json()
    turn = drawn["view"]["turn"]
    assert open_api.turn(drawn, turn, [{"type": "draw", "source": "stock"}]).status_code == 200
    text = scrape(open_api)
    assert value(text, "penang_rummy_turns_total", game="penang") == 1
    assert value(text, "penang_rummy_turns_total", game="rummy") == 1
    problem = refused.json()
    refusals = "penang_rummy_refusals_total"
    assert value(text, refusals, code=problem["code"], rule=problem.get("rule") or "") == 1
    assert value(text, refusals, code="not-your-turn", rule="P9", status="409") == 1


def test_each_commit_is_timed_with_its_writes_and_a_lost_race_counted(open_api: Api) -> None:
    game = open_api.create(players=2)
    assert open_api.play_one(game).status_code == 200
    store = open_api.store
    dealt = store.game_events(UUID(game["game_id"]))[:1]
    with pytest.raises(Exception, match="another request changed the game first"):
        store.append(UUID(game["game_id"]), 0, dealt)
    text = scrape(open_api)
    # The deal and the turn: one transaction each (nothing else was written at once).
    assert value(text, "penang_rummy_store_commit_writes_sum") == 2
    assert value(text, "penang_rummy_store_commit_seconds_count") == 2
    assert value(text, "penang_rummy_store_write_conflicts_total") == 1
    assert value(text, "penang_rummy_store_commit_failures_total") == 0


def test_cache_lookups_and_the_cached_games_are_shown(open_api: Api) -> None:
    game = open_api.create(players=2)
    open_api.client.get(f"/games/{game['game_id']}")
    text = scrape(open_api)
    assert value(text, "penang_rummy_cache_lookups_total", cache="games", result="hit") >= 1
    assert value(text, "penang_rummy_cache_entries", cache="games") == 1
    open_api.store.games._states.clear()
    open_api.client.get(f"/games/{game['game_id']}")
    after = scrape(open_api)
    assert value(after, "penang_rummy_cache_lookups_total", cache="games", result="miss") >= 1


def test_the_turn_clocks_backlog_and_timeouts_are_shown(
    tmp_path: Path, make_api: Callable[[Settings], Api], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def stopped(*_: Any) -> None:
        return None

    monkeypatch.setattr(timeouts, "keep_time", stopped)  # the test looks instead
    api = make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite"), metrics="open"))
    game = api.create(players=2, turn_seconds=1)
    state = api.state(game["game_id"])
    due = deadline_of(api.store, UUID(game["game_id"]), state)
    assert due is not None
    timed_out, _ = timeouts.run_due(api.store, due + timedelta(seconds=30))
    assert timed_out == 1
    text = scrape(api)
    assert value(text, "penang_rummy_clock_due_games") == 1
    assert value(text, "penang_rummy_clock_lag_seconds") == pytest.approx(30.0)
    assert value(text, "penang_rummy_clock_timeouts_total") == 1
    assert value(text, "penang_rummy_clock_last_look_timestamp_seconds") > 0
    assert value(text, "penang_rummy_turns_total", game="penang") == 1


def test_every_sample_is_labelled_with_its_process(open_api: Api) -> None:
    text = scrape(open_api)
    found = samples(text)
    assert {sample.labels["process"] for sample in found} == {f"{_host()}:8000"}
    names = {sample.name for sample in found}
    assert {"process_resident_memory_bytes", "penang_rummy_build_info"} <= names
    assert "penang_rummy_streams_open" in names


def test_openmetrics_is_served_to_a_scraper_that_asks_for_it(open_api: Api) -> None:
    accept = "application/openmetrics-text; version=1.0.0"
    response = open_api.client.get("/metrics", headers={"accept": accept})
    assert response.headers["content-type"].startswith("application/openmetrics-text")
    assert response.text.rstrip().endswith("# EOF")


def _host() -> str:
    return socket.gethostname()


# --- who may read them ------------------------------------------------------------------


def _problem(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code


def test_restricted_metrics_are_refused_to_an_address_not_allowed(api: Api) -> None:
    # The test client's peer ("testclient") is no loopback address.
    refused = api.client.get("/metrics")
    _problem(refused, 403, "metrics-forbidden")
    assert "PENANG_RUMMY_METRICS_ALLOW" in refused.json()["detail"]


def test_the_metrics_token_admits_its_bearer_from_any_address(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(settings.replace({"metrics_token": "scrape-me-7f3a"}))
    _problem(api.client.get("/metrics"), 401, "missing-token")
    wrong = api.client.get("/metrics", headers={"authorization": "Bearer other"})
    _problem(wrong, 401, "invalid-token")
    assert wrong.headers["www-authenticate"].startswith("Bearer")
    scrape(api, authorization="Bearer scrape-me-7f3a")


def test_metrics_switched_off_are_not_served(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(settings.replace({"metrics": "off"}))
    assert api.client.get("/metrics").status_code == 404
    assert api.client.get("/health").status_code == 200


def test_open_streams_are_shown_while_they_are_open(tmp_path: Path) -> None:
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), metrics="open")
    with LiveServer(settings) as server:
        game = httpx.post(server.base + "/games", json={"players": ["Ann", "Bo"]}).json()

        def open_streams() -> float:
            return value(httpx.get(server.base + "/metrics").text, "penang_rummy_streams_open")

        assert open_streams() == 0
        reader = SseReader(f"{server.base}/games/{game['game_id']}/stream")
        reader.wait(lambda stream: bool(stream.turns()))
        assert open_streams() == 1
        reader.drop()
        deadline = time.monotonic() + PATIENCE
        while open_streams() != 0:
            assert time.monotonic() < deadline, "the stream's end was not counted"
            time.sleep(0.05)


def test_a_backlog_beyond_one_look_is_counted_in_full(open_api: Api) -> None:
    # Rows whose games never landed: each look settles a batch, and counts them all.
    past = datetime.now(UTC) - timedelta(seconds=5)
    open_api.store.clocks.move([ClockRow(uuid4(), 1, past) for _ in range(timeouts.BATCH + 7)])
    _, more = timeouts.run_due(open_api.store, datetime.now(UTC))
    assert more
    text = scrape(open_api)
    assert value(text, "penang_rummy_clock_due_games") == timeouts.BATCH + 7
    assert value(text, "penang_rummy_clock_lag_seconds") >= 5
