"""Bot seats over HTTP (R33, R34): a person plays whole games and a match against the
service's bots, which play their turns through the same path as a person's.

Think time is 0 (the tests' settings), so a bot's turn follows the write that made it
its turn at once; the person waits for their turn by reading the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from patience import PATIENCE

from domain.bots.audit import verify_record
from domain.games import GAMES
from domain.records import load_record
from service.settings import Settings

from .support import Api, Json
from .test_api_matches import create_match, match_view

WAIT = PATIENCE


def _create(api: Api, players: list[Any], **body: Any) -> Json:
    body.setdefault("seed", "bot-seats")
    response = api.client.post("/games", json={"players": players, **body})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _until_turn_of(api: Api, game: Json, seat: int) -> Json:
    """The spectator view once it is `seat`'s turn or the game is over (bots play between)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        view = api.view(game)
        if view["over"] or view["turn"] == seat:
            return view
        time.sleep(0.005)
    raise AssertionError(f"the bots never passed the turn to seat {seat}: {view}")


def _person_command(api: Api, game: Json, seat: int) -> list[Json]:
    """The person's next command, from the moves the service lists."""
    moves = api.moves(game, seat)
    if "turns" in moves:  # Penang Rummy: a whole listed turn (D8)
        turns = moves["turns"]
        return list(turns[0]["actions"]) if turns else []
    if "actions" in moves:  # Gin Rummy: each listed action a command of its own (R50)
        return [moves["actions"][0]]
    commands = [c["actions"] for c in moves["commands"]]
    playing = [c for c in commands if c[0]["type"] in ("go_out", "meld", "lay_off")]
    discards = [c for c in commands if c[0]["type"] == "discard"]
    if playing:
        return list(playing[0])
    return list(discards[0] if discards else commands[0])


def _play_as(api: Api, game: Json, seat: int, limit: int = 3000) -> Json:
    """Play `seat`'s turns as a person until the game is over; the bots play the rest."""
    for _ in range(limit):
        view = _until_turn_of(api, game, seat)
        if view["over"]:
            return view
        actions = _person_command(api, game, seat)
        response = api.dead(game, seat) if not actions else api.turn(game, seat, actions)
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game", "bots"),
    [
        ("penang", ["greedy", "patient", "random"]),
        ("rummy", ["greedy", "random"]),
        ("three-thirteen", ["random", "greedy"]),
        ("gin", ["greedy"]),
        ("gin", ["random"]),
    ],
)
def test_a_person_plays_a_whole_game_against_bots(api: Api, game: str, bots: list[str]) -> None:
    created = _create(api, ["Aminah", *({"bot": bot} for bot in bots)], game=game)
    assert created["tokens"][0] is not None
    assert created["tokens"][1:] == [None] * len(bots)
    end = _play_as(api, created, 0)
    assert end["over"]
    record = api.client.get(f"/games/{created['game_id']}/record")
    assert record.status_code == 200, record.text
    deal = record.json()["events"][0]
    assert deal["bots"] == [None, *bots]
    verdict = verify_record(load_record(record.content))
    assert verdict.valid and verdict.finished, verdict


