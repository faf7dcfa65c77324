"""A match of Gin Rummy over HTTP: played to its target with its bonuses (G17, R43, R46).

Whole matches are played through the legal moves the service lists, with each seat's
own token (a knock whenever one is listed; else the draw or discard that leaves the
least deadwood, as a player of the seat's view would choose: `choose`), then the
match record is exported, verified offline and tampered with, and each hand's record
imported. While a hand runs, every body each viewer can read (`test_api_secrecy`'s
list) is checked to show nothing of the hidden cards.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.bots.seats import bots_of
from domain.cards import parse_cards
from domain.games import GAMES
from domain.gin.match import BOX_BONUS, GAME_BONUS
from domain.gin.melds import best_deadwood, codes
from domain.gin.state import GinState
from domain.match.audit import verify_match_record
from domain.match.records import load_match_record
from service.cli.main import main

from .audit_support import published_keys
from .support import Api, Json
from .test_api_gin import _assert_no_leak
from .test_api_matches import create_match, match_view
from .test_api_secrecy import bodies

#: The order a player of these tests prefers its listed moves in: a knock ends a hand
#: with a score, so a match reaches its target in a few hands.
PREFERRED = ("knock", "lay_off_card", "show_meld", "done")


def _deadwood(cards: list[str]) -> int:
    return best_deadwood(tuple(sorted(codes(parse_cards(cards)))))


def choose(view: Json, listed: list[Json]) -> Json:
    """The move of these tests' player, from its seat's view and the listed moves only."""
    for kind in PREFERRED:
        found = [action for action in listed if action["type"] == kind]
        if found:
            return found[0]
    hand = list(view["hand"])
    discards = [action for action in listed if action["type"] == "discard"]
    if discards:  # the discard that leaves the least deadwood
        return min(discards, key=lambda a: _deadwood([c for c in hand if c != a["card"]]))
    upcard = view["upcard"]
    take = {"type": "draw", "source": "discard"}
    if take in listed and upcard is not None:
        with_it = [*hand, upcard]
        best = min(_deadwood([c for c in with_it if c != out]) for out in hand)
        if best < _deadwood(hand):
            return take
    stock = {"type": "draw", "source": "stock"}
    return stock if stock in listed else listed[0]


def play_gin_match(
    api: Api, match: Json, tokens: list[str | None], check: bool = False, limit: int = 3_000
) -> Json:
    """Every hand of the match to its end, each seat playing with its own token."""
    for _ in range(limit):
        view = match_view(api, match)
        if view["status"] == "over":
            return view
        game = {"game_id": view["current_game"], "tokens": tokens}
        seat = api.view(game)["turn"]
        if seat is None or tokens[seat] is None:
            time.sleep(0.005)  # a bot's turn, or the next hand being dealt
            continue
        if check:
            state = api.store.state(UUID(game["game_id"]))
            assert isinstance(state, GinState)
            for viewer, body in bodies(api, game):
                _assert_no_leak(body, viewer, state)
        listed = api.moves(game, seat)["actions"]
        response = api.turn(game, seat, [choose(api.view(game, seat), listed)])
        assert response.status_code == 200, response.text
    raise AssertionError("the match did not end")


def _hand_ends(api: Api, view: Json) -> list[Json]:
    ends = []
    for played in view["games"]:
        events = api.client.get(f"/games/{played['game_id']}/events").json()["events"]
        ends.append(next(r["event"] for r in events if r["event"]["type"] == "GinHandEnded"))
    return ends


@pytest.mark.parametrize("target", [None, 40])
def test_a_gin_match_is_played_to_its_target_with_its_bonuses(api: Api, target: int | None) -> None:
    body: dict[str, Any] = {"players": ["Ann", "Bo"], "game": "gin", "seed": f"gin-m-{target}"}
    if target is not None:
        body["options"] = {"target": target}
    match = create_match(api, **body)
    opened = match["view"]
    assert opened["game"] == "gin" and opened["rules_version"] == "gin-1"
    assert opened["options"]["target"] == (target or 100) and opened["options"]["games"] is None
    assert opened["hands_won"] == [0, 0]
    view = play_gin_match(api, match, match["tokens"])
    result = view["result"]
    assert result["reason"] == "target"
    ends = _hand_ends(api, view)
    totals = [sum(end["points"][seat] for end in ends) for seat in (0, 1)]
    won = [sum(end["points"][seat] > 0 for end in ends) for seat in (0, 1)]
    assert view["totals"] == result["totals"] == totals and view["hands_won"] == won
    (winner,) = result["winners"]
    assert totals[winner] >= (target or 100) > totals[1 - winner]
    bonuses = [BOX_BONUS * won[seat] + GAME_BONUS * (seat == winner) for seat in (0, 1)]
    final = [totals[seat] + bonuses[seat] for seat in (0, 1)]
    if totals[1 - winner] == 0:  # G21, R60: a table's shutout doubles the difference
        final[winner] *= 2
    assert result.get("shutout", False) == (totals[1 - winner] == 0)
    assert result["bonuses"] == [final[seat] - totals[seat] for seat in (0, 1)]
    assert result["final"] == final
    # R43: the winner of a hand deals the next; after a drawn hand the same dealer deals.
    games = view["games"]
    assert games[0]["dealer"] == view["first_dealer"]
    for before, after, end in zip(games, games[1:], ends, strict=False):
        assert after["dealer"] == (end["winners"][0] if end["winners"] else before["dealer"])
        dealt = api.client.get(f"/games/{after['game_id']}/events").json()["events"][0]
        assert dealt["event"]["dealer"] == after["dealer"]
    assert view["revealed_seed"] is not None


def test_a_gin_match_record_verifies_and_its_tampering_names_the_rule(
    api: Api, tmp_path: Path
) -> None:
    match = create_match(
        api, players=["Ann", "Bo"], game="gin", seed="gin-rec", options={"target": 30}
    )
    early = api.client.get(f"/matches/{match['match_id']}/record")
    assert early.status_code == 409 and early.json()["code"] == "match-not-over"
    view = play_gin_match(api, match, match["tokens"])
    response = api.client.get(f"/matches/{match['match_id']}/record")
    assert response.status_code == 200, response.text
    verdict = verify_match_record(load_match_record(response.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict
    assert len(verdict.games) == len(view["games"])
    path = tmp_path / "gin-match.json"
    path.write_bytes(response.content)
    keys = published_keys(api, tmp_path)  # every hand's record is signed by the service
    assert main(["verify", str(path), "--keys", str(keys), "--require-signature"]) == 0

    document = json.loads(response.content)
    ended = next(e for e in document["events"] if e["type"] == "MatchEnded")
    assert ended["bonuses"] == view["result"]["bonuses"]
    ended["bonuses"] = [0, 0]
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid and verdict.code == "event-mismatch" and verdict.rule == "R16"
    assert len(view["games"]) > 1, "the seed plays more than one hand"
    document = json.loads(response.content)
    started = [e for e in document["events"] if e["type"] == "MatchGameStarted"]
    started[1]["dealer"] = 1 - started[1]["dealer"]
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid and verdict.rule == "R43", verdict
    assert main(["verify", str(path)]) == 0
    path.write_text(json.dumps(document))
    assert main(["verify", str(path)]) == 1

    # Each hand's record (`exportRecord`) is a game of its own: it imports and verifies.
    hand = api.client.get(f"/games/{view['games'][0]['game_id']}/record")
    assert hand.status_code == 200, hand.text
    imported = api.client.post("/games/import", json=hand.json())
    assert imported.status_code == 201, imported.text
    assert imported.json()["verdict"]["valid"] and imported.json()["view"]["over"]


def test_open_seats_of_a_gin_match_are_claimed_and_nothing_hidden_leaks(api: Api) -> None:
    match = create_match(api, seats=2, game="gin", options={"target": 20}, seed="gin-open")
    assert match["view"]["status"] == "open" and match["view"]["options"]["target"] == 20
    tokens = []
    for seat, name in enumerate(("Ann", "Bo")):
        claimed = api.client.post(
            f"/matches/{match['match_id']}/seats/{seat}/claim", json={"name": name}
        )
        assert claimed.status_code == 201, claimed.text
        tokens.append(claimed.json()["token"])
    view = play_gin_match(api, match, tokens, check=True)
    assert view["status"] == "over" and view["result"]["reason"] == "target"
    assert [seat["name"] for seat in view["seats"]] == ["Ann", "Bo"]


def test_a_closed_gin_match_ends_with_its_hand_and_no_bonuses(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo"], game="gin", seed="gin-close")
    closed = api.client.post(
        f"/matches/{match['match_id']}/close", headers=api.auth(match["host_token"])
    )
    assert closed.status_code == 200, closed.text
    view = play_gin_match(api, match, match["tokens"])
    assert len(view["games"]) == 1 and view["result"]["reason"] == "closed"
    assert view["result"]["bonuses"] == [] and view["result"]["final"] == view["totals"]


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        pytest.param({"options": {"games": 3}}, "games", "G17", id="G17-no-games"),
        pytest.param({"players": ["A", "B", "C"]}, "players", "G1", id="G1-two-players"),
        pytest.param(
            {"draw_rules": {"game": "rummy"}}, "draw_rules.game", "G2", id="another-games-rules"
        ),
        pytest.param(
            {"options": {"points_recorded": False}},
            "options.points_recorded",
            "R31",
            id="R31-points",
        ),
    ],
)
def test_a_gin_match_refuses_what_gin_has_not(api: Api, body: Json, field: str, rule: str) -> None:
    response = api.client.post("/matches", json={"players": ["A", "B"], "game": "gin", **body})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert response.headers["content-type"].startswith("application/problem+json")
    assert (problem["field"], problem["rule"]) == (field, rule), problem


def test_a_gin_match_seats_the_bots_gins_spec_lists_and_refuses_another(api: Api) -> None:
    listed = sorted(bots_of(GAMES["gin"]))
    response = api.client.post(
        "/matches", json={"seats": 2, "game": "gin", "bots": [None, {"bot": "no-such-bot"}]}
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["field"]) == ("unknown-bot", "bots[1].bot"), problem
    assert problem["bots"] == listed
    for name in listed:  # each bot Gin's seats take plays a match against a person
        match = create_match(
            api, seats=2, game="gin", bots=[None, {"bot": name}], options={"target": 10}
        )
        claimed = api.client.post(
            f"/matches/{match['match_id']}/seats/0/claim", json={"name": "Ann"}
        )
        assert claimed.status_code == 201, claimed.text
        view = play_gin_match(api, match, [claimed.json()["token"], None])
        assert view["result"]["reason"] == "target"


def test_the_lobby_offers_gin_tables_to_a_target_with_a_clock(api: Api) -> None:
    offered = {game["game"]: game for game in api.client.get("/play/games.json").json()["games"]}
    gin = offered["gin"]
    assert (gin["min_seats"], gin["max_seats"]) == (2, 2)
    # R47: a Gin match takes a turn clock, which ends a table everyone left (R52).
    assert (gin["target"], gin["fixed_hands"], gin["turn_clock"]) == (100, None, True)
    assert not gin["cards_per_player"] and offered["rummy"]["cards_per_player"]
    assert gin["bots"] == list(bots_of(GAMES["gin"]))
    assert offered["three-thirteen"]["fixed_hands"] == 11 and offered["rummy"]["target"] is None
