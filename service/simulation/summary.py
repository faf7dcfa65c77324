"""How the simulated games ended: win rates, endings, turns and points, per bot and seat.

Wins are shared: a game won by several seats (equal lowest totals, D7) gives each
winner an equal part, so the wins of every bot (and of every seat) add up to the games
played. A bot's `win_rate` is its wins per seat it played (an even table gives each
seat 1/players); its `win_share` the part of all games it won. A seat's turn order
counts from the seat that plays first, the dealer's left (P9). Points are each seat's
points at the end as the game's end event gives them (Penang's deadwood, P33, D1: 0
for the seat that declared Game), or a match's totals. A turn is what the game's spec
says ends one (`GameSpec.turn_ends`: a whole turn in Penang, P10, dead declarations not
counted; a draw and its discard in a draw game); a decision is one command a bot sent
(a whole turn or a dead declaration in Penang, a single command in a draw game). The
endings are asked of the game too: the reasons its end event names, or how its
match ends (docs/benchmarks.md). Spreads give the mean, the median and the 90th percentile (nearest
rank), and the largest.
"""

from __future__ import annotations

import math
import statistics
import typing
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.events import Event
from domain.game_spec import GameSpec
from domain.match.events import MatchEnded, MatchStarted
from domain.match.records import MatchRecord, dump_match_record
from domain.records import GameRecord, dump_record
from service.simulation.plan import Plan, SimulationOptions


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game (or match), as the summary counts it."""

    number: int
    bots: tuple[str, ...]
    #: The seat that played first: the dealer's left (P9).
    first: int
    #: Why it ended: the reason of the game's end event, or the match's (R16, R31).
    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    turns: int
    #: The commands the bots sent.
    decisions: int = 0


def outcome(plan: Plan, events: Sequence[Event], decisions: int = 0) -> Outcome:
    """What a finished single game's events say about it."""
    spec = plan.spec
    dealt = events[0]
    ended = next(event for event in reversed(events) if isinstance(event, spec.end_type))
    if not isinstance(dealt, spec.deal_type):
        raise ValueError(f"a game's events begin with {spec.deal_type.__name__}")
    return Outcome(
        number=plan.number,
        bots=plan.bots,
        first=(_dealer(dealt) + 1) % len(plan.bots),
        reason=_reason(ended),
        winners=_ints(ended, "winners"),
        points=_ints(ended, "points"),
        turns=_turns(spec, events),
        decisions=decisions,
    )


def match_outcome(plan: Plan, match: MatchRecord, decisions: int = 0) -> Outcome:
    """What a finished match's record says about it: its end, winners, totals and turns."""
    ended = next(e for e in reversed(match.events) if isinstance(e, MatchEnded))
    started = next(e for e in match.events if isinstance(e, MatchStarted))
    return Outcome(
        number=plan.number,
        bots=plan.bots,
        first=(started.dealer + 1) % len(started.players),
        reason=ended.reason,
        winners=ended.winners,
        points=ended.totals,
        turns=sum(_turns(plan.spec, game.events) for game in match.games),
        decisions=decisions,
    )


def _turns(spec: GameSpec[Any, Any], events: Sequence[Event]) -> int:
    return sum(isinstance(event, spec.turn_ends) for event in events)


def _dealer(event: Event) -> int:
    dealer = getattr(event, "dealer", None)
    if not isinstance(dealer, int):
        raise ValueError(f"{type(event).__name__} names no dealer")
    return dealer


def _reason(event: Event) -> str:
    reason = getattr(event, "reason", None)  # every game's end event names one
    if not isinstance(reason, str):
        raise ValueError(f"{type(event).__name__} names no reason")
    return reason


def _ints(event: Event, field: str) -> tuple[int, ...]:
    return tuple(getattr(event, field))


def endings(options: SimulationOptions) -> tuple[str, ...]:
    """How each game (or match) of the run may end, in the order the summary counts them:
    the reasons a game's end event names; a match's after its hands (`games`) or at its
    target (`target`), as its rules say it ends (R16, R31)."""
    spec = options.spec
    if not options.matches:
        return typing.get_args(typing.get_type_hints(spec.end_type)["reason"])
    rules = spec.rules_type
    if rules.MATCH_HANDS is not None:
        return ("games",)
    if rules.MATCH_TARGET is not None:
        return ("target",)
    return ("target", "games")


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game or match: its plan, its record, the commands its bots sent, and
    over HTTP the service's own export of the record (signed)."""

    plan: Plan
    played: GameRecord | MatchRecord
    decisions: int
    exported: bytes | None = None

    @property
    def name(self) -> str:
        """The record's file name: `game-000001.json`, or `match-000001.json`."""
        kind = "game" if isinstance(self.played, GameRecord) else "match"
        return f"{kind}-{self.plan.number:06d}.json"

    @property
    def events(self) -> tuple[Event, ...]:
        """A single game's events (a match's own events are a match record's)."""
        if not isinstance(self.played, GameRecord):
            raise TypeError(f"match {self.plan.number} is a match: read its record")
        return self.played.events

    def record(self) -> bytes:
        """The record: the service's export, or one written here (unsigned)."""
        if self.exported is not None:
            return self.exported
        if isinstance(self.played, GameRecord):
            return dump_record(self.played)
        return dump_match_record(self.played)

    def outcome(self) -> Outcome:
        if isinstance(self.played, GameRecord):
            return outcome(self.plan, self.played.events, self.decisions)
        return match_outcome(self.plan, self.played, self.decisions)


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
