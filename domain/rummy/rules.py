"""Basic Rummy's rule options (B1, B2, B7, B10) and its meld terms (B5, B6, B10).

One 52-card pack, no jokers, 2–6 players (B1); 10 cards each for two players, 7 for
three or four, 6 for five or six (B2). The options: `last_card_discard` (B7: the last
card must be a discard) and `ace_high` (B10: Q-K-A is a run too, never wrapping, and aces
score 15). `cards_per_player` overrides B2's sizes, for variants and for tests. A hand
records its options in `HandDealt`, so a record replays under the rules it was played with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, ClassVar, Final

import msgspec

from domain.cards import Card
from domain.errors import InvalidRules
from domain.meld_terms import MeldTerms
from domain.rule_ids import RuleId

RULES_VERSION: Final = "rummy-1"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
#: One pack of 52 cards (B1).
PACK: Final = 52

#: B5: 3 or 4 of a kind, or 3+ of one suit in sequence, the ace low only; B6: lay-offs.
ACE_LOW_TERMS: Final = MeldTerms(
    high_ace=False,
    max_set=4,
    wild_word="",
    meld_rule="B5",
    run_rule="B5",
    wrap_rule="B5",
    length_rule="B5",
    natural_rule="B5",
    extend_rule="B6",
)
#: B10's option: the ace high or low (Q-K-A and A-2-3), never wrapping (K-A-2).
ACE_HIGH_TERMS: Final = replace(ACE_LOW_TERMS, high_ace=True, wrap_rule="B10")


class RummyRules(
    msgspec.Struct,
    frozen=True,
    forbid_unknown_fields=True,
    kw_only=True,
    tag_field="game",
    tag="rummy",
):
    """The options of one hand of basic Rummy; every field defaults to RULES.md."""

    #: A match of basic Rummy has as many hands as it asks (`games`, B12), and its
    #: highest total wins (R24): what `domain.match.draw_options` reads of the game.
    MATCH_HANDS: ClassVar[int | None] = None
    MATCH_HANDS_RULE: ClassVar[RuleId] = "B12"
    #: A match ends at a target only where one is asked for (B12): none by default.
    MATCH_TARGET: ClassVar[int | None] = None
    HIGHEST_WINS: ClassVar[bool] = True
    #: The rule that says how many play (B1): what a match with another count names.
    SEATS_RULE: ClassVar[RuleId] = "B1"
    #: Who deals the next hand of a match: the seat on the dealer's left (R24).
    DEALER_RULE: ClassVar[RuleId] = "R24"

    #: B7's option: a seat goes out only by discarding its last card.
    last_card_discard: bool = False
    #: B10's option: the ace is high or low (Q-K-A allowed, no wrap) and scores 15.
    ace_high: bool = False
    #: B2: cards dealt to each player; None picks 10 for two players, 7 for 3–4, 6 for 5–6.
    cards_per_player: Annotated[int, msgspec.Meta(ge=3, le=25)] | None = None

    def hand_size_for(self, players: int) -> int:
        if self.cards_per_player is not None:
            return self.cards_per_player
        return 10 if players == 2 else 7 if players <= 4 else 6

    @property
    def meld_terms(self) -> MeldTerms:
        return ACE_HIGH_TERMS if self.ace_high else ACE_LOW_TERMS

    def card_points(self, card: Card) -> int:
        """B8: ace 1 (15 with B10's option), 2–10 their face value, J Q K 10."""
        if card.rank == 1:
            return 15 if self.ace_high else 1
        return min(card.rank, 10)

    def validate(self, players: int) -> RummyRules:
        """Check that these options make a playable hand for `players` seats (B1, B2)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidRules(
                "B1", f"basic Rummy takes 2 to 6 players, not {players}", field="players"
            )
        if self.hand_size_for(players) < 3:
            raise InvalidRules(
                "B2", "each player needs at least 3 cards (a meld is 3)", field="cards_per_player"
            )
        dealt = players * self.hand_size_for(players)
        if dealt + 1 > PACK:
            raise InvalidRules(
                "B2",
                f"{players} players × {self.hand_size_for(players)} cards and the upcard "
                f"are more than the {PACK} cards of the pack",
                field="cards_per_player",
            )
        return self
