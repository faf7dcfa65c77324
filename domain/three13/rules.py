"""Three Thirteen's rule options, its eleven hands and its meld terms (T1–T3, T5, T6, T9).

Hand n of the eleven deals n + 2 cards to each player (T1: 3 up to 13), and its wild
rank is n + 2 (T3: threes in hand 1, kings in hand 11). One 52-card pack per two players,
no jokers (T2, R29: 2 players one pack, 3–4 two, 5–6 three; `packs` overrides). Melds are
3+ of a kind (suits may repeat with several packs) or 3+ of one suit in sequence, the
ace low and the king high, Q-K-A and K-A-2 refused (T5); a wild card stands for any
card, any number of them in a meld, a meld of wild cards alone allowed (T6, R26).
Deadwood scores ace 1, 2–10 their face value, J Q K 10, wild cards at face value (T9).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final

import msgspec

from domain.cards import Card
from domain.errors import InvalidRules
from domain.meld_terms import MeldTerms
from domain.rule_ids import RuleId

RULES_VERSION: Final = "three-thirteen-1"
#: Eleven hands (T1).
HANDS: Final = 11
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


class ThirteenRules(
    msgspec.Struct,
    frozen=True,
    forbid_unknown_fields=True,
    kw_only=True,
    tag_field="game",
    tag="three-thirteen",
):
    """The options of a hand of Three Thirteen; every field defaults to RULES.md."""

    #: A match of Three Thirteen is its eleven hands (T1, T11), and its lowest total
    #: wins (R29): what `domain.match.draw_options` reads of the game.
    MATCH_HANDS: ClassVar[int | None] = HANDS
    MATCH_HANDS_RULE: ClassVar[RuleId] = "T1"
    #: Its eleven hands end the match, not a target (T1).
    MATCH_TARGET: ClassVar[int | None] = None
    HIGHEST_WINS: ClassVar[bool] = False
    #: The rule that says how many play (T2): what a match with another count names.
    SEATS_RULE: ClassVar[RuleId] = "T2"
    #: Who deals the next hand of a match: the seat on the dealer's left (T11).
    DEALER_RULE: ClassVar[RuleId] = "T11"

    #: T2: 52-card packs; None picks one per two players (R29).
    packs: Annotated[int, msgspec.Meta(ge=1, le=3)] | None = None

    def packs_for(self, players: int) -> int:
        return self.packs if self.packs is not None else (players + 1) // 2

    def card_points(self, card: Card) -> int:
        """T9: ace 1, 2–10 their face value, J Q K 10; a wild card at its face value."""
        return min(card.rank, 10)

    def validate(self, players: int) -> ThirteenRules:
        """Check that these options make a playable table for `players` seats (T2)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidRules(
                "T2", f"Three Thirteen takes 2 to 6 players, not {players}", field="players"
            )
        return self


def hand_size(number: int) -> int:
    """Hand `number` (1–11) deals `number` + 2 cards to each player (T1)."""
    _check_number(number)
    return number + 2


def wild_rank(number: int) -> int:
    """The wild rank of hand `number`: 3 in hand 1, up to the king (13) in hand 11 (T3)."""
    _check_number(number)
    return number + 2


def _check_number(number: int) -> None:
    if not 1 <= number <= HANDS:
        raise InvalidRules("T1", f"a game has hands 1 to {HANDS}, not {number}", field="number")


def meld_terms(number: int) -> MeldTerms:
    """How hand `number` reads melds: ace low, its wild rank, all-wild melds (T5, T6, R26)."""
    return MeldTerms(
        high_ace=False,
        wild_rank=wild_rank(number),
        all_wild=True,
        name_wilds=False,
        wild_word="wild card",
        meld_rule="T5",
        run_rule="T5",
        wrap_rule="T5",
        length_rule="T5",
        natural_rule="T6",
        extend_rule="T7",
    )
