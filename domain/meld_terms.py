"""How a game reads cards as melds: its ace, its wild cards, and the rules its refusals name.

Runs and sets are the same idea in every game of the rummy family; what differs is a
handful of parameters (`MeldTerms`), which `domain.melds` and `domain.layoffs` take:

- the size of a set: bounded only by the cards that exist (Penang's P18, R7; Three
  Thirteen's T5) or at most four of a kind (basic Rummy's B5);
- the ace: low only (A-2-3: basic Rummy's B5, Three Thirteen's T5) or low and high
  (Q-K-A too: Penang's P14, basic Rummy's option B10); a run never wraps (K-A-2);
- the wild cards: jokers (Penang, P22) and, in Three Thirteen, every natural card of the
  hand's wild rank (T3, T6); whether a meld of wild cards alone is allowed (D3's option,
  T6); and whether an ambiguous wild card must be told what it stands for (D4: Penang's
  melds lie on the table, so they must; Three Thirteen's stay in the hand, T7, so any
  reading will do);
- the rule ids a refusal names, so that each game cites its own rules.

Each game gives its own: Penang's `PENANG_TERMS` (`domain.penang.melds`: P13–P16, P20,
D3), basic Rummy's by its options (`domain.rummy.rules`), Three Thirteen's by its hand
(`domain.three13.rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain.cards import HIGH_ACE, Card
from domain.errors import NotAMeld
from domain.rule_ids import RuleId

#: The highest run position when the ace is low only: the king.
KING: Final = 13


@dataclass(frozen=True, slots=True)
class MeldTerms:
    """The parameters of runs and sets in one game, and the rule ids its refusals name."""

    #: Whether the ace may sit above the king (Q-K-A) as well as below the two (A-2-3).
    high_ace: bool = True
    #: A natural rank that is wild besides the jokers (Three Thirteen's T3), if any.
    wild_rank: int | None = None
    #: The most cards a set may hold (B5: "three or four of a kind"); None where only the
    #: cards that exist bound it (P18, R7; T5).
    max_set: int | None = None
    #: Whether a meld may be made of wild cards alone (D3's option, T6).
    all_wild: bool = False
    #: Whether an ambiguous wild card must be told what it stands for (D4).
    name_wilds: bool = True
    #: How a refusal calls a wild card ("joker", "wild card"); empty where a game has none.
    wild_word: str = "joker"
    #: Too few cards, neither one suit nor one rank, or a set beyond `max_set`.
    meld_rule: RuleId = "P13"
    #: Cards of one suit that are not in sequence, or repeat.
    run_rule: RuleId = "P14"
    #: A run that wraps past the ace (K-A-2), or places the ace where the game forbids it.
    wrap_rule: RuleId = "P15"
    #: A run longer than the ranks allow.
    length_rule: RuleId = "P16"
    #: A meld of wild cards alone where the game wants a natural card.
    natural_rule: RuleId = "D3"
    #: A card that does not extend the meld it is laid off on.
    extend_rule: RuleId = "P20"
    #: What the wild cards stand for, unsaid where it must be said or said wrongly.
    joker_rule: RuleId = "D4"

    @property
    def top(self) -> int:
        """The highest run position: the high ace (14), or the king (13)."""
        return HIGH_ACE if self.high_ace else KING

    @property
    def max_run(self) -> int:
        """The longest run: A-2-…-K-A (14) with a high ace, A-2-…-K (13) without."""
        return self.top

    def refusal(
        self, shown: str, ranks: list[int], suits: int, wild_count: int, wraps: bool
    ) -> NotAMeld:
        """Why cards make no meld: their natural `ranks` in `suits` suits, with
        `wild_count` wild cards; `wraps` says they would fit a run wrapped past the ace."""
        size = len(ranks) + wild_count
        if len(set(ranks)) > 1 and suits > 1:
            return NotAMeld(
                f"{shown}: neither a run (one suit) nor a set (one rank)", self.meld_rule
            )
        if len(set(ranks)) == 1 and not self.fits_set(size):
            return NotAMeld(f"{shown}: a set holds at most {self.max_set} cards", self.meld_rule)
        if size > self.max_run:
            longest = "14 cards, A-2-…-K-A" if self.high_ace else "13 cards, A-2-…-K"
            return NotAMeld(f"{shown}: a run holds at most {longest}", self.length_rule)
        if not self.high_ace:
            return self._ace_low_refusal(shown, ranks, wild_count, wraps)
        if len(ranks) - ranks.count(1) != len(set(ranks) - {1}) or ranks.count(1) > 2:
            why = "a run holds each card once (aces at most at both ends)"
            return NotAMeld(f"{shown}: {why}", self.run_rule)
        if ranks.count(1) == 2:
            # Both ends of one run: only the 14-card A-2-…-K-A holds them, and these are fewer.
            why = "two aces of one suit fit a run only at both ends of A-2-…-K-A (14 cards)"
            return NotAMeld(f"{shown}: {why}", self.length_rule)
        if wraps:
            why = "a run never wraps past the high ace (K-A-2)"
            return NotAMeld(f"{shown}: {why}", self.wrap_rule)
        return NotAMeld(self._not_consecutive(shown, wild_count), self.run_rule)

    def _ace_low_refusal(
        self, shown: str, ranks: list[int], wild_count: int, wraps: bool
    ) -> NotAMeld:
        """Why cards of one suit make no run where the ace is low only (B5, T5)."""
        if len(ranks) != len(set(ranks)):
            return NotAMeld(f"{shown}: a run holds each card once", self.run_rule)
        if wraps:
            return NotAMeld(f"{shown}: the ace is low only: no Q-K-A, no K-A-2", self.wrap_rule)
        return NotAMeld(self._not_consecutive(shown, wild_count), self.run_rule)

    def _not_consecutive(self, shown: str, wild_count: int) -> str:
        if not self.wild_word:
            return f"{shown}: not consecutive"
        wilds = f"{wild_count} {self.wild_word}(s)"
        return f"{shown}: not consecutive, and {wilds} cannot fill the gaps"

    def fits_set(self, size: int) -> bool:
        """Whether a set may hold `size` cards under these terms (B5; P18, T5: any)."""
        return self.max_set is None or size <= self.max_set

    def is_wild(self, card: Card) -> bool:
        """Whether `card` stands for another: a joker, or a card of the wild rank."""
        return card.is_joker or card.rank == self.wild_rank
