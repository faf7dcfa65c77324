"""The turn clock of the draw games and Gin Rummy over HTTP (R19, R36, R51), and late
turns in every game.

A seat of basic Rummy or Three Thirteen whose time runs out gets a default turn from
the service: a draw and a discard, the discard recorded with reason `timeout`; Gin
Rummy's default turn (the upcard passed, or the stock drawn and that card discarded) is
marked `timeout` on its last event the same way (R51). It is decided once however many
clocks see it. A late command of the seat, sent before the clock has written the
timeout or after it, is answered `turn-timed-out` naming R19, whatever version it names;
once its turn comes round again it plays as usual. A table everyone left ends
abandoned (R45, R52), and so does a match of it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain.match.audit import verify_match_record
from domain.match.records import load_match_record
from service.settings import Settings
from service.usecases import timeouts

from .support import Api, Json
from .test_api_clock import counted, deadline, wait_for  # noqa: F401 (a fixture)

DRAW_GAMES = ("rummy", "three-thirteen")
#: Every game whose clock plays a default turn, marked `timeout` (R36, R51).
CLOCKED_GAMES = (*DRAW_GAMES, "gin")
#: The event that ends a hand of each (its `reason` is `abandoned` for a table left).
HAND_ENDED = {"rummy": "HandEnded", "three-thirteen": "HandEnded", "gin": "GinHandEnded"}
DRAW = [{"type": "draw", "source": "stock"}]


def _match_over(api: Api, match_id: str) -> Json:
    """The match's view once it is over (its clock ends it)."""

    def over() -> Json | None:
        view: Json = api.client.get(f"/matches/{match_id}").json()
        return view if view["status"] == "over" else None

    found: Json = wait_for(over, patience=12.0)
    return found


def _verified_match_record(api: Api, match_id: str) -> httpx.Response:
    """The match's record, which `verify` finds valid and finished."""
    response = api.client.get(f"/matches/{match_id}/record")
    assert response.status_code == 200, response.text
    verdict = verify_match_record(load_match_record(response.content))
    assert verdict.valid and verdict.finished, verdict
    return response


@pytest.fixture
def sqlite_settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "games.sqlite"), allow_deck=True)


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """No clock runs in the apps of this test: deadlines pass with nothing recorded."""

    async def stopped(*_: Any) -> None:
        return None

    monkeypatch.setattr(timeouts, "keep_time", stopped)


def default_turns(api: Api, game: Json) -> list[Json]:
    """The events the clock marked as its own (a discard, Gin's pass or `done`), in order."""
    return [
        record["event"]
        for record in api.events(game)["events"]
        if record["event"].get("reason") == "timeout"
    ]


def first_command(game_name: str) -> list[Json]:
    """A command of the seat on turn at the deal: Gin's first offer of the upcard (G3)."""
    return [{"type": "pass"}] if game_name == "gin" else DRAW


def a_turn(api: Api, game: Json, seat: int, game_name: str) -> list[Json]:
    """A whole command of `seat` on turn: a draw and a discard, or Gin's pass (G3)."""
    if game_name == "gin":
        return [{"type": "pass"}]
    hand = api.view(game, seat)["hand"]
    return [*DRAW, {"type": "discard", "card": hand[0]}]


def after_deadline(view: Json) -> None:
    time.sleep(max(0.0, (deadline(view) - datetime.now(UTC)).total_seconds()) + 0.05)


def refused_late(response: Any) -> None:
    assert response.status_code == 409, response.text
    problem = response.json()
    assert (problem["code"], problem["rule"]) == ("turn-timed-out", "R19"), problem


# --- the default turn -------------------------------------------------------------------


