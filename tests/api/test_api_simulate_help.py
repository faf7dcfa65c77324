"""`penang-rummy simulate --help`: each game's seats and bots, as the options' own check
accepts them (the help is derived from the games' specs and `bot_names`)."""

from __future__ import annotations

import pytest

from domain.drawgame.bots import DRAW_BOT_NAMES
from domain.errors import InvalidRules
from domain.games import GAMES
from domain.penang.bots import BOT_NAMES
from service.cli.main import main
from service.cli.simulate import DEFAULT_BOTS
from service.simulation.plan import GAME_NAMES, SimulationOptions


def _accepted(
    game: str, *, players: int | None = None, bots: tuple[str, ...] = ("greedy",)
) -> bool:
    """Whether simulate's options accept `game` with these seats (by default the fewest
    the game takes) and bots."""
    seats = GAMES[game].players.start if players is None else players
    options = SimulationOptions(games=1, players=seats, bots=bots, seed="0", game=game)
    try:
        options.validate()
    except (ValueError, InvalidRules):
        return False
    return True


def _help_by_game(capsys: pytest.CaptureFixture[str], option: str) -> dict[str, str]:
    """`--players`' or `--bots`' help after its colon, `a, b: text; c: text`, by game."""
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    text = shown.split(f" {option} ", 1)[1].split(" --", 1)[0].split("): ", 1)[1]
    by_game = {}
    for group in text.split("; "):
        games, described = group.split(": ", 1)
        by_game.update(dict.fromkeys(games.split(", "), described))
    return by_game


def test_simulate_help_gives_each_games_seats_as_the_rules_accept_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # no hyphen broken across lines
    seats = _help_by_game(capsys, "--players")
    assert set(seats) == set(GAME_NAMES)
    for game in GAME_NAMES:
        accepted = [k for k in range(12) if _accepted(game, players=k)]
        assert seats[game] == f"{accepted[0]} to {accepted[-1]}", game
        assert accepted == list(range(accepted[0], accepted[-1] + 1))
    assert seats["rummy"] == "2 to 6" and seats["penang"] == "2 to 5"


def test_simulate_help_names_each_games_bots_as_validate_accepts_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    bots = _help_by_game(capsys, "--bots")
    every = {name for spec in GAMES.values() for name in spec.bots}
    candidates = sorted({*BOT_NAMES, *DRAW_BOT_NAMES, *every, "nobody"})
    for game in GAME_NAMES:
        accepted = [name for name in candidates if _accepted(game, bots=(name,))]
        assert sorted(bots[game].split(", ")) == accepted, game
        assert _accepted(game, bots=tuple(DEFAULT_BOTS.split(","))), "the default plays every game"
    assert "patient" in bots["penang"]
