"""The lobby's games (`GET /play/games.json`): what the play page builds a table from.

The page names no game (`tests/unit/test_pages_name_no_game.py`): it starts a table's
`POST /matches` body from the game's `body` and puts each option of its form where the
game's `fields` say. Here every game's body, with every option it lists, opens a match
whose view holds those options; and the lobby's event types and endings are the
registry's.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest

from domain.games import ALL_GAME_EVENTS, DEFAULT_GAME, GAMES

from .support import Api

#: A value of each option of the lobby's form, valid in every game that takes it.
VALUES = {"games": 2, "cards_per_player": 6, "target": 50, "scoring": "hollywood"}


def _lobby(api: Api) -> dict[str, Any]:
    answer = api.client.get("/play/games.json")
    assert answer.status_code == 200, answer.text
    lobby: dict[str, Any] = answer.json()
    return lobby


def _put(body: dict[str, Any], path: list[str], value: object) -> None:
    for key in path[:-1]:
        body = body.setdefault(key, {})
    body[path[-1]] = value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_lobby_game_body_with_each_listed_option_opens_that_match(api: Api, name: str) -> None:
    offered = {game["game"]: game for game in _lobby(api)["games"]}[name]
    body = copy.deepcopy(offered["body"])
    values = {**VALUES, **_last_choices(offered)}
    for option, path in offered["fields"].items():
        _put(body, path, values[option])
    body["players"] = ["Ann", "Ben"]
    created = api.client.post("/matches", json=body)
    assert created.status_code == 201, created.text
    view = api.client.get(f"/matches/{created.json()['match_id']}").json()
    assert view.get("game", DEFAULT_GAME) == name
    for option, path in offered["fields"].items():
        # A draw game's `draw_rules` are its match's options' `rules` in the view.
        at = view["options"] if path[0] == "options" else view["options"]["rules"]
        for key in path[1:]:
            at = at[key]
        assert at == values[option], option


def _last_choices(offered: dict[str, Any]) -> dict[str, Any]:
    """Each table option's last choice (a table's default is the first), but the first
    option's where a later option's choice needs it: Gin's spades double is Oklahoma's."""
    return {option["field"]: option["choices"][-1]["value"] for option in offered["options"]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_choice_of_a_table_option_opens_a_match_that_records_it(api: Api, name: str) -> None:
    offered = {game["game"]: game for game in _lobby(api)["games"]}[name]
    options = offered["options"]
    rules = GAMES[name].rules_type
    assert [option["field"] for option in options] == [
        option.field for option in getattr(rules, "TABLE_OPTIONS", ())
    ]
    settled = msgspec.to_builtins(rules().validate(2))
    for option in options:
        field = option["field"]
        assert option["choices"][0]["value"] == settled[field], "the default is first"
        for choice in option["choices"]:
            body = copy.deepcopy(offered["body"])
            for other in options[: options.index(option)]:  # an earlier option it needs
                _put(body, offered["fields"][other["field"]], other["choices"][-1]["value"])
            _put(body, offered["fields"][field], choice["value"])
            created = api.client.post("/matches", json={**body, "players": ["Ann", "Ben"]})
            assert created.status_code == 201, (field, choice, created.text)
            view = api.client.get(f"/matches/{created.json()['match_id']}").json()
            assert view["options"]["rules"][field] == choice["value"], (field, choice)


def test_the_lobby_lists_each_game_s_options_where_its_rules_take_them(api: Api) -> None:
    offered = {game["game"]: game for game in _lobby(api)["games"]}
    assert set(offered) == set(GAMES)
    for name, game in offered.items():
        spec = GAMES[name]
        assert game["body"]["game"] == name
        assert ("cards_per_player" in game["fields"]) == game["cards_per_player"]
        assert ("scoring" in game["fields"]) == bool(spec.match_scorings)
        assert ("target" in game["fields"]) == (game["target"] is not None)
        assert "games" not in game["fields"] or game["fixed_hands"] is None
        assert game["declares_dead"] == spec.declares_dead
    # P29: only Penang's seat declares itself dead; the draw games' turn ends a discard.
    assert [name for name, game in offered.items() if game["declares_dead"]] == [DEFAULT_GAME]


def test_the_lobby_names_every_game_s_event_types_and_the_event_each_ends_with(api: Api) -> None:
    lobby = _lobby(api)
    assert lobby["default_game"] == DEFAULT_GAME
    assert lobby["event_types"] == list(ALL_GAME_EVENTS.types)
    for game in lobby["games"]:
        spec = GAMES[game["game"]]
        assert (game["deal_type"], game["end_type"]) == (
            spec.deal_type.__name__,
            spec.end_type.__name__,
        )
        assert game["end_type"] in lobby["event_types"]
