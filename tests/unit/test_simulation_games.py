"""Every game of the registry is one `simulate` plays (docs/benchmarks.md): its plan
accepts the game with the bots `bots_of` lists, plays a game (or a match) of it in
process to its end, counts its turns and endings as the summary does, and writes a
record that `verify` accepts. A game registered tomorrow is in these cases without a
line changed here."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.bots.seats import bots_of
from domain.game import Game
from domain.games import GAMES
from service.cli.main import main
from service.simulation.local import play
from service.simulation.outcomes import endings
from service.simulation.plan import (
    DEFAULT_GAME,
    GAME_NAMES,
    SimulationOptions,
    bot_names,
    plans,
    plays_matches,
)
from service.simulation.summary import Tally

REGISTERED = sorted(GAMES)


def _options(spec: Game, games: int, seats: int) -> SimulationOptions:
    """Simulate's options for `games` of `spec`'s game at `seats`, every bot it has."""
    bots = bot_names(spec.name)
    return SimulationOptions(
        games=games, players=seats, bots=bots, seed="every", game=spec.name
    ).validate()


def test_simulate_takes_every_registered_game_and_the_default_is_one() -> None:
    assert sorted(GAME_NAMES) == REGISTERED
    assert DEFAULT_GAME in GAMES


@pytest.mark.parametrize("game", REGISTERED)
def test_every_game_has_bots_for_every_seat_simulate_plans(game: str) -> None:
    spec = GAMES[game]
    assert bot_names(game) == tuple(bots_of(spec)) and bot_names(game), "no bots, no simulation"
    for seats in spec.players:
        options = _options(spec, 3, seats)
        planned = list(plans(options))
        assert [plan.number for plan in planned] == [1, 2, 3]
        assert all(len(plan.bots) == seats and plan.game == game for plan in planned)
        assert all((plan.match is not None) == plays_matches(spec) for plan in planned)
        # The bots take turns at the seats: the first seat is not always the same bot's.
        assert len({plan.bots for plan in planned}) == min(len(bot_names(game)), 3)


@pytest.mark.parametrize("game", REGISTERED)
def test_every_game_plays_to_its_end_in_process_and_its_record_verifies(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = GAMES[game]
    options = _options(spec, 2, spec.players.start)
    tally = Tally(options)
    for plan in plans(options):
        played = play(plan)
        outcome = played.outcome()
        assert outcome.reason in endings(options), outcome
        assert 1 <= outcome.turns <= outcome.decisions, outcome
        assert len(outcome.points) == options.players and outcome.winners, outcome
        tally.add(outcome)
        path = tmp_path / played.name
        path.write_bytes(played.record())
        assert main(["verify", str(path)]) == 0
        assert capsys.readouterr().out.startswith("valid: ")
        assert played.name.startswith("match-" if plays_matches(spec) else "game-")
    summary = tally.summary(seconds=1)
    assert sum(summary.endings.values()) == summary.games == 2
    assert summary.decisions == sum(o.decisions for o in tally.outcomes) > 0
    assert (summary.game, summary.matches) == (game, plays_matches(spec))
