"""Gin Rummy's rule options (G1–G21), the table's defaults and the `openspiel` preset.

Every field defaults to RULES.md, each from the public rule texts READINGS.md names
(seeds 001 and 004 name Gin Rummy but give none of its rules). `OPENSPIEL` plays as
OpenSpiel's `gin_rummy` does: each of its departures is a reading (R37–R42) and one
field here, so that a table can take either.

The options the tables play beyond OpenSpiel's (big gin, G19; spades double, G20; the
shutout, G21; the wall's reading, G13; the defender's arrangement, G10) are absent from
every deal recorded before them, and an absent one plays as the engine did then (R57):
no big gin, no doubling, no shutout in one column of totals, the wall as `wall_knock`
says, the defender's deadwood as it laid its melds. A new table names each, or takes
the table's default, which `validate` writes into its rules (`settled`), so that every
deal records the readings it was played under.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from domain.cards import Card
from domain.errors import InvalidRules
from domain.game import TableChoice, TableOption
from domain.gin.match import TARGET
from domain.rule_ids import RuleId

RULES_VERSION: Final = "gin-1"
HAND_SIZE: Final = 10
#: G13: the hand ends when the stock is down to this many cards.
WALL: Final = 2

#: G20, R59: what a spade as the first upcard doubles: the deal's points (the difference
#: and its gin, big gin or undercut bonus), or those and its box in a match.
SpadeDouble = Literal["points", "all"]
#: G21, R60: what a shutout doubles: the game bonus, each hand's points (before the
#: box bonuses), or the difference of the final scores (the winner's final score).
Shutout = Literal["game_bonus", "hand_points", "difference"]
#: G13, R61: when the wall ends the hand: the discard that leaves two stock cards, the
#: same with the opponent's last word on that discard (the tournament "50th card"), or
#: the draw that leaves two (Hoyle's: no final discard, no knock).
Wall = Literal["discard", "fiftieth_card", "draw"]
#: G10, R62: the defender's deadwood after its `done`: its cards left arranged for the
#: least deadwood, or exactly as it laid its melds (OpenSpiel's).
Defender = Literal["arranged", "explicit"]

_T = TypeVar("_T")


def _given(value: _T | UnsetType, before: _T) -> _T:
    """An option's value, or where a deal recorded before it left it absent, the
    engine's behaviour then (R57)."""
    return before if isinstance(value, UnsetType) else value


