"""Gin Rummy's table options over HTTP: big gin, spades double, the shutout, the wall and
the defender's hand (G10, G13, G19–G21, R57–R62), their defaults, their refusals, and a
match whose record re-derives them offline.

One stacked deal shows three of them at once: an Oklahoma hand whose first upcard is
the ace of spades (gin only, and doubled with `spade_double: "all"`), in which the
non-dealer takes it and holds eleven cards in melds (big gin). Its 67 + 31, doubled,
ends a match to 100 in one hand, the loser having scored nothing: a shutout.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.cards import NATURALS, parse_cards
from domain.match.audit import verify_match_record
from domain.match.records import load_match_record

from .support import Api, Json
from .test_api_matches import create_match, match_view

#: Seat 1 deals, so seat 0 is offered the upcard first (G3).
BIG_GIN = "2S 3S 4S 5H 5D 5C 9C 9D 9H 9S"
DEFENDER = "AH 3C 6D 8C 10H QC KD 2D 7S JD"  # no meld: 67


def stacked(north: str, south: str, upcard: str) -> list[str]:
    """A deck dealt by seat 1: ten cards each one at a time from seat 0, then the upcard;
    the rest of the pack below in its canonical order."""
    hands = [parse_cards(north.split()), parse_cards(south.split())]
    used = {*hands[0], *hands[1], *parse_cards([upcard])}
    rest = [card.text for card in NATURALS if card not in used]
    return [hands[i % 2][i // 2].text for i in range(20)] + [upcard, *rest]


def _play(api: Api, game: Json, seat: int, *actions: Json) -> None:
    for action in actions:
        response = api.turn(game, seat, [action])
        assert response.status_code == 200, response.text


def _meld(cards: str) -> Json:
    return {"type": "show_meld", "cards": cards.split()}


def test_big_gin_on_a_doubled_spade_ends_a_match_in_a_shutout(api: Api) -> None:
    match = create_match(
        api,
        players=["Ann", "Bo"],
        game="gin",
        draw_rules={"game": "gin", "oklahoma": True, "spade_double": "all"},
        decks=[stacked(BIG_GIN, DEFENDER, "AS")],
        dealer=1,
    )
    rules = match["view"]["options"]["rules"]
    assert (rules["big_gin_bonus"], rules["shutout"], rules["defender"]) == (
        31,
        "difference",
        "arranged",
    ), "R57: a new table records the table's defaults"
    game = {"game_id": match["view"]["current_game"], "tokens": match["tokens"]}
    view = api.view(game, 0)
    assert view["doubled"] and view["knock_limit"] == 0
    _play(api, game, 0, {"type": "draw", "source": "discard"})
    assert {"type": "big_gin"} in api.moves(game, 0)["actions"]
    _play(
        api,
        game,
        0,
        {"type": "big_gin"},
        _meld("AS 2S 3S 4S"),
        _meld("5H 5D 5C"),
        _meld("9C 9D 9H 9S"),
        {"type": "done"},
    )
    _play(api, game, 1, {"type": "done"})
    end = next(
        record["event"]
        for record in api.client.get(f"/games/{game['game_id']}/events").json()["events"]
        if record["event"]["type"] == "GinHandEnded"
    )
    # G19: 67 + 31; G20: doubled, its box too.
    assert (end["reason"], end["points"], end["doubled"], end["boxes"]) == (
        "big_gin",
        [196, 0],
        True,
        [2, 0],
    )
    result = match_view(api, match)["result"]
    # G17: 100 and two boxes of 25 on 196; G21, R60: the difference doubled.
    assert result["shutout"] is True
    assert (result["totals"], result["final"], result["bonuses"]) == ([196, 0], [692, 0], [496, 0])

    record = api.client.get(f"/matches/{match['match_id']}/record")
    assert record.status_code == 200, record.text
    verdict = verify_match_record(load_match_record(record.content))
    assert verdict.valid and verdict.finished, verdict
    document = json.loads(record.content)
    scored = next(e for e in document["events"] if e["type"] == "MatchGameScored")
    assert scored["boxes"] == [2, 0]
    ended = next(e for e in document["events"] if e["type"] == "MatchEnded")
    assert ended["shutout"] is True and ended["bonuses"] == [496, 0]
    for tamper in ({"shutout": False}, {"bonuses": [396, 0]}):
        altered = json.loads(record.content)
        for event in altered["events"]:
            if event["type"] == "MatchEnded":
                event.update(tamper)
                if tamper.get("shutout") is False:
                    del event["shutout"]
        verdict = verify_match_record(load_match_record(json.dumps(altered)))
        assert not verdict.valid and verdict.code == "event-mismatch", (tamper, verdict)


def test_a_table_without_its_options_scores_as_the_engine_did(api: Api) -> None:
    # R57: the readings as they were (no big gin, no doubling, no shutout) are options.
    match = create_match(
        api,
        players=["Ann", "Bo"],
        game="gin",
        draw_rules={"game": "gin", "big_gin_bonus": None, "shutout": None},
        decks=[stacked(BIG_GIN, DEFENDER, "AS")],
        dealer=1,
        options={"target": 50},
    )
    game = {"game_id": match["view"]["current_game"], "tokens": match["tokens"]}
    _play(api, game, 0, {"type": "draw", "source": "discard"})
    assert {"type": "big_gin"} not in api.moves(game, 0)["actions"]
    _play(
        api,
        game,
        0,
        {"type": "knock"},
        {"type": "discard", "card": "9S"},
        _meld("AS 2S 3S 4S"),
        _meld("5H 5D 5C"),
        _meld("9C 9D 9H"),
        {"type": "done"},
    )
    _play(api, game, 1, {"type": "done"})
    result = match_view(api, match)["result"]
    assert "shutout" not in result
    assert (result["totals"], result["final"]) == ([92, 0], [217, 0])


@pytest.mark.parametrize(
    ("rules", "field", "rule"),
    [
        pytest.param({"spade_double": "points"}, "spade_double", "G20", id="G20-not-oklahoma"),
        pytest.param({"wall_knock": True, "wall": "draw"}, "wall", "G13", id="G13-two-walls"),
    ],
)
def test_options_that_make_no_table_are_refused_naming_their_rule(
    api: Api, rules: dict[str, Any], field: str, rule: str
) -> None:
    for path, body in (
        ("/games", {"players": ["A", "B"], "game": "gin", "seed": "x"}),
        ("/matches", {"players": ["A", "B"], "game": "gin"}),
    ):
        response = api.client.post(path, json={**body, "draw_rules": {"game": "gin", **rules}})
        assert response.status_code == 422, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
        problem = response.json()
        assert (problem["rule"], problem["field"]) == (rule, field), problem


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("big_gin_bonus", 101),
        ("big_gin_bonus", "31"),
        ("spade_double", "hearts"),
        ("shutout", "triple"),
        ("wall", "never"),
        ("defender", "nobody"),
    ],
)
def test_a_malformed_option_is_refused_naming_it(api: Api, option: str, value: object) -> None:
    response = api.client.post(
        "/games",
        json={"players": ["A", "B"], "game": "gin", "draw_rules": {"game": "gin", option: value}},
    )
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert option in json.dumps(response.json()), response.json()
