"""`getMovesAfter`: a turn chosen one action at a time (P11, R22), checked, recorded nowhere."""

from __future__ import annotations

from typing import Any

import pytest

from .support import Api, Json


def _after(api: Api, game: Json, seat: int, actions: list[Any], token: str | None = None) -> Any:
    return api.client.post(
        f"/games/{game['game_id']}/seats/{seat}/moves/after",
        json={"actions": actions},
        headers=api.auth(game["tokens"][seat] if token is None else token),
    )


def _moves(api: Api, game: Json, seat: int) -> Json:
    response = api.client.get(
        f"/games/{game['game_id']}/seats/{seat}/moves", headers=api.auth(game["tokens"][seat])
    )
    assert response.status_code == 200, response.text
    return dict(response.json()["moves"])


def _two_action_turn(api: Api) -> tuple[Json, int, list[Json]]:
    """A Penang game whose seat on turn has two melds to make, one after the other (P11)."""
    for n in range(40):
        game = api.create(players=2, seed=f"compose-{n}")
        seat = game["view"]["turn"]
        for first in _moves(api, game, seat)["melds"]:
            answer = _after(api, game, seat, [first]).json()
            if answer["moves"]["melds"]:
                return game, seat, [first, answer["moves"]["melds"][0]]
    pytest.fail("no seed of forty deals a seat two melds")


@pytest.mark.parametrize("settings", ["sqlite"], indirect=True)
def test_a_penang_turn_of_two_melds_is_chosen_step_by_step_then_sent_whole(api: Api) -> None:
    # P11: any number of melds and lay-offs in one turn; each step is checked as chosen.
    game, seat, turn = _two_action_turn(api)
    before = api.view(game, seat)
    nothing = _after(api, game, seat, []).json()
    assert nothing["complete"] is False  # P10: a turn holds at least one meld or lay-off
    one = _after(api, game, seat, turn[:1]).json()
    assert one["complete"] is True and one["ends_turn"] is False and one["send_first"] is False
    assert len(one["view"]["hand"]) == len(before["hand"]) - len(turn[0]["cards"])
    assert len(one["view"]["table"]) == len(before["table"]) + 1
    two = _after(api, game, seat, turn).json()
    assert len(two["view"]["hand"]) == len(one["view"]["hand"]) - len(turn[1]["cards"])
    assert api.view(game, seat)["version"] == before["version"]  # recorded nowhere
    sent = api.turn(game, seat, turn)
    assert sent.status_code == 200, sent.text
    assert len(api.view(game, seat)["hand"]) == len(two["view"]["hand"])


@pytest.mark.parametrize("settings", ["sqlite"], indirect=True)
def test_moves_after_refuse_as_the_turn_would(api: Api) -> None:
    game = api.create(players=2, seed="compose-refusals")
    seat = game["view"]["turn"]
    other = 1 - seat
    first = _moves(api, game, seat)["turns"][0]["actions"]
    late = _after(api, game, other, first)
    assert late.status_code == 409 and late.json()["rule"] == "P9"  # not your turn
    absent = _after(api, game, seat, [{"type": "meld", "cards": ["AS", "AS", "AS", "AS"]}])
    assert absent.status_code in {409, 422} and absent.json()["rule"] in {"P13", "P14"}
    stranger = _after(api, game, seat, first, token=game["tokens"][other])
    assert stranger.status_code == 403


@pytest.mark.parametrize("settings", ["sqlite"], indirect=True)
def test_a_draw_from_the_stock_is_sent_before_what_follows(api: Api) -> None:
    # R22: the card drawn from the stock is known only once the draw is recorded.
    response = api.client.post(
        "/games",
        json={"players": ["A", "B"], "game": "rummy", "draw_rules": {"game": "rummy"}, "seed": "s"},
    )
    game = response.json()
    seat = game["view"]["turn"]
    draw = {"type": "draw", "source": "stock"}
    answer = _after(api, game, seat, [draw]).json()
    assert answer["send_first"] is True and answer["complete"] is True
    assert answer["view"]["hand"] == api.view(game, seat)["hand"]  # nothing drawn shown
    more = _after(api, game, seat, [draw, {"type": "discard", "card": answer["view"]["hand"][0]}])
    assert more.status_code == 409 and more.json()["rule"] == "R22"
    pile = _after(api, game, seat, [{"type": "draw", "source": "discard"}]).json()
    assert pile["send_first"] is False and pile["ends_turn"] is False
    assert len(pile["view"]["hand"]) == len(answer["view"]["hand"]) + 1
    assert pile["moves"]["discards"]
