"""A game the service does not play is refused naming every game it plays, as the registry
(`domain.games.GAMES`) has them, wherever a request names a game: `game` at `POST /games`
and `POST /matches`, a draw game's `draw_rules.game` at both, and `simulate --game`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.games import GAMES
from service.cli.main import main
from service.settings import Settings

from .support import Api

#: The draw games: those whose rule options are tagged with the game (`draw_rules`).
DRAW_GAMES = [
    name for name, spec in GAMES.items() if spec.rules_type.__struct_config__.tag_field == "game"
]


@pytest.fixture
def sqlite_api(tmp_path: Path, make_api: Callable[[Settings], Api]) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite")))


def _refusal(api: Api, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.client.post(path, json=body)
    assert response.status_code == 422, response.text
    problem: dict[str, Any] = response.json()
    assert problem["code"] == "invalid-request", problem
    return problem


@pytest.mark.parametrize("path", ["/games", "/matches"])
@pytest.mark.parametrize("sent", ["poker", 7, None])
def test_an_unknown_game_is_refused_naming_every_game_played(
    sqlite_api: Api, path: str, sent: object
) -> None:
    problem = _refusal(sqlite_api, path, {"players": ["Aminah", "Ben"], "game": sent})
    assert problem["field"] == "game"
    for name, spec in GAMES.items():
        assert f"`{name}` ({spec.title}" in problem["detail"], problem
    assert "not a game this service plays" in problem["detail"], problem


@pytest.mark.parametrize("path", ["/games", "/matches"])
def test_an_unknown_game_of_draw_rules_is_refused_naming_every_draw_game(
    sqlite_api: Api, path: str
) -> None:
    body = {"players": ["Aminah", "Ben"], "game": "rummy", "draw_rules": {"game": "poker"}}
    problem = _refusal(sqlite_api, path, body)
    assert problem["field"] == "draw_rules.game"
    assert "'poker' is not a draw game this service plays" in problem["detail"], problem
    for name in GAMES:
        assert (f"`{name}`" in problem["detail"]) == (name in DRAW_GAMES), problem


def test_simulate_refuses_an_unknown_game_naming_every_game_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # argparse's choices are the registry's games that have bots: every game today.
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--game", "poker"])
    assert stopped.value.code == 2
    refused = capsys.readouterr().err
    assert "invalid choice: 'poker'" in refused
    for name in GAMES:
        assert f"'{name}'" in refused, refused
