"""No road shows a hidden card while a game runs (P5, R3; DESIGN principle 9).

Scripted games are played to the end over HTTP. After every step, every body a
seat or a spectator can get (views, events, legal moves, turn answers, refusals, the
refused record export) is collected and checked against the server's state at that
moment: a `hand` is only ever the viewer's own, the `hands` of the deal only the
viewer's own, `undealt` is never shown and `deadwood` never appears. Past versions
(time travel) are checked against the state at that version. Once the game is over,
everything shows, in every version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.cards import texts
from domain.penang.fold import fold
from domain.penang.state import PenangState
from service.settings import Settings
from service.store.envelopes import answer_id, secrets_id

from .support import Api, Json

Viewer = int | None


@pytest.fixture
def api(tmp_path: Path, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "secrecy.sqlite")))


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _dicts(item)


def assert_no_leak(body: Any, viewer: Viewer, state: PenangState, dealt: list[list[str]]) -> None:
    """`body` shows `viewer` nothing of the running game's hidden cards."""
    own = None if viewer is None else list(texts(state.hands[viewer]))
    for found in _dicts(body):
        assert found.get("undealt") is None, "undealt cards shown"
        assert "deadwood" not in found, "deadwood shown before the end"
        assert found.get("result") is None, "result shown before the end"
        if found.get("hand") is not None:
            assert viewer is not None and sorted(found["hand"]) == sorted(own or []), found
        for seat, hand in enumerate(found.get("hands") or []):
            if hand is not None:
                assert seat == viewer and hand == dealt[seat], "another seat's deal shown"


def bodies(api: Api, game: Json) -> Iterator[tuple[Viewer, Any]]:
    """Every body each viewer can read now, refusals included."""
    gid, tokens = game["game_id"], game["tokens"]
    yield None, api.client.get(f"/games/{gid}").json()
    yield None, api.client.get(f"/games/{gid}/events").json()
    yield None, api.client.get(f"/games/{gid}/seats/0").json()  # refused without a token
    for params in ({}, {"format": "ndjson"}):
        refused = api.client.get(f"/games/{gid}/record", params=params)
        assert refused.status_code == 409, refused.text
        yield None, refused.json()
    for seat, token in enumerate(tokens):
        headers = api.auth(token)
        yield seat, api.client.get(f"/games/{gid}/record", headers=headers).json()
        yield seat, api.client.get(f"/games/{gid}/seats/{seat}", headers=headers).json()
        yield seat, api.client.get(f"/games/{gid}/events", headers=headers).json()
        yield seat, api.client.get(f"/games/{gid}/events?since=1", headers=headers).json()
        yield seat, api.client.get(f"/games/{gid}/seats/{seat}/moves", headers=headers).json()
        other = (seat + 1) % len(tokens)
        yield seat, api.client.get(f"/games/{gid}/seats/{other}", headers=headers).json()
        yield seat, api.client.get(f"/games/{gid}/seats/{other}/moves", headers=headers).json()
        refused = api.turn(game, seat, [{"type": "meld", "cards": ["AS", "AS", "AS"]}])
        yield seat, refused.json()
        yield seat, api.dead(game, seat).json()
    yield None, api.client.get(f"/games/{gid}/seats/0").json()


