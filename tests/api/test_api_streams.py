"""Live updates: a game's and a match's stream of server-sent events (`streamGame`,
`streamMatch`), read whole from finished games and matches over the TestClient.

A stream shows each viewer exactly what `getEvents` (and `getMatchEvents`) shows it, in
one order, each event once; a client that resumes after any event gets exactly the
rest; refusals come before a stream opens, as problems. The live behaviour (open
streams, turns arriving, limits, keep-alives, freeing) is in test_api_streams_live.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from .live_support import Sse, assert_stream_keeps_secrets, parse_text
from .support import Api, Json


def _stream(api: Api, path: str, token: str | None = None, **headers: str) -> list[Sse]:
    response = api.client.get(path, headers={**api.auth(token), **headers})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache"
    return parse_text(response.text)


def _events(messages: list[Sse]) -> list[Sse]:
    return [message for message in messages if message.id is not None]


def play_match(api: Api, match: Json) -> Json:
    """Play every game of `match` to its end; the match as it ends."""
    for _ in range(20):
        view = api.client.get(f"/matches/{match['match_id']}").json()
        if view["status"] == "over":
            return dict(view)
        api.play_to_end({"game_id": view["current_game"], "tokens": match["tokens"]})
    raise AssertionError("the match did not end")


@pytest.fixture
def finished_game(api: Api) -> Json:
    game = api.create(players=3, rules={"cards_per_player": 7}, seed="streams-3")
    api.play_to_end(game)
    return game


@pytest.fixture
def finished_match(api: Api) -> Json:
    body = {
        "players": ["Aminah", "Ben", "Chen", "Devi"],
        "options": {"games": 2, "rules": {"cards_per_player": 7}},
        "seed": "streams-match",
    }
    response = api.client.post("/matches", json=body)
    assert response.status_code == 201, response.text
    match = dict(response.json())
    play_match(api, match)
    return match


# --- a game's stream ------------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_a_game_stream_shows_each_viewer_what_get_events_shows_it(
    api: Api, finished_game: Json, viewer: int | None
) -> None:
    token = None if viewer is None else finished_game["tokens"][viewer]
    messages = _stream(api, f"/games/{finished_game['game_id']}/stream", token)
    page = api.events(finished_game, viewer)
    events = _events(messages)
    assert [message.data for message in events] == page["events"]
    assert [message.id for message in events] == list(range(1, page["version"] + 1))
    assert [message.event for message in events] == [r["event"]["type"] for r in page["events"]]
    # After the batch, whose turn: nobody's, the game is over (P32).
    assert messages[-1].event == "turn" and messages[-1].id is None
    assert messages[-1].data == {
        "game_id": finished_game["game_id"],
        "version": page["version"],
        "turn": None,
        "over": True,
        "deadline": None,
    }


def test_resuming_after_any_event_of_a_game_gives_exactly_the_rest(
    api: Api, finished_game: Json
) -> None:
    path = f"/games/{finished_game['game_id']}/stream"
    whole = _events(_stream(api, path))
    for last in range(len(whole)):
        by_header = _events(_stream(api, path, **{"Last-Event-ID": str(last)}))
        assert whole[:last] + by_header == whole, last
        by_query = _events(_stream(api, f"{path}?last_event_id={last}"))
        assert by_query == by_header, last
    # The header is what an EventSource sends when it reconnects: it wins over the query.
    both = _events(_stream(api, f"{path}?last_event_id=1", **{"Last-Event-ID": "5"}))
    assert both == whole[5:]


def test_a_client_that_has_a_whole_finished_stream_is_told_to_stop(
    api: Api, finished_game: Json
) -> None:
    path = f"/games/{finished_game['game_id']}/stream"
    last = api.view(finished_game)["version"]
    response = api.client.get(path, headers={"Last-Event-ID": str(last)})
    assert response.status_code == 204 and response.content == b""


# --- a match's stream ----------------------------------------------------------------------


def _expected_match_stream(api: Api, match: Json, seat: int | None) -> list[Json]:
    """The match stream's records built from the REST reads: each `MatchGameStarted`
    followed by every event of its game as `getEvents` shows it to `seat`."""
    token = None if seat is None else match["tokens"][seat]
    expected: list[Json] = []
    for record in api.client.get(f"/matches/{match['match_id']}/events").json()["events"]:
        expected.append({"game_id": None, **record})
        if record["event"]["type"] == "MatchGameStarted":
            game_id = record["event"]["game_id"]
            page = api.client.get(f"/games/{game_id}/events", headers=api.auth(token)).json()
            expected += [{"game_id": game_id, **game_record} for game_record in page["events"]]
    return [{"position": at, **record} for at, record in enumerate(expected, start=1)]


@pytest.mark.parametrize("viewer", [None, 2])
def test_a_match_stream_holds_each_game_after_its_start_and_the_match_events_after_its_end(
    api: Api, finished_match: Json, viewer: int | None
) -> None:
    token = None if viewer is None else finished_match["tokens"][viewer]
    messages = _stream(api, f"/matches/{finished_match['match_id']}/stream", token)
    events = _events(messages)
    expected = _expected_match_stream(api, finished_match, viewer)
    assert [message.data for message in events] == expected
    assert [message.id for message in events] == [record["position"] for record in expected]
    types = [message.event for message in events]
    assert types[0] == "MatchOpened" and types[-2:] == ["MatchEnded", "MatchSeedRevealed"]
    for at, kind in enumerate(types):
        if kind == "MatchGameScored":  # after its game's last events (P32)
            assert types[at - 2 : at] == ["GameEnded", "SeedRevealed"], types
    last_game = [record["game_id"] for record in expected if record["game_id"]][-1]
    assert messages[-1].data["game_id"] == last_game and messages[-1].data["over"]
    assert_stream_keeps_secrets(messages, viewer)


@pytest.mark.parametrize("viewer", [None, 1])
def test_resuming_a_match_stream_after_every_event_gives_one_uninterrupted_stream(
    api: Api, finished_match: Json, viewer: int | None
) -> None:
    token = None if viewer is None else finished_match["tokens"][viewer]
    path = f"/matches/{finished_match['match_id']}/stream"
    whole = _events(_stream(api, path, token))
    for last in range(len(whole)):
        rest = _events(_stream(api, path, token, **{"Last-Event-ID": str(last)}))
        assert whole[:last] + rest == whole, last
    response = api.client.get(path, headers={**api.auth(token), "Last-Event-ID": str(len(whole))})
    assert response.status_code == 204


# --- refusals, before a stream opens ---------------------------------------------------------


def _problem(response: Any, status: int, code: str) -> Json:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem: Json = response.json()
    assert problem["code"] == code, problem
    return problem


def test_refusals_come_as_problems_before_a_stream_opens(api: Api, finished_game: Json) -> None:
    match = api.client.post("/matches", json={"seats": 2}).json()
    other = api.create(players=2)
    game_path = f"/games/{finished_game['game_id']}/stream"
    match_path = f"/matches/{match['match_id']}/stream"
    unknown = "00000000-0000-4000-8000-000000000000"
    get = api.client.get
    _problem(get(f"/games/{unknown}/stream"), 404, "game-not-found")
    _problem(get(f"/matches/{unknown}/stream"), 404, "match-not-found")
    _problem(get(f"/games/{{{finished_game['game_id']}}}/stream"), 422, "invalid-request")
    beyond = _problem(get(game_path, headers={"Last-Event-ID": "999"}), 404, "version-not-found")
    assert beyond["version"] == api.view(finished_game)["version"]
    _problem(get(match_path, headers={"Last-Event-ID": "2"}), 404, "version-not-found")
    _problem(get(game_path, headers={"Last-Event-ID": "seven"}), 422, "invalid-request")
    _problem(get(f"{game_path}?last_event_id=-1"), 422, "invalid-request")
    _problem(get(game_path, headers=api.auth("not-a-token")), 401, "invalid-token")
    _problem(get(game_path, headers=api.auth(other["tokens"][0])), 401, "invalid-token")
    # A seat's token of another table; the host's token of this match opens it
    # (test_api_stream_tickets.py).
    _problem(get(match_path, headers=api.auth(other["tokens"][0])), 401, "invalid-token")
    assert api.store and api.client.app.state.hub.stats() == {
        "streams": 0,
        "feeds": 0,
        "followed": 0,
        "holders": 0,
    }


def test_the_stream_secrecy_scan_catches_a_hidden_card() -> None:
    def dealt(hands: list[Any], undealt: Any = None) -> Sse:
        event = {"type": "Dealt", "hands": hands, "undealt": undealt}
        return Sse("Dealt", 1, {"version": 1, "event": event})

    turn = Sse("turn", None, {"turn": 1})
    ended = Sse("GameEnded", 2, {"version": 2, "event": {"type": "GameEnded"}})
    assert_stream_keeps_secrets([dealt([["AS"], None]), turn], 0)
    assert_stream_keeps_secrets([dealt([["AS"], ["2H"]]), ended, turn], 0)  # over: R3
    for leak, seat in (
        ([dealt([["AS"], ["2H"]]), turn, ended], 0),  # ended later: it ran when shown
        ([dealt([["AS"], None], ["3C"]), turn], 0),
        ([dealt([None, ["2H"]]), turn], None),
        ([dealt([None, ["2H"]]), turn], 0),  # another hand, not its own
    ):
        with pytest.raises(AssertionError):
            assert_stream_keeps_secrets(leak, seat)


def test_a_match_seat_token_streams_each_game_of_the_match_as_that_seat(
    api: Api, finished_match: Json
) -> None:
    view = api.client.get(f"/matches/{finished_match['match_id']}").json()
    for game in view["games"]:
        token = finished_match["tokens"][3]
        page = api.client.get(f"/games/{game['game_id']}/events", headers=api.auth(token))
        streamed = _events(_stream(api, f"/games/{game['game_id']}/stream", token))
        assert [message.data for message in streamed] == page.json()["events"]