class GinRules(
    msgspec.Struct,
    frozen=True,
    forbid_unknown_fields=True,
    kw_only=True,
    tag_field="game",
    tag="gin",
):
    """The options of a hand of Gin Rummy; every field defaults to RULES.md."""

    #: What `domain.match.draw_options` reads of a draw game: a match of Gin is played to
    #: a target, 100 unless the match asks for another, and its highest total wins (G17).
    MATCH_HANDS: ClassVar[int | None] = None
    MATCH_HANDS_RULE: ClassVar[RuleId] = "G17"
    MATCH_TARGET: ClassVar[int | None] = TARGET
    HIGHEST_WINS: ClassVar[bool] = True
    #: The rule that says how many play (G1): what a match with another count names.
    SEATS_RULE: ClassVar[RuleId] = "G1"
    #: Who deals the next hand: the winner of the last, the same dealer after a draw (R43).
    DEALER_RULE: ClassVar[RuleId] = "R43"
    #: The options a table offers as it opens (the play page's lobby, `GET
    #: /play/games.json`): each field's words and its choices, the table's default first.
    TABLE_OPTIONS: ClassVar[tuple[TableOption, ...]] = ()

    #: G9: the most deadwood a knock may leave.
    knock_card: Annotated[int, msgspec.Meta(ge=0, le=10)] = 10
    #: G12: the gin bonus and the undercut bonus.
    gin_bonus: Annotated[int, msgspec.Meta(ge=0, le=100)] = 25
    undercut_bonus: Annotated[int, msgspec.Meta(ge=0, le=100)] = 25
    #: G16: the first upcard's value sets the knock limit; an ace means gin only.
    oklahoma: bool = False
    #: R37: the card taken from the discard pile may be discarded the same turn, and a
    #: hand in which both players do so in turn is a draw (OpenSpiel).
    discard_taken: bool = False
    #: R38: an equal deadwood after a knock is an undercut; False scores it 0–0.
    tie_undercuts: bool = True
    #: R39: how many cards a run takes beyond each end; None: as many as fit.
    layoff_reach: Annotated[int, msgspec.Meta(ge=1, le=2)] | None = None
    #: R39: the longest run laid as one meld (OpenSpiel: 5, longer runs as two melds).
    max_run: Annotated[int, msgspec.Meta(ge=5, le=13)] = 13
    #: R41, R61: the tournament "50th card" reading of the wall (OpenSpiel's): the same as
    #: `wall: "fiftieth_card"`, kept for the tables that name it.
    wall_knock: bool = False
    #: R40: "exact" offers a knock whenever a discard leaves deadwood within the limit;
    #: "openspiel" uses OpenSpiel's figure for an 11-card hand.
    knock_figure: Literal["exact", "openspiel"] = "exact"
    #: G14, R42, R63: the draw from the discard pile that ends the hand as a draw: a
    #: safety bound of OpenSpiel's that no rule text has.
    upcard_draw_limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 50
    #: G19, R58: all eleven cards melded after the draw go out without a discard, scoring
    #: this bonus in place of the gin bonus; None: no big gin. A table's default: 31.
    big_gin_bonus: Annotated[int, msgspec.Meta(ge=0, le=100)] | UnsetType | None = UNSET
    #: G20, R59: in Oklahoma, a spade as the first upcard doubles the deal's `points`, or
    #: `all` of it (its box too, in a match); None: nothing doubles. A table's default: None.
    spade_double: SpadeDouble | UnsetType | None = UNSET
    #: G21, R60: what a shutout doubles in a match (the loser scored nothing): the
    #: `game_bonus`, the `hand_points` or the `difference`; None: no shutout. A table's
    #: default: `difference`.
    shutout: Shutout | UnsetType | None = UNSET
    #: G13, R61: which reading of the wall the hand plays (`wall_knock` names the
    #: `fiftieth_card`). A table's default: `discard`.
    wall: Wall | UnsetType = UNSET
    #: G10, R62: the defender's cards left after its `done`: `arranged` for the least
    #: deadwood, or `explicit`, as it laid its melds. A table's default: `arranged`.
    defender: Defender | UnsetType = UNSET

    def card_points(self, card: Card) -> int:
        """G6: ace 1, 2–10 face value, J Q K 10."""
        return min(card.rank, 10)

    def knock_limit(self, upcard: Card) -> int:
        """G9, G16: the knock card; in Oklahoma the first upcard's value, an ace 0."""
        if not self.oklahoma:
            return self.knock_card
        return 0 if upcard.rank == 1 else self.card_points(upcard)

    @property
    def big_gin(self) -> int | None:
        """G19: the big gin bonus, or None where the hand has no big gin."""
        return _given(self.big_gin_bonus, None)

    @property
    def spades(self) -> SpadeDouble | None:
        """G20: what a spade as the first upcard doubles (only in Oklahoma)."""
        return _given(self.spade_double, None)

    def doubles(self, upcard: Card) -> bool:
        """G20: whether a hand whose first upcard is `upcard` scores double."""
        return self.oklahoma and self.spades is not None and upcard.suit == "S"

    @property
    def wall_rule(self) -> Wall:
        """G13, R61: the wall's reading this hand plays."""
        if self.wall_knock:
            return "fiftieth_card"
        return _given(self.wall, "discard")

    @property
    def defender_rule(self) -> Defender:
        """G10, R62: how the defender's cards left are counted."""
        return _given(self.defender, "explicit")

    def shutout_rule(self, columns: bool) -> Shutout | None:
        """G21, R60: what a shutout doubles in a match; where absent, as before (R57):
        nothing in one column of totals (R46), the difference in a Hollywood column (R54)."""
        return _given(self.shutout, "difference" if columns else None)

    def settled(self) -> GinRules:
        """These rules with each option a deal recorded before it left absent set to a
        table's default (R57): what a new table plays and records."""
        table = {
            "big_gin_bonus": BIG_GIN_BONUS,
            "spade_double": None,
            "shutout": "difference",
            "wall": "fiftieth_card" if self.wall_knock else "discard",
            "defender": "arranged",
        }
        unset = {
            name: value
            for name, value in table.items()
            if isinstance(getattr(self, name), UnsetType)
        }
        return msgspec.structs.replace(self, **unset) if unset else self

    def validate(self, players: int) -> GinRules:
        """These rules checked for `players`, settled for a new table (`settled`)."""
        if players != 2:
            raise InvalidRules("G1", f"Gin Rummy takes 2 players, not {players}", "players")
        if self.wall_knock and self.wall not in (UNSET, "fiftieth_card"):
            why = f"wall_knock is the fiftieth_card reading of the wall, not {self.wall!r}"
            raise InvalidRules("G13", why, "wall")
        if self.spades is not None and not self.oklahoma:
            why = "spades double in Oklahoma Gin, whose first upcard sets the knock card"
            raise InvalidRules("G20", why, "spade_double")
        return self.settled()


