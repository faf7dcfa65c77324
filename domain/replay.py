"""Replaying a record through a game's rules: what every game's replay shares (R3, R28).

Each game replays its own records (`domain.penang.audit` for Penang Rummy,
`domain.drawgame.audit` for the draw games), and they share what a replay finds: the
first bad event (`Refusal`: where it is, the rule it breaks, a stable code), the
`Verdict` on the whole record, and what the deal proves (`DealCheck`).

`Replay` is the loop every game's replay runs: check the deal, then re-decide one
command at a time from the state folded so far, until the record ends or an event is
refused. A replay refuses a record at its first bad event, with the code of the rules'
error that the event's command raised (`domain.errors`), or with one of its own,
`ReplayCode`, for what no command decides (a record that does not begin with the deal,
an event the engine would not have recorded, anything after the end). The service
answers an import the replay refuses with that code, so the contract lists them:
`REPLAY_CODES` is read from the type that every literal code here is checked against.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Final, Generic, Literal, TypeVar, get_args

import msgspec

from domain.errors import RummyError
from domain.events import Event
from domain.rule_ids import RuleId

_State = TypeVar("_State")

#: The codes of the refusals the replay finds itself, beside the rules' own error codes
#: (`domain.errors`); the service refuses an imported record with them too.
ReplayCode = Literal[
    "no-deal",
    "rules-version",
    "early-reveal",
    "unexpected-event",
    "unexpected-reveal",
    "after-end",
    "incomplete-command",
    "event-mismatch",
    "bot-turn-mismatch",
]
REPLAY_CODES: Final = get_args(ReplayCode)
#: `verified`: the deal was recomputed from the revealed seed; `committed`: a seed was
#: committed to but not (yet) revealed; `unproven`: the deal names no seeds.
DealCheck = Literal["verified", "committed", "unproven"]


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of replaying a record through the rules."""

    valid: bool
    #: Whether a valid record reaches `GameEnded` (False when invalid); a valid record
    #: that stops before the end is valid so far.
    finished: bool
    #: Events replayed and found good (all of them when valid).
    events_checked: int
    #: The index (0-based) of the first event that breaks a rule, when invalid.
    first_bad_event: int | None = None
    #: The RULES.md or READINGS.md id of the broken rule, when one applies.
    rule: str | None = None
    #: `valid`, `valid-so-far`, or why the record is refused (an error code).
    code: str
    message: str
    #: `verified`: the deal was recomputed from the revealed seed; `committed`: a seed
    #: was committed to but not (yet) revealed; `unproven`: the deal names no seeds.
    deal: DealCheck = "unproven"

    def summary(self) -> str:
        """The verdict in one line."""
        if self.valid:
            return f"{self.code}: {self.message}"
        where = f"event {self.first_bad_event}: {self.rule or '-'} {self.code}"
        return f"invalid: {where}: {self.message}"


class Refusal(Exception):
    """The first bad event: where it is, the rule, why (a `ReplayCode`, or the error's code)."""

    def __init__(self, index: int, rule: RuleId | None, code: ReplayCode, message: str) -> None:
        self._hold(index, rule, code, message)

    @classmethod
    def by(cls, index: int, error: RummyError, message: str | None = None) -> Refusal:
        """The refusal of the rules' `error` (its rule and code) at event `index`."""
        refusal = cls.__new__(cls)
        refusal._hold(index, error.rule, error.code, message or error.message)
        return refusal

    def _hold(self, index: int, rule: RuleId | None, code: str, message: str) -> None:
        Exception.__init__(self, message)
        self.index, self.rule, self.code, self.message = index, rule, code, message

    def verdict(self, deal: DealCheck) -> Verdict:
        """The record's verdict: invalid at this event, with what its deal proved so far."""
        return Verdict(
            valid=False,
            finished=False,
            events_checked=self.index,
            first_bad_event=self.index,
            rule=self.rule,
            code=self.code,
            message=self.message,
            deal=deal,
        )


def check_rules_version(deal: str, recorded: str, header: str | None, verifier: str) -> None:
    """The rules version a record's deal event (`deal`) records must be the one its header
    names, if it names one, and the one this verifier replays."""
    claims = {"the record's header": header, "this verifier": verifier}
    for who, named in claims.items():
        if named is not None and named != recorded:
            why = f"{deal} names rules {recorded!r}; {who} says {named!r}"
            raise Refusal(0, None, "rules-version", why)


class Replay(ABC, Generic[_State]):
    """A record's events replayed through one game's rules, command by command."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        #: The state the events replayed so far fold into (None before the deal).
        self.state: _State | None = None
        #: The index of the next event to replay: the start of the next command.
        self.position = 0
        self.deal_check: DealCheck = "unproven"

    def verify(self, rules_version: str | None, starts: list[int] | None = None) -> Verdict:
        """Replay every event; `rules_version` is the one the record's header names.

        With `starts`, the index of each command's first event is appended to it, as the
        replay reaches it: where each command of the record begins (the bot seats' check,
        `domain.bots.audit`, compares a bot seat's commands whole)."""
        try:
            self._check_deal(rules_version)
            while self.position < len(self.events):
                if starts is not None:
                    starts.append(self.position)
                self._next_command(self.current())
        except Refusal as refusal:
            return refusal.verdict(self.deal_check)
        return self._verdict(self.current())

    def current(self) -> _State:
        """The state after the events replayed so far."""
        if self.state is None:
            raise AssertionError("the deal is checked first")
        return self.state

    @abstractmethod
    def _check_deal(self, rules_version: str | None) -> None:
        """Check the deal event (the first), and fold it."""

    @abstractmethod
    def _next_command(self, state: _State) -> None:
        """Re-decide the command that recorded the events from `position`, and fold them."""

    @abstractmethod
    def _verdict(self, state: _State) -> Verdict:
        """The verdict on a record every event of which follows the rules."""


def named_bots(events: list[Event], dealt: Event) -> list[Event]:
    """A deal's events as dealt, its deal event naming the seats' bots (R33) and the
    players who hold seats (U10) as the recorded deal event `dealt` does: the rules deal
    the cards, the service names who plays them, so a replay takes the names as
    recorded."""
    named = {
        field: getattr(dealt, field)
        for field in ("bots", "seated")
        if getattr(dealt, field, None) is not None
    }
    if not named or not events:
        return events
    return [msgspec.structs.replace(events[0], **named), *events[1:]]


def seats_text(seats: Sequence[int]) -> str:
    """Winners in words, as a verdict names them: `seat 2`, `seats 0 and 1`, `nobody`."""
    if not seats:
        return "nobody"
    shown = [str(seat) for seat in seats]
    if len(shown) == 1:
        return f"seat {shown[0]}"
    return "seats " + ", ".join(shown[:-1]) + " and " + shown[-1]
