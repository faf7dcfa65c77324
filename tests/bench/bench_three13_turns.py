"""Benchmark: the CPU of a Three Thirteen turn in `simulate`, against a Penang turn (T4, T9).

Both games are played in process as `penang-rummy simulate` plays them
(`service.simulation`): four seats, the greedy bot at every one (then, as simulate's
default, greedy and random bots in turn), each run seeded as simulate seeds its own. A
turn is what simulate's summary counts: in Three Thirteen a draw and its discard (or
going out), in Penang a whole turn. The two games are played in alternating rounds, so
that whatever else loads the machine falls on both alike, and each one's CPU time
(process time, not wall time) is summed over its rounds.

Prints, for each set of bots, each game's turns and CPU milliseconds per turn, Penang's
as the baseline, the ratio, the goal (a Three Thirteen turn at most 1.5 x a Penang turn)
and whether it is met. Nothing asserts a time. Under a minute with the default rounds.
Run: python tests/bench/bench_three13_turns.py [ROUNDS]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from service.simulation import local  # noqa: E402
from service.simulation.draw_local import PlayedMatch, draw_plans, play_draw_match  # noqa: E402
from service.simulation.plan import SimulationOptions, plans  # noqa: E402
from service.simulation.summary import outcome  # noqa: E402

ROUNDS = 3
#: Each round: one match of Three Thirteen (eleven hands, about 200 turns of four seats),
#: and games of Penang of about as many turns (some 14 turns a game).
MATCHES = 1
GAMES = 15
PLAYERS = 4
#: The bots at the seats: the greedy bot alone (the goal's), then simulate's default.
BOT_SETS = (("greedy",), ("greedy", "random"))
#: The goal: a Three Thirteen turn costs at most this many Penang turns.
GOAL = 1.5


@dataclass(frozen=True)
class Tally:
    """Turns played and the CPU seconds they took."""

    turns: int = 0
    cpu: float = 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.turns + other.turns, self.cpu + other.cpu)

    @property
    def ms_per_turn(self) -> float:
        return 1000 * self.cpu / self.turns


def _options(game: str, games: int, seed: str, bots: tuple[str, ...]) -> SimulationOptions:
    return SimulationOptions(
        games=games, players=PLAYERS, bots=bots, seed=seed, game=game
    ).validate()


def _timed(play: Callable[[], int]) -> Tally:
    started = time.process_time()
    turns = play()
    return Tally(turns, time.process_time() - started)


def thirteen(seed: str, bots: tuple[str, ...]) -> Tally:
    """One round of Three Thirteen: `MATCHES` matches, as simulate plays them."""
    options = _options("three-thirteen", MATCHES, seed, bots)
    return _timed(
        lambda: sum(
            PlayedMatch(plan, play_draw_match(plan)).outcome().turns for plan in draw_plans(options)
        )
    )


def penang(seed: str, bots: tuple[str, ...]) -> Tally:
    """One round of Penang: `GAMES` games, as simulate plays them."""
    options = _options("penang", GAMES, seed, bots)
    return _timed(
        lambda: sum(outcome(plan, local.play_game(plan)).turns for plan in plans(options))
    )


def report(thirteen: Tally, penang: Tally) -> list[str]:
    """The figures, the baseline, the goal and whether it is met."""
    ratio = thirteen.ms_per_turn / penang.ms_per_turn
    met = "met" if ratio <= GOAL else "not met"
    return [
        f"three-thirteen: {thirteen.turns} turns, {thirteen.ms_per_turn:.2f} ms CPU per turn",
        f"baseline penang (same run): {penang.turns} turns, "
        f"{penang.ms_per_turn:.2f} ms CPU per turn",
        f"goal three-thirteen turn <= {GOAL:.1f} x a penang turn: {ratio:.2f} x, {met}",
    ]


def measure(rounds: int, bots: tuple[str, ...]) -> tuple[Tally, Tally]:
    """Three Thirteen's turns and Penang's, over `rounds` alternating rounds."""
    thirteen_total, penang_total = Tally(), Tally()
    for number in range(rounds):
        seed = f"bench-three13-turns/{number}"
        thirteen_total += thirteen(seed, bots)
        penang_total += penang(seed, bots)
    return thirteen_total, penang_total


def main(rounds: int) -> None:
    for bots in BOT_SETS:
        print(f"bots {', '.join(bots)}: {rounds} rounds, {PLAYERS} seats, in process")
        for line in report(*measure(rounds, bots)):
            print(f"  {line}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