#: G19, R58: big gin's bonus at a table that names none: the gin bonus (25) and 6.
BIG_GIN_BONUS: Final = 31

GinRules.TABLE_OPTIONS = (
    TableOption(
        field="oklahoma",
        label="Knock card",
        rule="G16",
        choices=(
            TableChoice(value=False, label="10"),
            TableChoice(value=True, label="the first upcard's value (Oklahoma)"),
        ),
    ),
    TableOption(
        field="spade_double",
        label="A spade as Oklahoma's first upcard",
        rule="G20",
        choices=(
            TableChoice(value=None, label="doubles nothing"),
            TableChoice(value="points", label="doubles the deal's points"),
            TableChoice(value="all", label="doubles the deal, its box too"),
        ),
    ),
    TableOption(
        field="big_gin_bonus",
        label="Big gin (eleven cards melded, no discard)",
        rule="G19",
        choices=(
            TableChoice(value=BIG_GIN_BONUS, label=f"scores the gin bonus and 6 ({BIG_GIN_BONUS})"),
            TableChoice(value=None, label="not played"),
        ),
    ),
    TableOption(
        field="wall",
        label="The wall (two cards left in the stock)",
        rule="G13",
        choices=(
            TableChoice(value="discard", label="the discard leaving two ends the hand"),
            TableChoice(value="fiftieth_card", label="the 50th card: may be taken to knock"),
            TableChoice(value="draw", label="the draw leaving two ends it (Hoyle)"),
        ),
    ),
    TableOption(
        field="shutout",
        label="Shutout (the loser scored nothing)",
        rule="G21",
        choices=(
            TableChoice(value="difference", label="doubles the difference of the scores"),
            TableChoice(value="game_bonus", label="doubles the game bonus"),
            TableChoice(value="hand_points", label="doubles each hand's points"),
            TableChoice(value=None, label="no shutout"),
        ),
    ),
)

#: OpenSpiel's gin_rummy, departure by departure (R37–R41), and none of the options it
#: does not play (R57–R62): no big gin, no doubling, no match, the defender's deadwood
#: as it laid its melds.
OPENSPIEL: Final = GinRules(
    discard_taken=True,
    tie_undercuts=False,
    layoff_reach=2,
    max_run=5,
    wall_knock=True,
    knock_figure="openspiel",
    big_gin_bonus=None,
    spade_double=None,
    shutout=None,
    wall="fiftieth_card",
    defender="explicit",
)
#: The rules a table takes where it names no option (RULES.md, READINGS.md).
TABLE: Final = GinRules().settled()
PRESETS: Final = {"table": TABLE, "openspiel": OPENSPIEL}


def preset(name: Literal["table", "openspiel"], **options: object) -> GinRules:
    """A preset's rules with some options changed (`preset("openspiel", oklahoma=True)`)."""
    return msgspec.structs.replace(PRESETS[name], **options)
