"""Gin Rummy's rule options (G1–G17), the default and the `openspiel` preset.

Every field defaults to the Gin Rummy Association's rules where the seeds are silent
(seeds 001 and 004 name Gin Rummy but give none of its rules). `OPENSPIEL` plays as
OpenSpiel's `gin_rummy` does: each of its departures is a reading (R37–R42) and one
field here, so that a table can take either.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal

import msgspec

from domain.cards import Card
from domain.errors import InvalidRules
from domain.gin.match import TARGET
from domain.rule_ids import RuleId

RULES_VERSION: Final = "gin-1"
HAND_SIZE: Final = 10
#: G13: the hand ends when a discard leaves this many cards in the stock.
WALL: Final = 2


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
    #: R38: an equal deadwood after a knock is an undercut (GRA); False scores it 0–0.
    tie_undercuts: bool = True
    #: R39: how many cards a run takes beyond each end; None: as many as fit (GRA).
    layoff_reach: Annotated[int, msgspec.Meta(ge=1, le=2)] | None = None
    #: R39: the longest run laid as one meld (OpenSpiel: 5, longer runs as two melds).
    max_run: Annotated[int, msgspec.Meta(ge=5, le=13)] = 13
    #: R41: at the wall the player on turn may still knock with the upcard (OpenSpiel).
    wall_knock: bool = False
    #: R40: "exact" offers a knock whenever a discard leaves deadwood within the limit;
    #: "openspiel" uses OpenSpiel's figure for an 11-card hand.
    knock_figure: Literal["exact", "openspiel"] = "exact"
    #: G14: the draw from the discard pile that ends the hand as a draw (R42).
    upcard_draw_limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 50

    def card_points(self, card: Card) -> int:
        """G6: ace 1, 2–10 face value, J Q K 10."""
        return min(card.rank, 10)

    def knock_limit(self, upcard: Card) -> int:
        """G9, G16: the knock card; in Oklahoma the first upcard's value, an ace 0."""
        if not self.oklahoma:
            return self.knock_card
        return 0 if upcard.rank == 1 else self.card_points(upcard)

    def validate(self, players: int) -> GinRules:
        if players != 2:
            raise InvalidRules("G1", f"Gin Rummy takes 2 players, not {players}", "players")
        return self


#: OpenSpiel's gin_rummy, departure by departure (R37–R41).
OPENSPIEL: Final = GinRules(
    discard_taken=True,
    tie_undercuts=False,
    layoff_reach=2,
    max_run=5,
    wall_knock=True,
    knock_figure="openspiel",
)
PRESETS: Final = {"gra": GinRules(), "openspiel": OPENSPIEL}


def preset(name: Literal["gra", "openspiel"], **options: object) -> GinRules:
    """A preset's rules with some options changed (`preset("openspiel", oklahoma=True)`)."""
    return msgspec.structs.replace(PRESETS[name], **options)
