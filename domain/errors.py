"""The domain's errors: malformed input, invalid rule options, and rule violations.

Every rule violation names its rule id from RULES.md (or the project's R notes in
seeds/READINGS.md), carries a stable machine-readable `code`, and, inside a turn, the
index of the offending action. Messages speak only of the acting seat's own cards
and of the public table, so an error can never leak a hidden hand.
"""

from __future__ import annotations

from typing import ClassVar

from domain.rule_ids import RuleId


class RummyError(Exception):
    """Base of every error the rules engine raises on purpose."""

    code: ClassVar[str] = "rummy-error"
    rule: RuleId | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedInput(RummyError):
    """Input that is not written in the game's notation at all."""

    code = "malformed-input"


class UnreadableAction(MalformedInput):
    """One action of a command that is not written as an action of the game at all."""

    def __init__(self, message: str, action_index: int) -> None:
        super().__init__(message)
        self.action_index = action_index


class MalformedCard(MalformedInput):
    """A card (or rank) that does not parse: `rank then suit letter`, or `JK`."""

    code = "malformed-card"

    def __init__(self, text: object, what: str = "card") -> None:
        shown = repr(text) if isinstance(text, str) else type(text).__name__
        hint = "rank then suit letter, e.g. AS 10H QC, or JK for a joker"
        if what == "rank":
            hint = "one of A 2 3 4 5 6 7 8 9 10 J Q K"
        super().__init__(f"{shown} is not a {what}: write {hint}")
        self.text = text


class InvalidRules(RummyError):
    """Rule options that do not make a playable game (e.g. more cards dealt than exist)."""

    code = "invalid-rules"

    def __init__(self, rule: RuleId, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.field = field


class RuleViolation(RummyError):
    """A command the rules forbid; names the rule id and the offending action."""

    code = "rule-violation"
    #: The rule a game's own refusal names where its raiser names none (a game's errors,
    #: `domain.penang.errors`); the core's errors have none, and each raiser names its
    #: rule (`tests/unit/test_core_errors_name_their_rule.py`).
    default_rule: ClassVar[RuleId | None] = None

    def __init__(self, message: str, rule: RuleId | None = None) -> None:
        super().__init__(message)
        self.rule = rule or self.default_rule
        self.action_index: int | None = None

    def at_action(self, index: int) -> RuleViolation:
        """Record which action of the turn (0-based) broke the rule."""
        self.action_index = index
        return self

    def __str__(self) -> str:
        where = "" if self.action_index is None else f" (action {self.action_index})"
        return f"{self.rule or '-'}: {self.message}{where}"


class NotYourTurn(RuleViolation):
    """The seat acted out of turn (P9)."""

    code = "not-your-turn"


class GameOver(RuleViolation):
    """The game has ended; nothing more may be played (P31, P32)."""

    code = "game-over"


class ActionAfterGame(RuleViolation):
    """An action after the hand was emptied: Game ends the turn and the game (P31, R11)."""

    code = "action-after-game"


class SeatIsDead(RuleViolation):
    """A dead seat takes no further part in the game (P30)."""

    code = "seat-dead"


class UnknownSeat(RuleViolation):
    """No such seat at this table."""

    code = "unknown-seat"


class CardNotInHand(RuleViolation):
    """The action plays a card the seat does not hold."""

    code = "card-not-in-hand"


class NotAMeld(RuleViolation):
    """The cards do not form a run or a set (P13–P18, D3)."""

    code = "not-a-meld"


class AmbiguousJoker(RuleViolation):
    """A joker's place is ambiguous and the command does not say what it stands for (D4)."""

    code = "ambiguous-joker"


class JokerMismatch(RuleViolation):
    """What the command says a joker stands for does not fit the meld (D4)."""

    code = "joker-mismatch"


class UnknownMeld(RuleViolation):
    """The action names a table meld that does not exist."""

    code = "unknown-meld"


class CannotLayOff(RuleViolation):
    """The card does not extend that meld (P19, P20, P16, D5)."""

    code = "cannot-lay-off"


class EmptyTurn(RuleViolation):
    """A turn must hold at least one meld or lay-off (P10, P24)."""

    code = "empty-turn"


class BadSeed(RuleViolation):
    """A revealed server seed that is not the one the deal committed to."""

    code = "bad-seed"


class NotInThisGame(RuleViolation):
    """An action this game does not have (a `draw` in Penang, P12): names the game's rule."""

    code = "not-in-this-game"
