"""The refusals of a handle (U1-U5) and of a player's keys (U7, U8)."""

from __future__ import annotations

from domain.errors import RuleViolation


class HandleAlphabet(RuleViolation):
    """The handle holds a character outside its alphabet, or begins with no letter (U1)."""

    code = "handle-alphabet"
    default_rule = "U1"


class HandleLength(RuleViolation):
    """The handle is shorter or longer than its bounds (U2)."""

    code = "handle-length"
    default_rule = "U2"


class HandleTaken(RuleViolation):
    """A registered handle has the same skeleton (U3)."""

    code = "handle-taken"
    default_rule = "U3"


class HandleReserved(RuleViolation):
    """The handle is one of the reserved names (U4)."""

    code = "handle-reserved"
    default_rule = "U4"


class HandleLikeBot(RuleViolation):
    """The handle would pass for a bot (U5)."""

    code = "handle-like-bot"
    default_rule = "U5"


class HandleNotBot(RuleViolation):
    """A bot's handle does not read as a bot's: it ends in `bot` (U14, R76)."""

    code = "handle-not-bot"
    default_rule = "U14"


class ScopeNotHeld(RuleViolation):
    """The key does not hold the scope the operation needs, or would give one it lacks (U7)."""

    code = "scope-not-held"
    default_rule = "U7"


class KeyNotFound(RuleViolation):
    """The player has no key of this id (U8)."""

    code = "key-not-found"
    default_rule = "U8"


class KeyRevokedAlready(RuleViolation):
    """The key was revoked already (U8)."""

    code = "key-revoked"
    default_rule = "U8"
