"""A match's options: the game's rules, whether points are recorded, how it ends (P7, P8).

Points recorded (the default) means the winner of each game deals the next (P7) and
each seat's points add up over the match; without, the worst loser of the last game
deals (P8). A match ends after a number of games, or once a seat's total reaches a
target (the lowest total wins, R16), or, with neither, when it is closed (open-ended).
Its `scoring` is one column of totals; a draw game's spec may list a scoring in
columns (Gin's `hollywood`, G18), which `check_scoring` admits for that game only.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.errors import InvalidRules
from domain.games import DEFAULT_GAME, GAMES, SINGLE, DefaultRules, MatchGameName, MatchScoring
from domain.rule_ids import RuleId

MAX_GAMES = 1000
MAX_TARGET = 100_000


class MatchOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a match is played and scored; every field has a default."""

    #: The rule options of every game of the match.
    rules: DefaultRules = msgspec.field(default_factory=DefaultRules)
    #: P7 (true): the winner deals next and totals decide the match; P8 (false): the
    #: worst loser of the last game deals next.
    points_recorded: bool = True
    #: The match ends after this many games (R16).
    games: Annotated[int, msgspec.Meta(ge=1, le=MAX_GAMES)] | None = None
    #: The match ends after the game in which a seat's total reaches this (R16).
    target: Annotated[int, msgspec.Meta(ge=1, le=MAX_TARGET)] | None = None
    #: How the match is scored: `single` (one column of totals), or a draw game's
    #: scoring in columns (Gin's `hollywood`, G18); Penang's match takes `single` only.
    scoring: MatchScoring = SINGLE

    @property
    def game(self) -> MatchGameName:
        """The game a match of these options plays: Penang Rummy (the registry's default
        game), whose `rules` these are."""
        return DEFAULT_GAME

    def validate(self, seats: int) -> MatchOptions:
        """Check that these options make a playable match for `seats` seats."""
        self.rules.validate(seats)
        if self.games is not None and self.target is not None:
            raise InvalidRules(
                "R16", "a match ends after a number of games or at a target, not both", "target"
            )
        if self.target is not None and not self.points_recorded:
            raise InvalidRules(
                "R17", "a target score needs points recorded (P8 keeps no totals)", "target"
            )
        check_scoring(self.game, self.scoring, "R16")
        return self


def check_scoring(game: str, scoring: str, rule: RuleId) -> None:
    """A match of `game` takes one column, or a scoring its spec lists (G18); another is
    refused naming `rule`, the rule of that game's match (R55)."""
    spec = GAMES[game]
    if scoring != SINGLE and scoring not in spec.match_scorings:
        why = f"a match of {spec.title} is scored in one column: no {scoring!r} scoring"
        raise InvalidRules(rule, why, "scoring")
