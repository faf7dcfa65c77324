"""Laying off: adding one card from hand to a table meld (P19–P21, P16, D5; B6).

A run grows at either end only, never past its game's highest position nor beyond its
longest run (P20, P16: 14 cards with a high ace; 13, ace low only, in basic Rummy's B5);
a set takes any card of its rank (P20, B6), up to its game's largest set (B5: four). A
joker may be laid off where D5's option allows; where both ends of a run are open and
stand for different cards, it must name its end. `lay_off_as` lays off in any game, by
its `MeldTerms` (Penang's: `domain.penang.melds`).
"""

from __future__ import annotations

from domain.cards import LOW_ACE, Card, rank_text
from domain.errors import AmbiguousJoker, CannotLayOff
from domain.meld_terms import KING, MeldTerms
from domain.melds import End, TableMeld, position_card, replace_cards


def open_ends(meld: TableMeld, terms: MeldTerms) -> dict[End, int]:
    """The positions a run can still grow to, by end (P20, P16)."""
    ends: dict[End, int] = {}
    if meld.kind != "run" or len(meld.cards) >= terms.max_run:
        return ends
    if meld.low > LOW_ACE:
        ends["low"] = meld.low - 1
    if meld.high < terms.top:
        ends["high"] = meld.high + 1
    return ends


def lay_off_as(
    meld: TableMeld, card: Card, end: End | None, terms: MeldTerms, *, jokers_lay_off: bool
) -> tuple[TableMeld, str, End | None]:
    """The meld with `card` added, what the card stands for, and the end it went to, under
    a game's `terms`: its ace, its longest run, the rule ids it names."""
    if card.is_joker and not jokers_lay_off:
        raise CannotLayOff("JK: jokers may not be laid off at this table", "D5")
    if meld.kind == "set":
        if end is not None:
            raise CannotLayOff(
                f"meld {meld.id} ({meld}) is a set: a set has no ends", terms.extend_rule
            )
        if not card.is_joker and card.rank != meld.rank:
            raise CannotLayOff(
                f"{card} does not fit the set {meld}: a set takes only {rank_text(meld.rank)}s",
                terms.extend_rule,
            )
        if not terms.fits_set(len(meld.cards) + 1):
            raise CannotLayOff(
                f"{card}: the set {meld} already holds {terms.max_set} cards", terms.meld_rule
            )
        return replace_cards(meld, meld.cards + (card,), meld.low), rank_text(meld.rank), None
    if len(meld.cards) >= terms.max_run:
        raise CannotLayOff(
            f"{card}: the run {meld} already holds {terms.max_run} cards", terms.length_rule
        )
    ends = open_ends(meld, terms)
    fitting = [
        side
        for side, position in ends.items()
        if card.is_joker or position_card(position, meld.suit) is card
    ]
    if end is not None:
        if end not in fitting:
            raise CannotLayOff(
                f"{card} does not extend the run {meld} at its {end} end", terms.extend_rule
            )
        fitting = [end]
    if not fitting:
        wanted = " or ".join(position_card(p, meld.suit).text for p in ends.values())
        raise CannotLayOff(
            f"{card} does not extend the run {meld} (it takes {wanted or 'nothing more'})",
            terms.wrap_rule if _wraps(meld, card, terms) else terms.extend_rule,
        )
    if card.is_joker and len(fitting) > 1 and ends["low"] % 13 != ends["high"] % 13:
        raise AmbiguousJoker(
            f"JK on the run {meld}: say end low ({position_card(ends['low'], meld.suit)}) "
            f"or high ({position_card(ends['high'], meld.suit)})",
            terms.joker_rule,
        )
    side = fitting[0]
    if side == "low":
        grown = replace_cards(meld, (card, *meld.cards), meld.low - 1)
    else:
        grown = replace_cards(meld, (*meld.cards, card), meld.low)
    return grown, position_card(ends[side], meld.suit).text, side


def _wraps(meld: TableMeld, card: Card, terms: MeldTerms) -> bool:
    """A card that would only fit by wrapping past the top (K-A-2), or an ace above a
    king where the ace is low only (B5, T5)."""
    if card.is_joker or card.suit != meld.suit:
        return False
    after_top = 2 if terms.high_ace else LOW_ACE
    return (meld.high == terms.top and card.rank == after_top) or (
        meld.low == LOW_ACE and card.rank == KING
    )
