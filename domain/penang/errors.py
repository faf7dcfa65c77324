"""Refusals only Penang Rummy has, each naming its rule where its raiser names none."""

from __future__ import annotations

from domain.errors import RuleViolation


class BadSwap(RuleViolation):
    """The card cannot replace a joker of that meld (P23, D5)."""

    code = "bad-swap"
    default_rule = "P23"


class PassportRequired(RuleViolation):
    """Before the passport meld a seat may only meld (P26, P27)."""

    code = "passport-required"
    default_rule = "P27"


class DeadRefused(RuleViolation):
    """Declaring dead is refused while a legal move exists (D6, P29)."""

    code = "dead-refused"
    default_rule = "D6"
