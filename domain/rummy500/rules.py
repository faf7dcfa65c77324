"""Rummy 500's rule options (F1, F2, F5, F6, F8) and its meld terms (F5).

One 52-card pack, no jokers, 2–4 players (F1, R65); 13 cards each for two players, 7 for
three or four (F2). Melds and lay-offs are basic Rummy's, the ace high or low (Q-K-A and
A-2-3, never K-A-2: F5). The options are basic Rummy's (`Rummy500Rules` subclasses
`RummyRules`): `last_card_discard` (F6, R67: the last card must be a discard) and
`cards_per_player`; `ace_high` is on by default (F5). A match is played to 500 and the
highest total wins (F8). A hand records its options in `HandDealt`.
"""

from __future__ import annotations

from typing import ClassVar, Final

from domain.cards import Card
from domain.errors import InvalidRules
from domain.meld_terms import MeldTerms
from domain.rule_ids import RuleId
from domain.rummy.rules import RummyRules

RULES_VERSION: Final = "rummy500-1"
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
#: One pack of 52 cards (F1).
PACK: Final = 52
#: A match ends after the hand in which a total reaches this (F8).
TARGET: Final = 500
#: An ace scores 15, but 1 at the low end of a run, A-2-3 (F7, R68).
ACE: Final = 15
LOW_ACE_POINTS: Final = 1

#: F5: 3 or 4 of a kind, or 3+ of one suit in sequence, the ace high or low, never both.
MELD_TERMS: Final = MeldTerms(
    high_ace=True,
    max_set=4,
    wild_word="",
    meld_rule="F5",
    run_rule="F5",
    wrap_rule="F5",
    length_rule="F5",
    natural_rule="F5",
    extend_rule="F5",
)
#: Without `ace_high`: the ace low only (A-2-3).
LOW_TERMS: Final = MeldTerms(
    high_ace=False,
    max_set=4,
    wild_word="",
    meld_rule="F5",
    run_rule="F5",
    wrap_rule="F5",
    length_rule="F5",
    natural_rule="F5",
    extend_rule="F5",
)


class Rummy500Rules(RummyRules, frozen=True, tag="rummy500"):
    """The options of one hand of Rummy 500; every field defaults to RULES.md."""

    #: A match of Rummy 500 is played to 500 (F8), the highest total winning.
    MATCH_HANDS: ClassVar[int | None] = None
    MATCH_HANDS_RULE: ClassVar[RuleId] = "F8"
    MATCH_TARGET: ClassVar[int | None] = TARGET
    HIGHEST_WINS: ClassVar[bool] = True
    SEATS_RULE: ClassVar[RuleId] = "F1"
    DEALER_RULE: ClassVar[RuleId] = "R24"

    #: F5: the ace is high or low (Q-K-A and A-2-3, no wrap).
    ace_high: bool = True

    def hand_size_for(self, players: int) -> int:
        """F2: 13 cards each for two players, 7 for three or four."""
        if self.cards_per_player is not None:
            return self.cards_per_player
        return 13 if players == 2 else 7

    @property
    def meld_terms(self) -> MeldTerms:
        return MELD_TERMS if self.ace_high else LOW_TERMS

    def card_points(self, card: Card) -> int:
        """F7: ace 15, 2–10 their face value, J Q K 10 (a low ace in a run: `scoring`)."""
        if card.rank == 1:
            return ACE
        return min(card.rank, 10)

    def validate(self, players: int) -> Rummy500Rules:
        """Check that these options make a playable hand for `players` seats (F1, F2)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidRules(
                "F1",
                f"Rummy 500 takes 2 to 4 players on its one pack, not {players}",
                field="players",
            )
        size = self.hand_size_for(players)
        if size < 3:
            raise InvalidRules(
                "F2", "each player needs at least 3 cards (a meld is 3)", field="cards_per_player"
            )
        if players * size + 1 >= PACK:
            raise InvalidRules(
                "F2",
                f"{players} players × {size} cards and the upcard leave no stock "
                f"of the {PACK} cards of the pack",
                field="cards_per_player",
            )
        return self