@pytest.mark.parametrize("game_name", DRAW_GAMES)
def test_a_draw_game_seat_that_does_not_play_in_time_gets_a_default_turn(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], game_name: str
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=3, game=game_name, turn_seconds=1)
    first = game["view"]["turn"]
    assert game["view"]["turn_deadline"] is not None
    hand = api.view(game, first)["hand"]
    played = wait_for(lambda: default_turns(api, game))
    assert played[0]["seat"] == first
    events = [record["event"] for record in api.events(game, first)["events"]]
    drew = next(event for event in events if event["type"] == "Drew")
    assert (drew["seat"], drew["source"], drew["card"]) == (first, "stock", played[0]["card"])
    assert sorted(api.view(game, first)["hand"]) == sorted(hand)
    view = api.view(game)
    if not view["over"]:
        assert view["turn"] != first or len(default_turns(api, game)) >= 3


@pytest.mark.parametrize("game_name", CLOCKED_GAMES)
def test_R45_a_clocked_table_left_by_everyone_ends_abandoned(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], game_name: str
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2, game=game_name, turn_seconds=1)
    view = wait_for(lambda: (found := api.view(game))["over"] and found, patience=12.0)
    assert view["result"]["reason"] == "abandoned"
    assert view["result"]["points"] == [0, 0] or game_name == "three-thirteen"  # T9
    assert [event["seat"] for event in default_turns(api, game)] == [
        game["view"]["turn"],
        1 - game["view"]["turn"],
    ]
    events = [record["event"]["type"] for record in api.events(game)["events"]]
    ended = HAND_ENDED[game_name]
    assert ended in events and events[-1] in (ended, "SeedRevealed")
    assert api.view(game)["turn_deadline"] is None
    time.sleep(1.2)  # the clock plays nothing more
    assert len(default_turns(api, game)) == 2


@pytest.mark.parametrize("game_name", ["rummy", "gin"])
def test_R45_a_clocked_match_to_a_target_left_by_everyone_ends_abandoned(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], game_name: str
) -> None:
    api = make_api(sqlite_settings)
    created = api.client.post(
        "/matches",
        json={
            "players": ["Ann", "Bo"],
            "game": game_name,
            "options": {"target": 100},
            "seed": "abandoned",
            "turn_seconds": 1,
        },
    )
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    view = _match_over(api, match_id)
    assert view["result"]["reason"] == "abandoned", view["result"]
    assert len(view["games"]) == 1 and view["totals"] == [0, 0]
    response = _verified_match_record(api, match_id)
    # A match that claims to deal on after the abandoned hand, or to end for another
    # reason, is refused.
    document = json.loads(response.content)
    ended = next(e for e in document["events"] if e["type"] == "MatchEnded")
    ended["reason"] = "target"
    forged = verify_match_record(load_match_record(json.dumps(document)))
    assert not forged.valid, forged


@pytest.mark.parametrize("game_name", CLOCKED_GAMES)
def test_a_draw_or_gin_match_takes_a_turn_clock(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], game_name: str
) -> None:
    # R47: Gin's clock ends a table everyone left too (R52), so its match takes one.
    api = make_api(sqlite_settings)
    created = api.client.post(
        "/matches",
        json={"players": ["Ann", "Bo"], "game": game_name, "turn_seconds": 600},
    )
    assert created.status_code == 201, created.text
    view = api.client.get(f"/games/{created.json()['game_id']}").json()
    assert view["turn_deadline"] is not None


@pytest.mark.parametrize("game_name", CLOCKED_GAMES)
def test_R45_a_clocked_match_with_a_bot_seat_ends_when_its_person_leaves(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], game_name: str
) -> None:
    # A bot's seat counts for nobody (R45): the person's first turn the clock plays
    # abandons the table. The clock's turn at a person's seat beside a bot, and the
    # bot's own commands, verify (R33, R50, R51).
    api = make_api(sqlite_settings)
    created = api.client.post(
        "/matches",
        json={
            "players": ["Ann", {"bot": "greedy"}],
            "game": game_name,
            # Three Thirteen's match is its 11 hands (T1): no target.
            "options": {} if game_name == "three-thirteen" else {"target": 100},
            "seed": "abandoned-beside-a-bot",
            "turn_seconds": 1,
        },
    )
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    view = _match_over(api, match_id)
    assert view["result"]["reason"] == "abandoned", view["result"]
    game = {"game_id": view["games"][-1]["game_id"], "tokens": ()}
    assert {event["seat"] for event in default_turns(api, game)} == {0}
    _verified_match_record(api, match_id)


