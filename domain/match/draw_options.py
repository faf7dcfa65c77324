"""A match of a draw game: its game's rules and how it ends (B12, T1, T11, R24, R29, R31, G17).

Basic Rummy's match ends after a number of hands (`games`) or after the hand in which a
seat's total reaches its `target` (B12), or, with neither, when it is closed (R16); the
highest total wins (R24). Three Thirteen's match is its eleven hands (T1, T11): it takes
neither `games` nor `target`, and the lowest total wins (R29). Gin Rummy's match is
played to a `target`, 100 unless asked otherwise, and takes no `games` (G17). The game is
the one its `rules` name (`"game": "rummy"`, `"three-thirteen"` or `"gin"`), and what
differs is read of the rules' type: the match's fixed number of hands, if any
(`MATCH_HANDS`, T1), the target it is always played to, if any (`MATCH_TARGET`, G17),
and whether the highest total wins (`HIGHEST_WINS`). Points are always recorded: P8's
worst loser has no place in a draw game; who deals next is the game's spec's word
(`Game.next_dealer`: R24, T11, R43). Its `scoring` is one column of totals, or one
in columns the game's spec lists (`Game.match_scorings`: Gin's `hollywood`, G18).
"""

from __future__ import annotations

from typing import Annotated, Final

import msgspec

from domain.errors import InvalidRules
from domain.games import GAMES, SINGLE, AnyDrawRules, DrawGameName, MatchScoring
from domain.match.options import MAX_GAMES, MAX_TARGET, check_scoring

#: A draw game's match keeps each seat's points: its next dealer never depends on them.
POINTS_RECORDED: Final = True


class DrawMatchOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a match of basic Rummy, Three Thirteen or Gin Rummy is played and ends."""

    #: The rule options of every hand, tagged with the game (`"game": "rummy"`).
    rules: AnyDrawRules
    #: Basic Rummy: the match ends after this many hands (B12).
    games: Annotated[int, msgspec.Meta(ge=1, le=MAX_GAMES)] | None = None
    #: Basic Rummy: the match ends after the hand in which a seat's total reaches this (B12).
    target: Annotated[int, msgspec.Meta(ge=1, le=MAX_TARGET)] | None = None
    #: One column of totals (`single`), or a scoring in columns the game's spec lists:
    #: Gin's `hollywood`, three games to the target at once (G18, R53–R55).
    scoring: MatchScoring = SINGLE

    @property
    def game(self) -> DrawGameName:
        """The draw game whose rule options `rules` are (their `game` tag)."""
        spec = next(spec for spec in GAMES.values() if type(self.rules) is spec.rules_type)
        return spec.name

    @property
    def points_recorded(self) -> bool:
        return POINTS_RECORDED

    @property
    def hands(self) -> int | None:
        """The number of hands after which the match ends, if it has one (B12, T1)."""
        fixed = self.rules.MATCH_HANDS
        return fixed if fixed is not None else self.games

    @property
    def highest_wins(self) -> bool:
        """Basic Rummy's winner of each hand scores (B8): the highest total wins (R24);
        Three Thirteen's deadwood counts against its holder: the lowest wins (T11)."""
        return self.rules.HIGHEST_WINS

    def validate(self, seats: int) -> DrawMatchOptions:
        """Check that these options make a playable match for `seats` seats (R31): these
        options with the rules as their game's `validate` gives them back (Gin's settle
        the options a new table takes by default, R57)."""
        rules = self.rules.validate(seats)
        fixed = self.rules.MATCH_HANDS
        if fixed is not None:
            if self.games is not None or self.target is not None:
                field = "games" if self.games is not None else "target"
                title = GAMES[self.game].title
                raise InvalidRules(
                    self.rules.MATCH_HANDS_RULE,
                    f"a match of {title} is its {fixed} hands: no {field}",
                    field,
                )
        elif self.rules.MATCH_TARGET is not None:
            title = GAMES[self.game].title
            if self.games is not None:
                raise InvalidRules(
                    self.rules.MATCH_HANDS_RULE,
                    f"a match of {title} is played to a target: no games",
                    "games",
                )
            if self.target is None:
                raise InvalidRules(
                    self.rules.MATCH_HANDS_RULE,
                    f"a match of {title} is played to a target",
                    "target",
                )
        elif self.games is not None and self.target is not None:
            raise InvalidRules(
                "B12", "a match ends after a number of hands or at a target, not both", "target"
            )
        check_scoring(self.game, self.scoring, self.rules.MATCH_HANDS_RULE)
        return self if rules == self.rules else msgspec.structs.replace(self, rules=rules)