def past_bodies(api: Api, game: Json) -> Iterator[tuple[Viewer, Any, PenangState]]:
    """Every view of a few past versions (time travel), with the state at that version."""
    gid, tokens = game["game_id"], game["tokens"]
    events = api.store.game_events(UUID(gid))
    for version in sorted({1, len(events) // 2, len(events) - 1, len(events)} - {0}):
        then = fold(events[:version])
        yield None, api.client.get(f"/games/{gid}", params={"version": version}).json(), then
        for seat, token in enumerate(tokens):
            path = f"/games/{gid}/seats/{seat}"
            seen = api.client.get(path, params={"version": version}, headers=api.auth(token))
            assert seen.json()["version"] == version
            yield seat, seen.json(), then
            other = f"/games/{gid}/seats/{(seat + 1) % len(tokens)}"
            refused = api.client.get(other, params={"version": version}, headers=api.auth(token))
            yield seat, refused.json(), then


@pytest.mark.parametrize(
    ("players", "seed", "every"), [(2, "secrecy-2", 1), (4, "secrecy-4", 1), (5, "s-5", 3)]
)
def test_no_response_shows_a_hidden_card_while_the_game_runs(
    api: Api, players: int, seed: str, every: int
) -> None:
    """`every`: check all roads after every `every`-th step (the turn answers always)."""
    game = api.create(players=players, seed=seed)
    dealt = [list(texts(hand)) for hand in api.state(game["game_id"]).hands]
    assert_no_leak(game, None, api.state(game["game_id"]), dealt)
    for step in range(400):
        state = api.state(game["game_id"])
        if state.over:
            break
        if step % every == 0:
            for viewer, body in bodies(api, game):
                assert_no_leak(body, viewer, api.state(game["game_id"]), dealt)
            for viewer, body, then in past_bodies(api, game):
                assert_no_leak(body, viewer, then, dealt)
        response = api.play_one(game)
        assert response.status_code == 200, response.text
        seat = response.json()["view"]["viewer"]
        after = api.state(game["game_id"])
        if not after.over:
            assert_no_leak(response.json(), seat, after, dealt)
    else:
        raise AssertionError("the game did not end")
    # R3: once over, the record shows every hand and the undealt cards to anyone.
    events = api.events(game)["events"]
    assert events[0]["event"]["hands"] == dealt
    assert events[0]["event"]["undealt"] is not None
    assert api.view(game)["result"]["deadwood"] is not None
    first = api.client.get(f"/games/{game['game_id']}", params={"version": 1}).json()
    assert [seat["hand"] for seat in first["seats"]] == dealt and first["undealt"] is not None
    record = api.client.get(f"/games/{game['game_id']}/record")
    assert record.status_code == 200 and record.json()["events"][0]["hands"] == dealt


def test_a_spectator_never_sees_a_hand_in_a_fresh_game(api: Api) -> None:
    game = api.create(players=3)
    state = api.state(game["game_id"])
    dealt = [list(texts(hand)) for hand in state.hands]
    for body in (game, api.view(game), api.events(game)):
        assert_no_leak(body, None, state, dealt)
    assert api.events(game)["events"][0]["event"]["hands"] == [None, None, None]


def test_the_leak_check_catches_a_shown_hand(api: Api) -> None:
    game = api.create(players=2)
    state = api.state(game["game_id"])
    dealt = [list(texts(hand)) for hand in state.hands]
    for leak, viewer in (
        ({"hand": dealt[1]}, 0),
        ({"hand": dealt[0]}, None),
        ({"hands": [None, dealt[1]]}, 0),
        ({"undealt": ["AS"]}, 1),
        ({"deadwood": [[]]}, 1),
    ):
        with pytest.raises(AssertionError):
            assert_no_leak(leak, viewer, state, dealt)


def test_the_private_streams_are_not_games(api: Api) -> None:
    game = api.create(players=2)
    gid = UUID(game["game_id"])
    for private in (secrets_id(gid), answer_id(gid, 0, "k")):
        for path in (f"/games/{private}", f"/games/{private}/events"):
            response = api.client.get(path)
            assert response.status_code == 404, response.text
            assert response.json()["code"] == "game-not-found"
    api.turn(
        game,
        game["view"]["turn"],
        api.choose(game, game["view"]["turn"]),
        **{"Idempotency-Key": "k"},
    )
    stream = answer_id(gid, game["view"]["turn"], "k")
    assert api.client.get(f"/games/{stream}").status_code == 404
    secrets = api.client.get(f"/games/{secrets_id(gid)}/events")
    assert "token" not in secrets.text and "seed" not in secrets.text