def test_two_processes_running_clocks_play_each_default_turn_once(
    settings: Settings,
    make_api: Callable[[Settings], Api],
    counted: list[tuple[str, str]],  # noqa: F811 (the fixture)
) -> None:
    one, two = make_api(settings), make_api(settings)
    game = one.create(players=3, game="three-thirteen", turn_seconds=1)
    wait_for(lambda: len(default_turns(two, game)) >= 2)
    time.sleep(0.3)  # both clocks have looked by now
    events = [record["event"] for record in one.events(game)["events"]]
    # Each turn is one draw and one discard: a second default turn of a turn would
    # be refused by the rules, and a racing one never lands.
    turns = [event for event in events if event["type"] in ("Drew", "Discarded")]
    for drew, discarded in zip(turns[::2], turns[1::2], strict=False):
        assert (drew["type"], discarded["type"]) == ("Drew", "Discarded")
        assert drew["seat"] == discarded["seat"]
    assert counted.count((game["game_id"], "landed")) == len(default_turns(one, game))


# --- late turns -------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", CLOCKED_GAMES)
def test_a_late_turn_is_turn_timed_out_before_and_after_the_default_turn_is_written(
    sqlite_settings: Settings,
    make_api: Callable[[Settings], Api],
    stopped_clock: None,
    game_name: str,
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=2, game=game_name, turn_seconds=1)
    seat = game["view"]["turn"]
    draw = first_command(game_name)
    after_deadline(game["view"])
    refused_late(api.turn(game, seat, draw))
    refused_late(api.turn(game, seat, draw, **{"If-Match": '"1000"'}))
    assert api.view(game)["version"] == game["version"], "nothing was recorded"
    timed_out, _ = timeouts.run_due(api.store, datetime.now(UTC))
    assert timed_out == 1
    assert [event["seat"] for event in default_turns(api, game)] == [seat]
    # The seat's late command, for the turn it lost or on the game as it is now.
    refused_late(api.turn(game, seat, draw, **{"If-Match": f'"{game["version"]}"'}))
    refused_late(api.turn(game, seat, draw))
    # The other seat plays on in time; then the seat's turn comes round and it plays.
    other = api.view(game)["turn"]
    assert other != seat
    answer = api.turn(game, other, a_turn(api, game, other, game_name))
    assert answer.status_code == 200, answer.text
    again = api.turn(game, seat, DRAW)  # Gin: both passed, so the stock (G3)
    assert again.status_code == 200, again.text


def test_a_late_turn_of_a_penang_seat_is_turn_timed_out_after_the_timeout_too(
    sqlite_settings: Settings, make_api: Callable[[Settings], Api], stopped_clock: None
) -> None:
    api = make_api(sqlite_settings)
    game = api.create(players=3, turn_seconds=1)
    seat = game["view"]["turn"]
    actions = api.choose(game, seat)
    after_deadline(game["view"])
    refused_late(api.turn(game, seat, actions))
    timed_out, _ = timeouts.run_due(api.store, datetime.now(UTC))
    assert timed_out == 1
    assert api.view(game)["seats"][seat]["dead"]
    refused_late(api.turn(game, seat, actions))
    refused_late(api.turn(game, seat, actions, **{"If-Match": f'"{game["version"]}"'}))
    dead = api.client.post(
        f"/games/{game['game_id']}/seats/{seat}/dead", headers=api.auth(game["tokens"][seat])
    )
    refused_late(dead)
