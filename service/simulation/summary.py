"""How the simulated games ended: win rates, endings, turns and points, per bot and seat.

Wins are shared: a game won by several seats (equal lowest totals, D7) gives each
winner an equal part, so the wins of every bot (and of every seat) add up to the games
played. A bot's `win_rate` is its wins per seat it played (an even table gives each
seat 1/players); its `win_share` the part of all games it won. A seat's turn order
counts from the seat that plays first, the dealer's left (P9). Points are each seat's
deadwood at the end (P33, D1): 0 for the seat that declared Game. A turn is a whole
turn played (P10); dead declarations are not turns. Spreads give the mean, the median
and the 90th percentile (nearest rank), and the largest.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Final

import msgspec

from domain.events import Event
from domain.penang.events import Dealt, DeclaredGame, GameEnded, TurnEnded
from service.simulation.plan import GamePlan, SimulationOptions


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game, as the summary counts it."""

    number: int
    bots: tuple[str, ...]
    #: The seat that played first: the dealer's left (P9).
    first: int
    #: Penang: `game` or `all_dead`; a match of a draw game: `target` or `games` (R31).
    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    turns: int


def outcome(plan: GamePlan, events: Sequence[Event]) -> Outcome:
    """What a finished game's events say about it."""
    dealt = events[0]
    ended = next(event for event in events if isinstance(event, GameEnded))
    if not isinstance(dealt, Dealt):
        raise ValueError("a game's events begin with Dealt")
    return Outcome(
        number=plan.number,
        bots=plan.bots,
        first=(dealt.dealer + 1) % len(dealt.players),
        reason=ended.reason,
        winners=ended.winners,
        points=ended.points,
        turns=sum(isinstance(event, TurnEnded | DeclaredGame) for event in events),
    )


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


#: How each game's runs end: Penang's games, the draw games' matches (R16, R31).
ENDINGS: Final = {
    "penang": ("game", "all_dead"),
    "rummy": ("target", "games"),
    "three-thirteen": ("games",),
}


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
    endings: dict[str, int]
    turns: Spread
    by_bot: tuple[BotSummary, ...]
    by_seat: tuple[SeatSummary, ...]
    by_turn_order: tuple[SeatSummary, ...]
    #: The game played: each of `games` is a game of Penang, or a match of a draw game.
    game: str = "penang"


class Tally:
    """The outcomes so far; `summary` at any time."""

    def __init__(self, options: SimulationOptions) -> None:
        self.options = options
        self.outcomes: list[Outcome] = []

    def add(self, played: Outcome) -> None:
        self.outcomes.append(played)

    def summary(self, seconds: float, interrupted: bool = False) -> Summary:
        games = len(self.outcomes)
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
            endings={
                reason: sum(o.reason == reason for o in self.outcomes)
                for reason in ENDINGS[options.game]
            },
            turns=spread([o.turns for o in self.outcomes]),
            by_bot=self._by_bot(),
            by_seat=self._by_seat(lambda o, seat: seat),
            by_turn_order=self._by_seat(lambda o, seat: (seat - o.first) % options.players),
            game=options.game,
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
