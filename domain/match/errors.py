"""The refusals of a match's commands (R16–R18), beside the games' own rule violations."""

from __future__ import annotations

from domain.errors import RuleViolation


class SeatTaken(RuleViolation):
    """The seat is claimed already: a seat has one player (R18)."""

    code = "seat-taken"
    default_rule = "R18"


class SeatNotTaken(RuleViolation):
    """The seat is open: there is nobody to leave it (R18)."""

    code = "seat-open"
    default_rule = "R18"


class MatchUnderway(RuleViolation):
    """Seats are claimed and left only before the first deal (R18)."""

    code = "match-started"
    default_rule = "R18"


class SeatsOpen(RuleViolation):
    """The match starts only once every seat is taken (R18)."""

    code = "seats-open"
    default_rule = "R18"


class MatchOver(RuleViolation):
    """The match has ended; nothing more is dealt, claimed or closed (R16)."""

    code = "match-over"
    default_rule = "R16"


class MatchNotOver(RuleViolation):
    """The match still runs (its seed is revealed only at the end)."""

    code = "match-not-over"
    default_rule = "R16"


class MatchClosedAlready(RuleViolation):
    """The match was closed already (R16)."""

    code = "match-closed"
    default_rule = "R16"


class NoGameToScore(RuleViolation):
    """A score for a game the match is not playing (P7, P8)."""

    code = "no-game-to-score"
    default_rule = "P7"
