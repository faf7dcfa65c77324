"""A match record's verdict, and how the audit words what it finds (`domain.match.audit`)."""

from __future__ import annotations

import msgspec

from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchEvent, MatchGameStarted, MatchStarted, SeatClaimed, SeatLeft
from domain.match.state import MatchState
from domain.provenance import RecordVerdict
from domain.replay import DealCheck


class MatchVerdict(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of replaying a match record through the rules."""

    valid: bool
    #: Whether a valid record reaches `MatchEnded`.
    finished: bool
    #: `valid`, `valid-so-far`, or why the record is refused (an error code).
    code: str
    message: str
    #: The RULES.md or READINGS.md id of the broken rule, when one applies.
    rule: str | None = None
    #: Where the first problem is: a match event (0-based), or game `game` (from 1)
    #: and its event `game_event` (0-based).
    match_event: int | None = None
    game: int | None = None
    game_event: int | None = None
    #: `verified`: every deal and the first dealer were recomputed from the revealed
    #: match seed; `committed`: the seed is not revealed yet; `unproven`: no seeds.
    deal: DealCheck = "unproven"
    #: Each game's own verdict (its rules, chain and signature), in order.
    games: tuple[RecordVerdict, ...] = ()

    def summary(self) -> str:
        """The verdict in one line."""
        if self.valid:
            return f"{self.code}: {self.message}"
        if self.game is not None:
            where = f"game {self.game}, event {self.game_event}"
        else:
            where = f"match event {self.match_event}"
        return f"invalid: {where}: {self.rule or '-'} {self.code}: {self.message}"


class Refusal(Exception):
    """The first problem of a match record: where it is, the rule, why."""

    def __init__(
        self,
        rule: str | None,
        code: str,
        message: str,
        *,
        match_event: int | None = None,
        game: int | None = None,
        game_event: int | None = None,
    ) -> None:
        super().__init__(message)
        self.rule, self.code, self.message = rule, code, message
        self.match_event, self.game, self.game_event = match_event, game, game_event


DEAL_NOTES: dict[DealCheck, str] = {
    "verified": "every deal was recomputed from the revealed match seed",
    "committed": "the deals were committed to a match seed not yet revealed",
    "unproven": "the deals name no seeds",
}


def rule_for(expected: MatchEvent, state: MatchState | None) -> str:
    if isinstance(expected, MatchGameStarted):
        if expected.number == 1:
            return "P6"  # the first game is dealt by the drawn first dealer
        if state is not None and isinstance(state.options, DrawMatchOptions):
            return state.options.rules.DEALER_RULE  # the deal passes to the left
        return "P7" if state is None or state.options.points_recorded else "P8"
    if isinstance(expected, MatchStarted):
        return "P6"
    if isinstance(expected, SeatClaimed | SeatLeft):
        return "R18"
    return "R16"


def show(event: MatchEvent) -> str:
    fields = msgspec.to_builtins(event)
    del fields["type"]
    shown = ", ".join(f"{key}={value}" for key, value in fields.items())
    return f"{type(event).__name__}({shown})"
