"""Penang Rummy's melds and lay-offs: the core's, read with Penang's terms (P13–P22, D3–D5).

A run is 3–14 cards of one suit in sequence, the ace low or high (P14, P16), never
wrapping past the high ace (K-A-2, P15); a set is 3 or more of one rank, suits repeating
(P17, P18). Jokers are wild (P22): each stands for one definite card, which a command
names where a meld reads more than one way (D4); a meld of jokers alone is allowed only
with D3's option, and a joker is laid off only with D5's. `read_meld` and `lay_off` are
the core's `domain.melds.read_meld_as` and `domain.layoffs.lay_off_as` under these terms
and a game's options; refusals name the P and D rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from domain.cards import Card
from domain.layoffs import lay_off_as
from domain.meld_terms import MeldTerms
from domain.melds import End, MeldShape, TableMeld, read_meld_as
from domain.penang.rules import PenangRules

#: Penang Rummy's melds: the ace low or high (P14), jokers wild (P22), the P and D ids.
PENANG_TERMS: Final = MeldTerms(
    high_ace=True,
    wild_word="joker",
    meld_rule="P13",
    run_rule="P14",
    wrap_rule="P15",
    length_rule="P16",
    natural_rule="D3",
    extend_rule="P20",
)


#: The terms with and without all-joker melds (D3's option), made once: a
#: `dataclasses.replace` on every meld read cost a fifth of the read.
_ALL_WILD: Final = {wild: replace(PENANG_TERMS, all_wild=wild) for wild in (False, True)}


def read_meld(cards: Sequence[Card], jokers: Sequence[str], rules: PenangRules) -> MeldShape:
    """The one Penang meld these cards make, or the rule they break (P13–P18, D3, D4)."""
    return read_meld_as(cards, jokers, _ALL_WILD[rules.all_joker_melds])


def lay_off(
    meld: TableMeld, card: Card, end: End | None, rules: PenangRules
) -> tuple[TableMeld, str, End | None]:
    """The meld with `card` added, what the card stands for, and the end it went to
    (P19–P21, D5)."""
    return lay_off_as(meld, card, end, PENANG_TERMS, jokers_lay_off=rules.jokers_lay_off)
