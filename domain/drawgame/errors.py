"""Refusals only the draw games have; each names the rule of the game that refuses."""

from __future__ import annotations

from domain.errors import RuleViolation


class WrongPhase(RuleViolation):
    """A draw when the seat has drawn already, or a play before it has drawn (B3, T4)."""

    code = "wrong-phase"


class EmptyStock(RuleViolation):
    """The stock is empty and the discard pile cannot rebuild it (B11, T10, R20)."""

    code = "empty-stock"


class TakenBack(RuleViolation):
    """The card taken from the discard pile may not be discarded this turn (B4, R21)."""

    code = "discard-taken-back"


class BadRebuild(RuleViolation):
    """A rebuilt stock that is not the discard pile less its top card (B11, T10)."""

    code = "bad-rebuild"


class LastCardDiscard(RuleViolation):
    """With B7's option the last card must be discarded, not melded or laid off."""

    code = "last-card-discard"


class CannotGoOut(RuleViolation):
    """The hand does not form the melds declared to go out (T8, R27)."""

    code = "cannot-go-out"
