"""The bots differ in strength as their definitions say, over many seeded games.

Two-player games from seeded fair deals (`service.simulation`, in process), the bots
taking turns at both seats. The bounds are loose on purpose: they state what a bot
is (better than chance against `random`), not a figure it happens to reach. Over
thousands of games `greedy` wins about 60 % of these against `random` and `patient`
about 70 % (docs/benchmarks.md, Simulate).
"""

from __future__ import annotations

from service.simulation.outcomes import outcome
from service.simulation.plan import SimulationOptions
from service.simulation.runner import Played, run_local
from service.simulation.summary import Summary, Tally

GAMES = 200


def _play(bots: tuple[str, ...]) -> Summary:
    options = SimulationOptions(games=GAMES, players=2, bots=bots, seed="strength").validate()
    tally = Tally(options)

    def on_game(played: Played) -> None:
        tally.add(outcome(played.plan, played.events))

    run_local(options, on_game)
    return tally.summary(seconds=1)


def _share(summary: Summary, bot: str) -> float:
    return next(row.win_share for row in summary.by_bot if row.bot == bot)


def test_greedy_wins_more_two_player_games_than_random() -> None:
    summary = _play(("greedy", "random"))
    assert _share(summary, "greedy") > 0.53, summary.by_bot


def test_patient_wins_clearly_more_two_player_games_than_random() -> None:
    summary = _play(("patient", "random"))
    assert _share(summary, "patient") > 0.6, summary.by_bot
