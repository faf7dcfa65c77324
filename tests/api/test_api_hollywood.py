"""A Hollywood match of Gin Rummy over HTTP: three columns played to their end (G18,
R53–R55), its record verified offline and its columns' tampering refused.

The hands are played through the legal moves the service lists, each seat with its own
token (`test_api_gin_match.choose`). The columns the service shows are checked against
the hands' own ends, read from each hand's events, as G18 scores them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.gin.hollywood import hollywood_columns
from domain.match.audit import verify_match_record
from domain.match.records import load_match_record
from service.cli.main import main

from .support import Api
from .test_api_gin_match import _hand_ends, play_gin_match
from .test_api_matches import create_match, match_view


def test_a_hollywood_match_plays_every_column_to_its_end_and_its_record_verifies(
    api: Api, tmp_path: Path
) -> None:
    match = create_match(
        api,
        players=["Ann", "Bo"],
        game="gin",
        seed="hollywood-1",
        options={"target": 40, "scoring": "hollywood"},
    )
    opened = match["view"]
    assert opened["options"]["scoring"] == "hollywood" and opened["options"]["target"] == 40
    assert [column["points"] for column in opened["columns"]] == [[0, 0]] * 3

    view = play_gin_match(api, match, match["tokens"])
    result = view["result"]
    assert result["reason"] == "target" and result["bonuses"] == []
    ends = _hand_ends(api, view)
    points = [(end["points"][0], end["points"][1]) for end in ends]
    expected = hollywood_columns(points, target=40)
    columns = result["columns"]
    assert len(columns) == 3 and all(column["over"] for column in columns)
    for shown, column in zip(columns, expected, strict=True):
        assert shown["points"] == list(column.points) and shown["winner"] == column.winner
        assert shown["bonuses"] == list(column.bonuses) and shown["final"] == list(column.final)
        assert shown["shutout"] == column.shutout
        assert max(shown["points"]) >= 40
    final = [sum(column["final"][seat] for column in columns) for seat in (0, 1)]
    assert result["final"] == final
    assert result["winners"] == [seat for seat in (0, 1) if final[seat] == max(final)]
    assert view["columns"] == columns
    assert view["totals"] == [sum(p[seat] for p in points) for seat in (0, 1)]
    assert len(view["games"]) >= 3, "three columns take three hands at least"

    # The stream of the match carries the columns in MatchEnded, as the record does.
    events = api.client.get(f"/matches/{match['match_id']}/events")
    assert events.status_code == 200, events.text
    streamed = [row["event"] for row in events.json()["events"]]
    assert next(e for e in streamed if e["type"] == "MatchEnded")["columns"] == columns

    response = api.client.get(f"/matches/{match['match_id']}/record")
    assert response.status_code == 200, response.text
    verdict = verify_match_record(load_match_record(response.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict
    path = tmp_path / "hollywood.json"
    path.write_bytes(response.content)
    assert main(["verify", str(path)]) == 0

    # A column's score tampered with is refused: the verifier re-decides the columns.
    document = json.loads(response.content)
    ended = next(e for e in document["events"] if e["type"] == "MatchEnded")
    assert ended["columns"] == columns
    ended["columns"][2]["final"] = [0, 0]
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid and verdict.code == "event-mismatch" and verdict.rule == "R16"
    # So is a scoring changed after the fact: the hands then end the match elsewhere.
    document = json.loads(response.content)
    document["events"][0]["options"]["scoring"] = "single"
    verdict = verify_match_record(load_match_record(json.dumps(document)))
    assert not verdict.valid, verdict
    path.write_text(json.dumps(document))
    assert main(["verify", str(path)]) == 1


def test_a_hollywood_match_goes_on_after_a_column_ends(api: Api) -> None:
    match = create_match(
        api,
        players=["Ann", "Bo"],
        game="gin",
        seed="hollywood-2",
        options={"scoring": "hollywood"},
    )
    assert match["view"]["options"]["target"] == 100  # G17: the default target
    view = match_view(api, match)
    assert view["status"] == "playing" and len(view["columns"]) == 3


def test_a_single_column_gin_match_shows_no_columns(api: Api) -> None:
    match = create_match(api, players=["Ann", "Bo"], game="gin", seed="single-1")
    assert match["view"]["options"]["scoring"] == "single" and match["view"]["columns"] == []


@pytest.mark.parametrize(
    ("game", "rule"),
    [("rummy", "B12"), ("three-thirteen", "T1"), ("penang", "R16")],
)
def test_hollywood_scoring_is_refused_where_the_games_spec_lists_none(
    api: Api, game: str, rule: str
) -> None:
    body = {"players": ["A", "B"], "game": game, "options": {"scoring": "hollywood"}}
    response = api.client.post("/matches", json=body)
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert (problem["field"], problem["rule"]) == ("scoring", rule), problem
    assert "one column" in problem["detail"], problem


def test_an_unknown_scoring_is_refused_naming_the_field(api: Api) -> None:
    body = {"players": ["A", "B"], "game": "gin", "options": {"scoring": "chicago"}}
    response = api.client.post("/matches", json=body)
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "invalid-request" and "options.scoring" in problem["detail"], problem
