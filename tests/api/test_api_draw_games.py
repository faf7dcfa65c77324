"""Basic Rummy and Three Thirteen over HTTP: the same endpoints as Penang Rummy's games.

A game is created with `game` (and a draw game's `draw_rules`, `hand`), played through
the legal moves the service lists, and read through the same views, events, records and
imports. What a draw game hides (R28) is checked on every road out: the stock's order,
a card drawn from the stock (its drawer only), another seat's hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.drawgame.views import HandView
from domain.record_proofs import verify_record
from domain.records import load_record
from service.settings import Settings
from service.usecases.messages import TurnResult

from .live_support import LiveServer, SseReader, parse_text
from .support import Api, Json

DRAW_GAMES = ("rummy", "three-thirteen")


def _create(api: Api, game: str, players: int = 3, **body: Any) -> Json:
    return api.create(players=players, game=game, **body)


def _command(api: Api, game: Json, seat: int, actions: list[Json]) -> Json:
    response = api.turn(game, seat, actions)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _play_to_end(api: Api, game: Json, limit: int = 2000) -> Json:
    """Play a listed command of whoever's turn it is, until the hand ends: going out,
    melding or laying off where listed, else a draw from the stock, else the discard of
    the card least likely to meld (every command played is one the service listed)."""
    for _ in range(limit):
        view = api.view(game)
        if view["over"]:
            return view
        seat = view["turn"]
        commands = [c["actions"] for c in api.moves(game, seat)["commands"]]
        assert commands, f"seat {seat} is on turn with no command listed"
        playing = [c for c in commands if c[0]["type"] in ("go_out", "meld", "lay_off")]
        discards = [c for c in commands if c[0]["type"] == "discard"]
        if playing:
            chosen = playing[0]
        elif discards:
            chosen = min(discards, key=lambda c: _keeps(c[0]["card"], api.view(game, seat)))
        else:
            chosen = commands[0]
        _command(api, game, seat, chosen)
    raise AssertionError("the hand did not end")


def _keeps(card: str, view: Json) -> tuple[int, int]:
    """How much `card` helps its hand meld (cards of its rank, neighbours in its suit),
    then its rank: the least helpful, highest card is discarded first."""
    rank, suit = card[:-1], card[-1]
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    at = order.index(rank)
    near = {order[i] + suit for i in (at - 2, at - 1, at + 1, at + 2) if 0 <= i < len(order)}
    others = [c for c in view["hand"] if c != card]
    helps = sum(c[:-1] == rank for c in others) + sum(c in near for c in others)
    return helps, -at


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_a_draw_game_is_played_to_its_end_through_the_legal_moves(api: Api, name: str) -> None:
    game = _create(api, name, seed=f"whole-{name}")
    assert game["view"]["rules_version"] in ("rummy-1", "three-thirteen-1")
    assert game["view"]["stock"] is None and game["view"]["stock_size"] > 0
    end = _play_to_end(api, game)
    assert end["result"]["type"] == "HandEnded" and end["turn"] is None
    assert end["stock"] is not None  # R28: everything is shown once the hand is over
    events = api.events(game)["events"]
    types = [record["event"]["type"] for record in events]
    assert types[0] == "HandDealt" and "HandEnded" in types and types[-1] == "SeedRevealed"
    record = api.client.get(f"/games/{game['game_id']}/record")
    assert record.status_code == 200, record.text
    verdict = verify_record(load_record(record.content))
    assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_the_stock_is_hidden_and_a_card_drawn_from_it_shown_to_its_drawer_only(
    api: Api, name: str
) -> None:
    game = _create(api, name, seed=f"hidden-{name}")
    seat = game["view"]["turn"]
    other = (seat + 1) % 3
    answer = _command(api, game, seat, [{"type": "draw", "source": "stock"}])
    (drew,) = [record["event"] for record in answer["events"]]
    assert drew["type"] == "Drew" and drew["card"] in answer["view"]["hand"]
    seen_by = {
        viewer: api.events(game, viewer)["events"][-1]["event"] for viewer in (seat, other, None)
    }
    assert seen_by[seat]["card"] == drew["card"]
    assert seen_by[other]["card"] is None and seen_by[None]["card"] is None
    for viewer in (other, None):
        view = api.view(game, viewer)
        assert view["stock"] is None
        assert view["seats"][seat]["hand"] is None
        dealt = api.events(game, viewer)["events"][0]["event"]
        assert dealt["stock"] is None and dealt["hands"][seat] is None
    assert api.view(game, seat)["seats"][seat]["hand"] is not None
    refused = api.client.get(f"/games/{game['game_id']}/record")
    assert refused.status_code == 409 and refused.json()["code"] == "game-not-over"


@pytest.mark.parametrize(
    ("name", "action", "rule"),
    [
        ("penang", {"type": "draw", "source": "stock"}, "P12"),
        ("penang", {"type": "discard", "card": "AS"}, "P12"),
        ("penang", {"type": "go_out", "melds": [["AS", "2S", "3S"]], "discard": "KD"}, "P31"),
        ("rummy", {"type": "swap", "meld": 0, "card": "4H"}, "B1"),
        ("rummy", {"type": "go_out", "melds": [["AS", "2S", "3S"]], "discard": "KD"}, "B7"),
        ("three-thirteen", {"type": "swap", "meld": 0, "card": "4H"}, "T7"),
        ("three-thirteen", {"type": "meld", "cards": ["AS", "2S", "3S"]}, "T7"),
        ("three-thirteen", {"type": "lay_off", "meld": 0, "card": "AS"}, "T7"),
    ],
)
def test_another_games_action_is_422_naming_this_games_rule(
    api: Api, name: str, action: Json, rule: str
) -> None:
    game = _create(api, name, players=4)
    seat = game["view"]["turn"]
    response = api.turn(game, seat, [action])
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["rule"], problem["action_index"]) == (
        "not-in-this-game",
        rule,
        0,
    )


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        ({"game": "rummy", "rules": {"jokers": 8}}, "rules", "B2"),
        ({"game": "rummy", "draw_rules": {"game": "three-thirteen"}}, "draw_rules.game", "B2"),
        ({"draw_rules": {"game": "rummy"}}, "draw_rules", "P3"),
        ({"hand": 3}, "hand", "P3"),
    ],
)
def test_another_games_option_is_422_naming_the_field_and_rule(
    api: Api, body: Json, field: str, rule: str
) -> None:
    response = api.client.post("/games", json={"players": ["A", "B", "C"], **body})
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["field"], problem["rule"]) == ("not-in-this-game", field, rule)


def test_rummy_takes_its_options_and_three_thirteen_its_hand(api: Api) -> None:
    rummy = _create(api, "rummy", draw_rules={"game": "rummy", "ace_high": True}, seed="ace")
    assert rummy["view"]["rules"] == {
        "game": "rummy",
        "last_card_discard": False,
        "ace_high": True,
        "cards_per_player": None,
    }
    assert [len(api.view(rummy, seat)["hand"]) for seat in range(3)] == [7, 7, 7]
    hand5 = _create(api, "three-thirteen", players=6, hand=5, seed="five")
    assert hand5["view"]["number"] == 5 and hand5["view"]["wild"] == "7"
    assert [seat["hand_size"] for seat in hand5["view"]["seats"]] == [7] * 6
    seat5 = api.client.get(
        f"/games/{hand5['game_id']}/seats/5", headers=api.auth(hand5["tokens"][5])
    )
    assert seat5.status_code == 200 and len(seat5.json()["hand"]) == 7


def test_a_draw_game_has_no_dead_declaration(api: Api) -> None:
    game = _create(api, "rummy")
    response = api.dead(game, game["view"]["turn"])
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["rule"]) == ("not-in-this-game", "B3")


def test_a_draw_games_record_is_imported_as_a_finished_game(api: Api) -> None:
    game = _create(api, "three-thirteen", seed="import-me")
    _play_to_end(api, game)
    document = api.client.get(f"/games/{game['game_id']}/record").json()
    imported = api.client.post("/games/import", json=document)
    assert imported.status_code == 201, imported.text
    body = imported.json()
    assert body["verdict"]["valid"] and body["view"]["over"]
    assert body["view"]["rules_version"] == "three-thirteen-1"
    again = api.events({"game_id": body["game_id"], "tokens": ()})["events"]
    assert [r["event"] for r in again] == [r["event"] for r in api.events(game)["events"]]


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_an_empty_stock_is_rebuilt_in_the_order_the_committed_seed_draws(
    api: Api, name: str
) -> None:
    """B11, T10, R20: each seat draws from the stock and throws the card back until the
    stock runs out; the next draw rebuilds it, hidden, and the record proves its order."""
    game = _create(api, name, players=2, seed=f"rebuild-{name}")
    rebuilt = None
    for _ in range(200):
        seat = api.view(game)["turn"]
        drawn = _command(api, game, seat, [{"type": "draw", "source": "stock"}])["events"]
        rebuilt = next((r["event"] for r in drawn if r["event"]["type"] == "StockRebuilt"), None)
        card = drawn[-1]["event"]["card"]
        _command(api, game, seat, [{"type": "discard", "card": card}])
        if rebuilt is not None:
            break
    assert rebuilt is not None, "the stock was never rebuilt"
    assert rebuilt["number"] == 1 and rebuilt["stock"] is None and rebuilt["stock_size"] > 0
    assert api.view(game, 0)["stock"] is None
    _play_to_end(api, game)
    record = load_record(api.client.get(f"/games/{game['game_id']}/record").content)
    assert any(type(event).__name__ == "StockRebuilt" for event in record.events)
    verdict = verify_record(record)
    assert verdict.valid and verdict.deal == "verified", verdict


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_a_draw_games_stream_shows_each_viewer_what_get_events_shows_it(
    api: Api, name: str
) -> None:
    """The live-update stream of a hand goes through the same views as getEvents (R28)."""
    game = _create(api, name, players=2, seed=f"stream-{name}")
    _play_to_end(api, game)
    path = f"/games/{game['game_id']}/stream"
    for viewer in (None, 0, 1):
        token = None if viewer is None else game["tokens"][viewer]
        messages = parse_text(api.client.get(path, headers=api.auth(token)).text)
        events = [message for message in messages if message.id is not None]
        page = api.events(game, viewer)
        assert [message.data for message in events] == page["events"]
        assert [message.event for message in events] == [r["event"]["type"] for r in page["events"]]
        assert messages[-1].event == "turn" and messages[-1].data["over"] is True


def test_a_running_hands_streams_show_a_card_drawn_from_the_stock_to_its_drawer_only(
    tmp_path: Path,
) -> None:
    """R28 on the live road: while the hand runs, each stream is as getEvents shows it."""
    with LiveServer(Settings(sqlite_path=str(tmp_path / "live.sqlite"))) as live:
        body = {"players": ["A", "B"], "game": "rummy", "seed": "live-draw"}
        game = httpx.post(f"{live.base}/games", json=body).json()
        url = f"{live.base}/games/{game['game_id']}/stream"
        tokens = game["tokens"]
        readers = {
            viewer: SseReader(
                url, {} if viewer is None else {"Authorization": f"Bearer {tokens[viewer]}"}
            )
            for viewer in (None, 0, 1)
        }
        seat = game["view"]["turn"]
        drawn = httpx.post(
            f"{live.base}/games/{game['game_id']}/seats/{seat}/turns",
            json={"actions": [{"type": "draw", "source": "stock"}]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert drawn.status_code == 200, drawn.text
        for viewer, reader in readers.items():
            reader.wait(lambda r: r.last_id() == 2)
            dealt, drew = (message.data["event"] for message in reader.events())
            assert dealt["stock"] is None
            assert [hand is not None for hand in dealt["hands"]] == [viewer == 0, viewer == 1]
            assert (drew["card"] is not None) == (viewer == seat), (viewer, drew)
            reader.drop()


def test_a_retried_draw_game_creation_and_command_get_their_first_answers(api: Api) -> None:
    """Idempotency-Key: the stored answers replay byte for byte, and decode as HandView."""
    body = {"players": ["A", "B"], "game": "three-thirteen", "seed": "again"}
    key = {"Idempotency-Key": "a-draw-game-created-once-0001"}
    first = api.client.post("/games", json=body, headers=key)
    again = api.client.post("/games", json=body, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["idempotent-replayed"] == "true" and again.content == first.content
    game = first.json()
    seat = game["view"]["turn"]
    draw = [{"type": "draw", "source": "stock"}]
    turn_key = {"Idempotency-Key": "a-draw-command-sent-once-0001"}
    answers = [api.turn(game, seat, draw, **turn_key) for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[1].headers["idempotent-replayed"] == "true"
    assert answers[1].content == answers[0].content
    decoded = msgspec.json.decode(answers[0].content, type=TurnResult)
    assert isinstance(decoded.view, HandView) and decoded.view.hand is not None
