"""What one simulated game (or match) counts for: its `Outcome`, and the `Played` game.

Points are each seat's points at the end as the game's end event gives them (Penang's
deadwood, P33, D1: 0 for the seat that declared Game), or a match's totals. A turn is
what the game's spec says ends one (`Game.turn_ends`: a whole turn in Penang, P10,
dead declarations not counted; a draw and its discard in a draw game); a decision is
one command a bot sent (a whole turn or a dead declaration in Penang, a single command
in a draw game). The endings are asked of the game too (`endings`): the reasons its
end event names, or how its match ends (docs/benchmarks.md). `service.simulation.summary`
counts the outcomes.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass, replace

import msgspec

from domain.events import Event
from domain.game import Game
from domain.match.events import MatchEnded, MatchStarted
from domain.match.records import MatchRecord, dump_match_record
from domain.records import GameRecord, dump_record
from service.signing import KeyRing
from service.simulation.plan import Plan, SimulationOptions
from service.simulation.record_keys import sealed


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


def _turns(spec: Game, events: Sequence[Event]) -> int:
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

    def record(self, keys: KeyRing | None = None) -> bytes:
        """The record: the service's export, or one written here, each game's chained
        (format `/2`) and signed with `keys` where given (`record_keys.sealed`)."""
        if self.exported is not None:
            return self.exported
        if isinstance(self.played, GameRecord):
            return dump_record(sealed(self.played, keys))
        games = tuple(sealed(game, keys) for game in self.played.games)
        return dump_match_record(replace(self.played, games=games))

    def outcome(self) -> Outcome:
        if isinstance(self.played, GameRecord):
            return outcome(self.plan, self.played.events, self.decisions)
        return match_outcome(self.plan, self.played, self.decisions)
