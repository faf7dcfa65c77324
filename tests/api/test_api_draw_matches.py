"""Matches of basic Rummy and Three Thirteen over HTTP (R31): `game` on POST /matches, each
hand dealt by the match when the last one ends (score, next deal and the hand's end in one
transaction), whole matches played by the draw games' greedy bot through each seat's view
and token, the match record verified offline, and the options a draw match refuses.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from domain.drawgame.bots import make_draw_bot
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.views import HandView
from domain.match.audit import verify_match_record
from domain.match.records import load_match_record
from domain.rummy.bots import RUMMY_BOT_GAME
from domain.rummy.rules import RummyRules
from domain.three13.bots import THIRTEEN_BOT_GAME
from domain.three13.rules import ThirteenRules
from service.usecases.open_types import dec_hook

from .support import Api, Json
from .test_api_matches import create_match, match_view

#: Each draw game as its bots play it, by its rule options' type.
BOT_GAMES: dict[type, DrawBotGame] = {
    RummyRules: RUMMY_BOT_GAME,
    ThirteenRules: THIRTEEN_BOT_GAME,
}


def play_draw_match(api: Api, match: Json, tokens: list[str], limit: int = 20_000) -> Json:
    """Every hand of the match to its end, each command the seat's greedy bot's, sent with
    that seat's token after reading that seat's view."""
    for _ in range(limit):
        view = match_view(api, match)
        if view["status"] == "over":
            return view
        game = {"game_id": view["current_game"], "tokens": tokens}
        seat = api.view(game)["turn"]
        seen = msgspec.convert(api.view(game, seat), type=HandView, dec_hook=dec_hook)
        bot = make_draw_bot("greedy", "", BOT_GAMES[type(seen.rules)])
        actions = msgspec.to_builtins(bot.command(seen))
        response = api.turn(game, seat, actions)
        assert response.status_code == 200, response.text
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("game", "options", "hands"),
    [
        pytest.param("rummy", {"target": 60}, None, id="rummy-to-60"),
        pytest.param("three-thirteen", None, 11, id="three-thirteen"),
    ],
)
def test_a_whole_match_of_a_draw_game_is_played_over_http(
    api: Api, game: str, options: Json | None, hands: int | None
) -> None:
    body: dict[str, Any] = {"players": ["Ann", "Bo"], "game": game, "seed": f"http-{game}"}
    if options is not None:
        body["options"] = options
    match = create_match(api, **body)
    assert match["view"]["game"] == game and match["game_id"] is not None
    first = api.view({"game_id": match["game_id"], "tokens": match["tokens"]})
    assert first["number"] == 1 and first["dealer"] == match["view"]["first_dealer"]
    view = play_draw_match(api, match, match["tokens"])
    games = view["games"]
    assert view["result"]["reason"] == ("games" if hands else "target")
    if hands:
        assert len(games) == hands
    for number, played in enumerate(games, start=1):  # hand n: n + 2 cards, the deal to the left
        assert played["number"] == number and played["over"]
        assert played["dealer"] == (view["first_dealer"] + number - 1) % 2
        dealt = api.client.get(f"/games/{played['game_id']}/events").json()["events"][0]["event"]
        assert dealt["hand"] == number
        if game == "three-thirteen":
            assert set(dealt["hand_sizes"]) == {number + 2}
    totals = view["totals"]
    best = max(totals) if game == "rummy" else min(totals)
    assert view["result"]["winners"] == [s for s, t in enumerate(totals) if t == best]
    response = api.client.get(f"/matches/{match['match_id']}/record")
    assert response.status_code == 200, response.text
    verdict = verify_match_record(load_match_record(response.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict

    document = json.loads(response.content)
    started = [e for e in document["events"] if e["type"] == "MatchGameStarted"]
    started[-1]["dealer"] = (started[-1]["dealer"] + 1) % 2
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid and verdict.rule == ("R24" if game == "rummy" else "T11"), verdict


def test_open_seats_of_a_rummy_match_are_claimed_then_dealt(api: Api) -> None:
    match = create_match(api, seats=3, game="rummy", options={"games": 1}, seed="claimed")
    assert match["view"]["status"] == "open" and match["game_id"] is None
    tokens = []
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        claimed = api.client.post(
            f"/matches/{match['match_id']}/seats/{seat}/claim", json={"name": name}
        )
        assert claimed.status_code == 201, claimed.text
        tokens.append(claimed.json()["token"])
    view = play_draw_match(api, match, tokens)
    assert view["status"] == "over" and len(view["games"]) == 1


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        pytest.param({"game": "three-thirteen", "options": {"games": 3}}, "games", "T1", id="T1"),
        pytest.param(
            {"game": "rummy", "options": {"games": 3, "target": 50}}, "target", "B12", id="B12"
        ),
        pytest.param(
            {"game": "rummy", "options": {"points_recorded": False}},
            "options.points_recorded",
            "R31",
            id="R31-points",
        ),
        pytest.param(
            {"game": "rummy", "draw_rules": {"game": "three-thirteen"}},
            "draw_rules.game",
            "B2",
            id="another-games-rules",
        ),
        pytest.param({"draw_rules": {"game": "rummy"}}, "draw_rules", "P1", id="penang-draw"),
    ],
)
def test_a_draw_match_refuses_what_its_game_has_not(
    api: Api, body: Json, field: str, rule: str
) -> None:
    response = api.client.post("/matches", json={"players": ["A", "B"], **body})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["field"], problem["rule"]) == (field, rule), problem
