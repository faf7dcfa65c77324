"""Versions: the game at any version (time travel), and events stored by older versions.

Time travel (`?version=N` on the spectator and seat views) folds the game's first N
events. While the game runs a past version is as secret as the present; once the game
is over every version of it is shown in full (R3). Stored events carry their schema
version (`domain.codec`); one stored in an older shape is upcast when read.
"""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID, uuid4

import msgspec
import pytest
from eventsourcing.persistence import StoredEvent

from domain.cards import build_deck, texts
from domain.events import Event
from domain.penang.codec import encode_event
from domain.penang.fold import fold
from domain.penang.game import start_game
from domain.penang.rules import PenangRules
from service.store.envelopes import Envelope, GameSecrets, secrets_id
from service.usecases import auth

from .audit_support import export, exported, finished_game
from .support import Api, Json


def at(api: Api, game: Json, version: int, seat: int | None = None) -> Any:
    if seat is None:
        return api.client.get(f"/games/{game['game_id']}", params={"version": version})
    return api.client.get(
        f"/games/{game['game_id']}/seats/{seat}",
        params={"version": version},
        headers=api.auth(game["tokens"][seat]),
    )


# --- time travel ------------------------------------------------------------------------


def test_each_version_of_a_running_game_is_its_state_then_as_secret_as_now(api: Api) -> None:
    game = api.create(players=3, seed="travel")
    for _ in range(4):
        api.play_one(game)
    events = api.store.game_events(UUID(game["game_id"]))
    for version in range(1, len(events) + 1):
        then = fold(events[:version])
        spectator = at(api, game, version)
        assert spectator.status_code == 200, spectator.text
        assert spectator.headers["etag"] == f'"{version}"'
        view = spectator.json()
        assert view["version"] == version and view["turn"] == then.turn
        assert [seat["hand_size"] for seat in view["seats"]] == [len(h) for h in then.hands]
        assert view["undealt"] is None
        assert all(seat["hand"] is None for seat in view["seats"])
        for seat in range(3):
            seen = at(api, game, version, seat).json()
            assert seen["hand"] == list(texts(then.hands[seat]))
            others = [s["hand"] for s in seen["seats"] if s["seat"] != seat]
            assert others == [None, None] and seen["undealt"] is None


def test_the_latest_version_is_the_present(api: Api) -> None:
    game = api.create(players=2)
    api.play_one(game)
    now = api.view(game)
    assert at(api, game, now["version"]).json() == now
    assert at(api, game, now["version"], 1).json() == api.view(game, 1)


def test_every_version_of_a_finished_game_shows_every_hand(api: Api) -> None:
    game = finished_game(api)
    events = api.store.game_events(UUID(game["game_id"]))
    running = [v for v in range(1, len(events)) if not fold(events[:v]).over]
    for version in (running[0], running[len(running) // 2], running[-1]):
        then = fold(events[:version])
        for seat in (None, 0):
            view = at(api, game, version, seat).json()
            assert view["version"] == version and view["over"] is False
            assert [s["hand"] for s in view["seats"]] == [list(texts(h)) for h in then.hands]
            assert view["undealt"] == list(texts(then.undealt))


@pytest.mark.parametrize("seat", [None, 0])
def test_a_version_the_game_has_not_reached_is_not_found(api: Api, seat: int | None) -> None:
    game = api.create(players=2)
    current = api.view(game)["version"]
    response = at(api, game, current + 1, seat)
    assert response.status_code == 404, response.text
    problem = response.json()
    assert problem["code"] == "version-not-found" and problem["version"] == current


@pytest.mark.parametrize("version", ["0", "-1", "1000001", "99999999999999999999999", "x"])
def test_a_version_out_of_bounds_is_invalid(api: Api, version: str) -> None:
    game = api.create(players=2)
    response = api.client.get(f"/games/{game['game_id']}?version={version}")
    assert response.status_code == 422, response.text
    assert response.json()["field"] == "version"


def test_time_travel_needs_the_seats_token(api: Api) -> None:
    game = api.create(players=2)
    response = api.client.get(f"/games/{game['game_id']}/seats/1?version=1")
    assert response.status_code == 401
    other = api.client.get(
        f"/games/{game['game_id']}/seats/1?version=1", headers=api.auth(game["tokens"][0])
    )
    assert other.status_code == 403


# --- events in the store ------------------------------------------------------------------


def _stored(game_id: UUID, version: int, event: Event) -> StoredEvent:
    """`event` as an older schema stored it: a `Dealt` is written as v1 (without a rules
    version, the codec's example); other types have one schema version so far."""
    data = encode_event(event)
    if data["type"] == "Dealt":
        del data["rules_version"]
        data["v"] = 1
    state = {"recorded_at": "2025-01-02T03:04:05Z", **data}
    return StoredEvent(
        originator_id=game_id,
        originator_version=version,
        topic=f"domain.events:{data['type']}",
        state=msgspec.json.encode(state),
    )


def test_events_stored_in_an_older_shape_are_upcast_when_read(api: Api) -> None:
    deck = list(build_deck(2, 6))
    random.Random(7).shuffle(deck)
    rules = PenangRules(cards_per_player=12)
    events = start_game(["Old", "Timer"], deck, rules, dealer=0)
    game_id, tokens = uuid4(), ("old-token-0", "old-token-1")
    secrets = GameSecrets(token_sha256=tuple(auth.token_hash(t) for t in tokens))
    records = [_stored(game_id, i, event) for i, event in enumerate(events, start=1)]
    records.append(api.store.mapper.to_stored_event(Envelope(secrets_id(game_id), 1, secrets)))
    api.store.recorder.insert_events(records)

    game = {"game_id": str(game_id), "tokens": list(tokens)}
    view = api.view(game)
    assert view["rules_version"] == "penang-1"  # what a v1 deal can only mean
    assert view["rules"]["cards_per_player"] == 12
    assert api.events(game)["events"][0]["event"]["rules_version"] == "penang-1"
    # The game plays on, and its record is written in the current shapes.
    final = api.play_to_end(game)
    assert final["over"]
    # The ratings read past a finished game whose deal is of the older shape.
    assert api.client.get("/ratings/penang").status_code == 200
    document = exported(api, str(game_id))
    assert document["events"][0]["v"] == 2
    assert document["events"][0]["rules_version"] == "penang-1"
    copy = api.client.post(
        "/games/import",
        content=export(api, str(game_id)).content,
        headers={"Content-Type": "application/json"},
    )
    assert copy.status_code == 201, copy.text
    assert copy.json()["verdict"]["deal"] == "unproven"


def test_stored_events_carry_their_type_and_schema_version(api: Api) -> None:
    game = api.create(players=2)
    api.play_one(game)
    game_id = UUID(game["game_id"])
    rows = api.store.recorder.select_events(game_id)
    assert rows and [row.originator_version for row in rows] == list(range(1, len(rows) + 1))
    for row in rows:
        state = msgspec.json.decode(row.state)
        assert row.topic == f"domain.events:{state['type']}"
        assert list(state)[:3] == ["recorded_at", "type", "v"]
        assert state["v"] == (2 if state["type"] == "Dealt" else 1)
