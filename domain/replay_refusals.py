"""Why a replay refuses a record: the first bad event, its rule and a stable code.

`domain.audit` refuses a record at its first bad event, with the code of the rules'
error that the event's command raised (`domain.errors`), or with one of its own,
`ReplayCode`, for what no command decides (a record that does not begin with the deal,
an event the engine would not have recorded, anything after the end). The service
answers an import the replay refuses with that code, so the contract lists them:
`REPLAY_CODES` is read from the type that every literal code here is checked against.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from domain.errors import RummyError
from domain.rule_ids import RuleId

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
]
REPLAY_CODES: Final = get_args(ReplayCode)


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
