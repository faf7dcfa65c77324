"""Matches over HTTP: whole matches played by their seats' tokens, claimed seats, the end,
the match's record checked offline (dealers included), and one transaction per command.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.match.audit import verify_match_record
from domain.match.records import load_match_record
from service.cli.main import main as cli
from service.store.envelopes import Envelope
from service.usecases import matches

from .audit_support import published_keys
from .support import Api, Json

SHORT = {"games": 2, "rules": {"cards_per_player": 7}}


def create_match(api: Api, **body: Any) -> Json:
    response = api.client.post("/matches", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def match_view(api: Api, match: Json) -> Json:
    response = api.client.get(f"/matches/{match['match_id']}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def play_match(api: Api, match: Json, tokens: list[str]) -> Json:
    """Play every game of the match to its end with the seats' tokens."""
    for _ in range(20):
        current = match_view(api, match)["current_game"]
        if current is None:
            return match_view(api, match)
        api.play_to_end({"game_id": current, "tokens": tokens})
    raise AssertionError("the match did not end")


def test_a_whole_match_of_named_players_is_played_and_ends_after_its_games(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo", "Cy"], options=SHORT, seed="m-1")
    assert match["game_id"] is not None and len(match["tokens"]) == 3
    view = play_match(api, match, match["tokens"])
    assert view["status"] == "over" and view["result"]["reason"] == "games"
    games = view["games"]
    assert [game["number"] for game in games] == [1, 2] and all(g["over"] for g in games)
    totals = [sum(points) for points in zip(*(g["points"] for g in games), strict=True)]
    assert view["totals"] == totals == view["result"]["totals"]
    assert view["result"]["winners"] == [s for s, t in enumerate(totals) if t == min(totals)]
    assert view["revealed_seed"] is not None
    for game in games:  # every game stays an ordinary game
        assert api.client.get(f"/games/{game['game_id']}/record").status_code == 200


def test_the_turn_that_ends_a_game_names_the_next_and_its_dealer_is_the_winner(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo", "Cy"], options=SHORT, seed="m-2")
    game = {"game_id": match["game_id"], "tokens": match["tokens"]}
    last = None
    while (response := api.play_one(game)) is not None:
        assert response.status_code == 200, response.text
        last = response.json()
        if api.view(game)["over"]:
            break
    assert last is not None and last["next_game"] is not None
    view = match_view(api, match)
    first, second = view["games"]
    assert last["next_game"] == second["game_id"] == view["current_game"]
    winners = first["winners"]
    assert second["dealer"] in winners  # P7 (R5 among shared winners)
    dealt = api.view({"game_id": second["game_id"]})
    assert dealt["dealer"] == second["dealer"] and dealt["version"] >= 1


def test_claimed_seats_play_with_their_own_tokens_only(api: Api) -> None:
    match = create_match(api, seats=2, options=SHORT, seed="m-3")
    assert match["tokens"] == [] and match["game_id"] is None
    claims = [
        api.client.post(f"/matches/{match['match_id']}/seats/{seat}/claim", json={"name": n})
        for seat, n in enumerate(["Ann", "Bo"])
    ]
    assert [claim.status_code for claim in claims] == [201, 201]
    tokens = [claim.json()["token"] for claim in claims]
    game_id = claims[1].json()["game_id"]
    assert game_id is not None and claims[0].json()["game_id"] is None
    view = api.view({"game_id": game_id})
    seat = view["turn"]
    other = 1 - seat
    moves = f"/games/{game_id}/seats/{seat}/moves"
    assert api.client.get(moves, headers=api.auth(tokens[seat])).status_code == 200
    assert api.client.get(moves, headers=api.auth(tokens[other])).status_code == 403
    assert api.client.get(moves, headers=api.auth(match["host_token"])).status_code == 401


def test_a_seat_claimed_by_two_at_once_goes_to_one(api: Api) -> None:
    match = create_match(api, seats=3, seed="m-4")
    start = threading.Barrier(6)

    def claim(index: int) -> Any:
        start.wait()
        return api.client.post(
            f"/matches/{match['match_id']}/seats/1/claim", json={"name": f"P{index}"}
        )

    with ThreadPoolExecutor(6) as pool:
        responses = list(pool.map(claim, range(6)))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [201] + [409] * 5, [r.text for r in responses]
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"seat-taken"}
    view = match_view(api, match)
    assert view["open_seats"] == [0, 2] and view["version"] == 2


def test_leaving_needs_the_seats_token_and_frees_the_seat(api: Api) -> None:
    match = create_match(api, seats=2, seed="m-5")
    path = f"/matches/{match['match_id']}/seats/0"
    claimed = api.client.post(path + "/claim", json={"name": "Ann"}).json()
    token = claimed["token"]
    assert api.client.post(path + "/leave").status_code == 401
    left = api.client.post(path + "/leave", headers=api.auth(token))
    assert left.status_code == 200, left.text
    answer = left.json()
    # The answer wraps the view as a claim's does, with every field of it but the token.
    assert set(answer) == set(claimed) - {"token"}
    assert (answer["match_id"], answer["seat"], answer["game_id"]) == (match["match_id"], 0, None)
    assert answer["view"]["open_seats"] == [0, 1]
    assert answer["version"] == answer["view"]["version"] == claimed["version"] + 1
    assert left.headers["ETag"] == f'"{answer["version"]}"'
    again = api.client.post(path + "/leave", headers=api.auth(token))
    assert again.status_code == 401  # the token left with its player


def test_the_host_closes_the_match_and_nobody_else(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo"], options={"rules": {"cards_per_player": 7}})
    close = f"/matches/{match['match_id']}/close"
    assert api.client.post(close, headers=api.auth(match["tokens"][0])).status_code == 401
    closed = api.client.post(close, headers=api.auth(match["host_token"]))
    assert closed.status_code == 200 and closed.json()["closed"] is True
    # The game being played is the last (a game can end at its deal, the next dealt at once).
    dealt = len(closed.json()["games"])
    view = play_match(api, match, match["tokens"])
    assert view["result"]["reason"] == "closed" and len(view["games"]) == dealt


def test_an_open_table_closed_before_its_deal_ends_at_once(api: Api) -> None:
    match = create_match(api, seats=2, seed="m-6")
    closed = api.client.post(
        f"/matches/{match['match_id']}/close", headers=api.auth(match["host_token"])
    )
    assert closed.status_code == 200, closed.text
    view = closed.json()
    assert view["status"] == "over" and view["result"]["winners"] == []
    assert view["revealed_seed"] is not None
    claim = api.client.post(f"/matches/{match['match_id']}/seats/0/claim", json={"name": "A"})
    assert claim.status_code == 409 and claim.json()["code"] == "match-over"


def test_a_turn_whose_match_write_fails_records_nothing(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ending turn, the score and the next deal land together or not at all."""
    match = create_match(api, players=["Ann", "Bo"], options=SHORT, seed="m-7")
    game = {"game_id": match["game_id"], "tokens": match["tokens"]}
    real = matches.continue_after

    def clashing(*args: Any) -> Any:
        envelopes, remember = real(*args)
        if envelopes:  # the match's first event at a version already taken: a conflict
            first = envelopes[0]
            envelopes[0] = Envelope(first.originator_id, 1, first.event)
        return envelopes, remember

    monkeypatch.setattr(matches, "continue_after", clashing)
    while not api.view(game)["over"]:
        before = api.view(game)["version"]
        response = api.play_one(game)
        if response.status_code == 409:
            # The ending turn was refused: the game did not move, nor did the match.
            assert api.view(game)["version"] == before
            assert match_view(api, match)["games"][0]["over"] is False
            assert len(match_view(api, match)["games"]) == 1
            return
        assert response.status_code == 200, response.text
    raise AssertionError("the ending turn was recorded although its match write failed")


def test_the_match_record_verifies_offline_with_every_dealer(api: Api, tmp_path: Path) -> None:
    match = create_match(api, players=["Ann", "Bo", "Cy"], options=SHORT, seed="m-8")
    early = api.client.get(f"/matches/{match['match_id']}/record")
    assert early.status_code == 409 and early.json()["code"] == "match-not-over"
    play_match(api, match, match["tokens"])
    response = api.client.get(f"/matches/{match['match_id']}/record")
    assert response.status_code == 200, response.text
    verdict = verify_match_record(load_match_record(response.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict
    path = tmp_path / "match.json"
    path.write_bytes(response.content)
    keys = published_keys(api, tmp_path)
    assert cli(["verify", str(path), "--keys", str(keys), "--require-signature"]) == 0

    document = json.loads(response.content)
    started = [e for e in document["events"] if e["type"] == "MatchGameStarted"]
    started[1]["dealer"] = (started[1]["dealer"] + 1) % 3
    path.write_text(json.dumps(document))
    verdict = verify_match_record(load_match_record(path.read_bytes()))
    assert not verdict.valid and verdict.rule == "P7" and verdict.code == "event-mismatch"
    assert cli(["verify", str(path)]) == 1


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        pytest.param("first-dealer", "P6", id="P6-another-first-dealer"),
        pytest.param("totals", "R16", id="R16-totals-that-do-not-add-up"),
        pytest.param("seed", "P6", id="P6-another-match-seed"),
        pytest.param("drop-game", "P7", id="P7-a-game-missing"),
    ],
)
def test_a_tampered_match_record_names_the_rule(api: Api, change: str, rule: str) -> None:
    match = create_match(api, players=["Ann", "Bo", "Cy"], options=SHORT, seed="m-9")
    play_match(api, match, match["tokens"])
    document = json.loads(api.client.get(f"/matches/{match['match_id']}/record").content)
    events = document["events"]
    by_type = {event["type"]: event for event in events}
    if change == "first-dealer":
        by_type["MatchStarted"]["dealer"] = (by_type["MatchStarted"]["dealer"] + 1) % 3
    elif change == "totals":
        scored = next(e for e in events if e["type"] == "MatchGameScored")
        scored["totals"] = [total + 1 for total in scored["totals"]]
    elif change == "seed":
        by_type["MatchSeedRevealed"]["server_seed"] = "00" * 32
    else:
        document["games"] = document["games"][:1]
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid and verdict.rule == rule, verdict


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"players": ["A", "B"], "seats": 2}, "players", id="both-players-and-seats"),
        pytest.param({}, "players", id="neither"),
        pytest.param({"seats": 2, "seat_seeds": ["a", "b"]}, "seat_seeds", id="seeds-of-open"),
        pytest.param(
            {"players": ["A", "B"], "options": {"games": 2, "target": 50}},
            "target",
            id="R16-two-ends",
        ),
        pytest.param(
            {"players": ["A", "B"], "options": {"points_recorded": False, "target": 50}},
            "target",
            id="R17-target-without-points",
        ),
        pytest.param({"players": ["A", "B"], "dealer": 1}, "dealer", id="P6-dealer-with-seed"),
    ],
)
def test_a_match_that_cannot_be_played_is_refused(api: Api, body: Json, field: str) -> None:
    response = api.client.post("/matches", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["field"] == field


def test_a_match_id_is_not_a_game_id_nor_the_reverse(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo"], seed="m-10")
    assert api.client.get(f"/games/{match['match_id']}").status_code == 404
    assert api.client.get(f"/matches/{match['game_id']}").status_code == 404
    assert UUID(match["match_id"]) != UUID(match["game_id"])