def test_an_unknown_bot_is_refused_listing_the_games_bots(api: Api) -> None:
    response = api.client.post(
        "/games", json={"players": ["Aminah", {"bot": "clever"}], "game": "rummy"}
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert response.headers["content-type"].startswith("application/problem+json")
    assert problem["code"] == "unknown-bot" and problem["rule"] == "R33"
    assert problem["bots"] == sorted(GAMES["rummy"].bots)
    assert problem["field"] == "players[1].bot"


def test_an_unknown_gin_bot_is_refused_listing_gins_bots(api: Api) -> None:
    response = api.client.post(
        "/games", json={"players": [{"bot": "patient"}, "Aminah"], "game": "gin"}
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["rule"]) == ("unknown-bot", "R33"), problem
    assert problem["bots"] == sorted(GAMES["gin"].bots) and problem["field"] == "players[0].bot"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_with_bots_takes_a_turn_clock(api: Api, game: str) -> None:
    # Every game marks its clock's turns (R19, R36; Gin's, R51), so a verifier tells
    # them from a bot's commands: a table with bot seats takes a clock (R50).
    body = {"players": ["Aminah", {"bot": "greedy"}], "game": game, "turn_seconds": 30}
    created = api.client.post("/games", json=body)
    assert created.status_code == 201, created.text
    view = api.client.get(f"/games/{created.json()['game_id']}").json()
    assert view["over"] or view["turn_deadline"] is not None, view


def test_a_bot_seat_has_no_token_and_refuses_every_token(api: Api) -> None:
    created = _create(api, ["Aminah", {"bot": "greedy"}], game="rummy")
    response = api.turn(
        created, 1, [{"type": "draw", "source": "stock"}], token=created["tokens"][0]
    )
    assert response.status_code in (403, 409), response.text


def _play_match_as(api: Api, match: Json, tokens: list[str | None], limit: int = 20_000) -> Json:
    """Every game of the match, the people's turns played from their listed moves."""
    for _ in range(limit):
        view = match_view(api, match)
        if view["status"] == "over":
            return view
        game = {"game_id": view["current_game"], "tokens": tokens}
        table = api.view(game)
        seat = table["turn"]
        if table["over"] or seat is None or tokens[seat] is None:
            time.sleep(0.005)  # a bot's turn, or the next game being dealt
            continue
        actions = _person_command(api, game, seat)
        response = api.dead(game, seat) if not actions else api.turn(game, seat, actions)
        assert response.status_code in (200, 409), response.text
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("game", "options"), [("penang", {"games": 2}), ("rummy", {"games": 2})])
def test_a_whole_match_of_people_and_bots(api: Api, game: str, options: Json) -> None:
    players = ["Aminah", {"bot": "greedy"}, "Ben", {"bot": "random"}]
    match = create_match(api, players=players, game=game, options=options, seed=f"mixed-{game}")
    tokens = match["tokens"]
    assert tokens[1] is None and tokens[3] is None and None not in (tokens[0], tokens[2])
    view = _play_match_as(api, match, tokens)
    assert len(view["games"]) == 2
    for played in view["games"]:  # bots play every game of the match
        record = api.client.get(f"/games/{played['game_id']}/record").json()
        assert record["events"][0]["bots"] == [None, "greedy", None, "random"]


def test_an_open_seat_match_deals_when_the_last_person_claims(api: Api) -> None:
    bots = [None, {"bot": "greedy"}, None]
    # Three cards a hand: the deal is unseeded, and a hand of seven played by the first
    # listed discard can go round for thousands of turns.
    three = {"game": "rummy", "cards_per_player": 3}
    match = create_match(
        api, seats=3, bots=bots, game="rummy", options={"games": 1}, draw_rules=three
    )
    assert match["view"]["status"] == "open" and match["game_id"] is None
    seat_1 = api.client.post(f"/matches/{match['match_id']}/seats/1/claim", json={"name": "X"})
    assert seat_1.status_code == 409, seat_1.text  # the bot's seat is taken
    tokens: list[str | None] = [None, None, None]
    for seat, name in ((0, "Ann"), (2, "Cy")):
        claimed = api.client.post(
            f"/matches/{match['match_id']}/seats/{seat}/claim", json={"name": name}
        )
        assert claimed.status_code == 201, claimed.text
        tokens[seat] = claimed.json()["token"]
        dealt = claimed.json()["game_id"]
        assert (dealt is None) == (seat == 0)
    view = _play_match_as(api, match, tokens)
    assert view["status"] == "over" and len(view["games"]) == 1


def test_a_bot_thinks_for_its_think_time_after_the_write_that_made_its_turn(
    tmp_path: Path, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(Settings(sqlite_path=str(tmp_path / "think.sqlite"), bot_think_ms=400))
    start = time.monotonic()
    created = _create(api, [{"bot": "greedy"}, {"bot": "random"}], game="rummy")
    version = created["version"]
    while api.view(created)["version"] == version:
        assert time.monotonic() - start < WAIT
        time.sleep(0.01)
    assert time.monotonic() - start >= 0.4
