"""How the simulated games ended: win rates, endings, turns and points, per bot and seat.

Wins are shared: a game won by several seats (equal lowest totals, D7) gives each
winner an equal part, so the wins of every bot (and of every seat) add up to the games
played. A bot's `win_rate` is its wins per seat it played (an even table gives each
seat 1/players); its `win_share` the part of all games it won. A seat's turn order
counts from the seat that plays first, the dealer's left (P9). What each game (or
match) counts for is its `Outcome` (`service.simulation.outcomes`). Spreads give the
mean, the median and the 90th percentile (nearest rank), and the largest.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence

import msgspec

from service.simulation.outcomes import Outcome, endings
from service.simulation.plan import SimulationOptions


class Spread(msgspec.Struct, frozen=True, kw_only=True):
    """Mean, median, 90th percentile (nearest rank) and largest of some numbers."""

    mean: float
    median: float
    p90: float
    max: float


def spread(values: Sequence[float]) -> Spread:
    if not values:
        return Spread(mean=0, median=0, p90=0, max=0)
    ordered = sorted(values)
    return Spread(
        mean=round(statistics.fmean(ordered), 2),
        median=statistics.median(ordered),
        p90=ordered[math.ceil(0.9 * len(ordered)) - 1],
        max=ordered[-1],
    )


class BotSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One bot over the run: its seats, its wins, its points at the end."""

    bot: str
    seats_played: int
    wins: float
    win_rate: float
    win_share: float
    points: Spread


class SeatSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One seat (by number, or by turn order): its wins over the run."""

    seat: int
    wins: float
    win_rate: float


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """The whole run, so far: `interrupted` when it was stopped before its last game."""

    games: int
    planned: int
    players: int
    bots: tuple[str, ...]
    seed: str
    cards: int | None
    interrupted: bool
    seconds: float
    games_per_second: float
    #: The commands the bots sent (a rate is `decisions / seconds`: the words show it).
    decisions: int
    endings: dict[str, int]
    turns: Spread
    by_bot: tuple[BotSummary, ...]
    by_seat: tuple[SeatSummary, ...]
    by_turn_order: tuple[SeatSummary, ...]
    #: The game played (its name in the registry).
    game: str
    #: Whether each of `games` is a match (R31), not a single game.
    matches: bool = False


class Tally:
    """The outcomes so far; `summary` at any time."""

    def __init__(self, options: SimulationOptions) -> None:
        self.options = options
        self.outcomes: list[Outcome] = []

    def add(self, played: Outcome) -> None:
        self.outcomes.append(played)

    def summary(self, seconds: float, interrupted: bool = False) -> Summary:
        games = len(self.outcomes)
        decisions = sum(o.decisions for o in self.outcomes)
        options = self.options
        return Summary(
            games=games,
            planned=options.games,
            players=options.players,
            bots=options.bots,
            seed=options.seed,
            cards=options.cards,
            interrupted=interrupted,
            seconds=round(seconds, 3),
            games_per_second=round(games / seconds, 2) if seconds > 0 else 0.0,
            decisions=decisions,
            endings={
                reason: sum(o.reason == reason for o in self.outcomes)
                for reason in endings(options)
            },
            turns=spread([o.turns for o in self.outcomes]),
            by_bot=self._by_bot(),
            by_seat=self._by_seat(lambda o, seat: seat),
            by_turn_order=self._by_seat(lambda o, seat: (seat - o.first) % options.players),
            game=options.game,
            matches=options.matches,
        )

    def _by_bot(self) -> tuple[BotSummary, ...]:
        seats: dict[str, int] = defaultdict(int)
        wins: dict[str, float] = defaultdict(float)
        points: dict[str, list[float]] = defaultdict(list)
        for played in self.outcomes:
            for seat, bot in enumerate(played.bots):
                seats[bot] += 1
                points[bot].append(played.points[seat])
            for seat in played.winners:
                wins[played.bots[seat]] += 1 / len(played.winners)
        games = len(self.outcomes)
        return tuple(
            BotSummary(
                bot=bot,
                seats_played=seats[bot],
                wins=round(wins[bot], 3),
                win_rate=_rate(wins[bot], seats[bot]),
                win_share=_rate(wins[bot], games),
                points=spread(points[bot]),
            )
            for bot in dict.fromkeys(self.options.bots)
        )

    def _by_seat(self, place: Callable[[Outcome, int], int]) -> tuple[SeatSummary, ...]:
        wins = [0.0] * self.options.players
        for played in self.outcomes:
            for seat in played.winners:
                wins[place(played, seat)] += 1 / len(played.winners)
        games = len(self.outcomes)
        return tuple(
            SeatSummary(seat=seat, wins=round(won, 3), win_rate=_rate(won, games))
            for seat, won in enumerate(wins)
        )


def _rate(part: float, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0
