"""Gin Rummy over HTTP: the same endpoints as every other game (G1-G17, R28).

Whole hands are played through the legal moves the service lists (the first listed
action each time), then exported, verified and imported. On every road out, what Gin
hides while the hand runs (another seat's hand, the stock's order, a card drawn from
the stock) is checked to stay hidden, for each seat and for a spectator; once the hand
is over, every hand shows.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from patience import PATIENCE

from domain.gin.state import GinState
from domain.record_proofs import verify_record
from domain.records import load_record
from service.cli.main import main

from .support import Api, Json
from .test_api_secrecy import bodies

Viewer = int | None


def _create(api: Api, seed: str, **body: Any) -> Json:
    return api.create(players=2, game="gin", seed=seed, **body)


def _state(api: Api, game: Json) -> GinState:
    state = api.store.state(UUID(game["game_id"]))
    assert isinstance(state, GinState)
    return state


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _dicts(item)


def _assert_no_leak(body: Any, viewer: Viewer, state: GinState) -> None:
    """`body` shows `viewer` nothing of the running hand's hidden cards."""
    own = None if viewer is None else sorted(card.text for card in state.hands[viewer])
    for found in _dicts(body):
        assert found.get("stock") is None or isinstance(found.get("stock"), int), found
        if isinstance(found.get("hand"), list):  # a deal's `hand` is its number
            assert viewer is not None and sorted(found["hand"]) == own, found
        for seat, hand in enumerate(found.get("hands") or []):
            assert hand is None or seat == viewer, "another seat's deal shown"
        if found.get("type") == "Drew" and found.get("source") == "stock":
            assert found.get("card") is None or found.get("seat") == viewer, found
        assert found.get("type") != "GinHandEnded", "the result shown before the end"


def _play_to_end(api: Api, game: Json, check: bool = False, limit: int = 400) -> Json:
    """Play the first listed action of the seat on turn until the hand ends."""
    for _ in range(limit):
        view = api.view(game)
        if view["over"]:
            return view
        seat = view["turn"]
        if check:
            for viewer, body in bodies(api, game):
                _assert_no_leak(body, viewer, _state(api, game))
        listed = api.moves(game, seat)
        assert listed["can_move"] and listed["actions"], listed
        response = api.turn(game, seat, [listed["actions"][0]])
        assert response.status_code == 200, response.text
        if check and not _state(api, game).over:
            _assert_no_leak(response.json(), seat, _state(api, game))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("seed", ["gin-a", "gin-b", "gin-c"])
def test_a_gin_hand_is_played_to_its_end_through_the_legal_moves(api: Api, seed: str) -> None:
    game = _create(api, seed)
    assert game["view"]["rules_version"] == "gin-1"
    assert game["view"]["stock"] is None and game["view"]["stock_size"] == 31
    assert game["view"]["seats"][0]["hand_size"] == 10
    end = _play_to_end(api, game)
    assert end["result"]["type"] == "GinHandEnded" and end["turn"] is None
    assert end["stock"] is not None
    assert all(seat["hand"] is not None for seat in end["seats"])
    types = [record["event"]["type"] for record in api.events(game)["events"]]
    assert types[0] == "HandDealt" and "GinHandEnded" in types and types[-1] == "SeedRevealed"


def test_a_spectator_and_the_other_seat_never_see_a_hidden_card(api: Api) -> None:
    game = _create(api, "gin-secrecy")
    _assert_no_leak(game, None, _state(api, game))
    _play_to_end(api, game, check=True)
    dealt = api.events(game)["events"][0]["event"]
    assert all(hand is not None for hand in dealt["hands"]) and dealt["stock"] is not None


def test_a_card_drawn_from_the_stock_is_shown_to_its_drawer_only(api: Api) -> None:
    game = _create(api, "gin-drawn")
    for _ in range(10):
        view = api.view(game)
        seat = view["turn"]
        actions = api.moves(game, seat)["actions"]
        stock = [a for a in actions if a == {"type": "draw", "source": "stock"}]
        if stock:
            answer = api.turn(game, seat, stock)
            assert answer.status_code == 200, answer.text
            (drew,) = [record["event"] for record in answer.json()["events"]]
            assert drew["type"] == "Drew" and drew["card"] is not None
            seen = {v: api.events(game, v)["events"][-1]["event"] for v in (seat, 1 - seat, None)}
            assert seen[seat]["card"] == drew["card"]
            assert seen[1 - seat]["card"] is None and seen[None]["card"] is None
            return
        api.turn(game, seat, [actions[0]])
    raise AssertionError("no draw from the stock was listed")


def test_a_finished_hand_is_exported_verified_and_imported(api: Api, tmp_path: Path) -> None:
    game = _create(api, "gin-record")
    _play_to_end(api, game)
    record = api.client.get(f"/games/{game['game_id']}/record")
    assert record.status_code == 200, record.text
    verdict = verify_record(load_record(record.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict
    saved = tmp_path / "gin.json"
    saved.write_bytes(record.content)
    assert main(["verify", str(saved)]) == 0
    document = record.json()
    imported = api.client.post("/games/import", json=document)
    assert imported.status_code == 201, imported.text
    body = imported.json()
    assert body["verdict"]["valid"] and body["view"]["over"]
    assert body["view"]["rules_version"] == "gin-1"
    again = api.events({"game_id": body["game_id"], "tokens": ()})["events"]
    assert [r["event"] for r in again] == [r["event"] for r in api.events(game)["events"]]
    tampered = json.loads(record.content)
    tampered["events"][1]["seat"] = 1 - tampered["events"][1]["seat"]
    (tmp_path / "tampered.json").write_text(json.dumps(tampered))
    assert main(["verify", str(tmp_path / "tampered.json")]) == 1


def test_another_games_action_is_refused_with_gins_rule(api: Api) -> None:
    game = _create(api, "gin-foreign")
    seat = game["view"]["turn"]
    refused = api.turn(game, seat, [{"type": "meld", "cards": ["AS", "2S", "3S"]}])
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "not-in-this-game" and refused.json()["rule"] == "G10"


def test_a_clocked_gin_table_shows_its_deadline_and_the_clock_plays_the_seat_late(
    api: Api,
) -> None:
    # R19: the seat offered the first upcard that does not answer in time passes it (the
    # clock's default turn, `domain.gin.clock.default_turn`), marked as the clock's (R51).
    game = _create(api, "gin-clock", turn_seconds=1)
    first = game["view"]["turn"]
    assert game["view"]["turn_deadline"] is not None
    assert api.view(game, first)["turn_deadline"] == game["view"]["turn_deadline"]
    deadline = time.monotonic() + PATIENCE
    while len(events := api.events(game)["events"]) < 2:
        assert time.monotonic() < deadline, "the clock did not play the late seat"
        time.sleep(0.05)
    passed = events[1]["event"]
    assert (passed["type"], passed["seat"], passed["reason"]) == (
        "UpcardPassed",
        first,
        "timeout",
    ), passed
    view = api.view(game)
    assert view["turn"] == 1 - first and view["passed"][first] and view["turn_deadline"]
