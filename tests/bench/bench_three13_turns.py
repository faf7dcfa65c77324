"""Benchmark: the CPU of a Three Thirteen turn, and of a Gin Rummy turn, in `simulate`,
against a Penang turn of the same run (T4, T9, G4).

The games are played in process as `penang-rummy simulate` plays them
(`service.simulation.local`): the greedy bot at every seat (then, as simulate's default,
greedy and random bots in turn), each run seeded as simulate seeds its own. Three
Thirteen is played at four seats against Penang at four; Gin Rummy, a game of two, at
two against Penang at two. A turn is what simulate's summary counts (`Game.
turn_ends`): in Three Thirteen a draw and its discard (or going out), in Gin a draw and
its discard (a knock discards too), in Penang a whole turn. Each game and its baseline
are played in alternating rounds, so that whatever else loads the machine falls on both
alike, and each one's CPU time (process time, not wall time) is summed over its rounds.

Prints, for each set of bots, each game's turns and CPU milliseconds per turn, Penang's
as the baseline, the ratio, the goal (a turn at most 1.5 x a Penang turn) and whether
it is met. Nothing asserts a time. About a minute with the default rounds.
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

from service.simulation.local import play  # noqa: E402
from service.simulation.plan import SimulationOptions, plans  # noqa: E402

ROUNDS = 3
#: Each round: one match of Three Thirteen (eleven hands, about 200 turns of four seats),
#: and games of Penang of about as many turns (some 14 turns a game).
MATCHES = 1
GAMES = 15
PLAYERS = 4
#: Each round of Gin: two matches to 100 (some 40 to 140 turns each), and two-seat games of Penang.
GIN_MATCHES = 2
GIN_GAMES = 8
GIN_PLAYERS = 2
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


def _options(
    game: str, games: int, seed: str, bots: tuple[str, ...], players: int = PLAYERS
) -> SimulationOptions:
    options = SimulationOptions(games=games, players=players, bots=bots, seed=seed, game=game)
    return options.validate()


def _timed(play: Callable[[], int]) -> Tally:
    started = time.process_time()
    turns = play()
    return Tally(turns, time.process_time() - started)


def simulated(options: SimulationOptions) -> Tally:
    """Every game (or match) of `options`, played as simulate plays it: turns and CPU."""
    return _timed(lambda: sum(play(plan).outcome().turns for plan in plans(options)))


def thirteen(seed: str, bots: tuple[str, ...]) -> Tally:
    """One round of Three Thirteen: `MATCHES` matches, as simulate plays them."""
    return simulated(_options("three-thirteen", MATCHES, seed, bots))


def penang(seed: str, bots: tuple[str, ...], games: int = GAMES, players: int = PLAYERS) -> Tally:
    """One round of Penang: `GAMES` games, as simulate plays them."""
    return simulated(_options("penang", games, seed, bots, players))


def gin(seed: str, bots: tuple[str, ...]) -> Tally:
    """One round of Gin Rummy: `GIN_MATCHES` matches to 100, as simulate plays them."""
    return simulated(_options("gin", GIN_MATCHES, seed, bots, GIN_PLAYERS))


def report(measured: Tally, penang: Tally, game: str = "three-thirteen") -> list[str]:
    """The figures, the baseline, the goal and whether it is met."""
    ratio = measured.ms_per_turn / penang.ms_per_turn
    met = "met" if ratio <= GOAL else "not met"
    return [
        f"{game}: {measured.turns} turns, {measured.ms_per_turn:.2f} ms CPU per turn",
        f"baseline penang (same run): {penang.turns} turns, "
        f"{penang.ms_per_turn:.2f} ms CPU per turn",
        f"goal {game} turn <= {GOAL:.1f} x a penang turn: {ratio:.2f} x, {met}",
    ]


def measure(
    rounds: int,
    bots: tuple[str, ...],
    game: Callable[[str, tuple[str, ...]], Tally] = thirteen,
    baseline: Callable[[str, tuple[str, ...]], Tally] = penang,
) -> tuple[Tally, Tally]:
    """The game's turns and Penang's, over `rounds` alternating rounds."""
    game_total, penang_total = Tally(), Tally()
    for number in range(rounds):
        seed = f"bench-three13-turns/{number}"
        game_total += game(seed, bots)
        penang_total += baseline(seed, bots)
    return game_total, penang_total


def _two_seat_penang(seed: str, bots: tuple[str, ...]) -> Tally:
    return penang(seed, bots, GIN_GAMES, GIN_PLAYERS)


def main(rounds: int) -> None:
    for bots in BOT_SETS:
        print(f"bots {', '.join(bots)}: {rounds} rounds, {PLAYERS} seats, in process")
        for line in report(*measure(rounds, bots)):
            print(f"  {line}")
        print(f"bots {', '.join(bots)}: {rounds} rounds, {GIN_PLAYERS} seats, in process")
        for line in report(*measure(rounds, bots, gin, _two_seat_penang), game="gin"):
            print(f"  {line}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
