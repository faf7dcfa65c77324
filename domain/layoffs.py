"""Laying off: adding one card from hand to a table meld (P19–P21, P16, D5).

A run grows at either end only, never past the high ace nor beyond 14 cards; a set
takes any card of its rank (P20). A joker may be laid off where D5's option allows;
where both ends of a run are open and stand for different cards, it must name its end.
"""

from __future__ import annotations

from domain.cards import HIGH_ACE, LOW_ACE, Card, rank_text
from domain.errors import AmbiguousJoker, CannotLayOff
from domain.melds import MAX_RUN, End, TableMeld, position_card, replace_cards
from domain.rules import Rules


def open_ends(meld: TableMeld) -> dict[End, int]:
    """The positions a run can still grow to, by end (P20, P16)."""
    ends: dict[End, int] = {}
    if meld.kind != "run" or len(meld.cards) >= MAX_RUN:
        return ends
    if meld.low > LOW_ACE:
        ends["low"] = meld.low - 1
    if meld.high < HIGH_ACE:
        ends["high"] = meld.high + 1
    return ends


def lay_off(
    meld: TableMeld, card: Card, end: End | None, rules: Rules
) -> tuple[TableMeld, str, End | None]:
    """The meld with `card` added, what the card stands for, and the end it went to."""
    if card.is_joker and not rules.jokers_lay_off:
        raise CannotLayOff("JK: jokers may not be laid off at this table", "D5")
    if meld.kind == "set":
        if end is not None:
            raise CannotLayOff(f"meld {meld.id} ({meld}) is a set: a set has no ends", "P20")
        if not card.is_joker and card.rank != meld.rank:
            raise CannotLayOff(
                f"{card} does not fit the set {meld}: a set takes only {rank_text(meld.rank)}s",
                "P20",
            )
        return replace_cards(meld, meld.cards + (card,), meld.low), rank_text(meld.rank), None
    if len(meld.cards) >= MAX_RUN:
        raise CannotLayOff(f"{card}: the run {meld} already holds 14 cards", "P16")
    ends = open_ends(meld)
    fitting = [
        side
        for side, position in ends.items()
        if card.is_joker or position_card(position, meld.suit) is card
    ]
    if end is not None:
        if end not in fitting:
            raise CannotLayOff(f"{card} does not extend the run {meld} at its {end} end", "P20")
        fitting = [end]
    if not fitting:
        wanted = " or ".join(position_card(p, meld.suit).text for p in ends.values())
        raise CannotLayOff(
            f"{card} does not extend the run {meld} (it takes {wanted or 'nothing more'})",
            "P15" if _wraps(meld, card) else "P20",
        )
    if card.is_joker and len(fitting) > 1 and ends["low"] % 13 != ends["high"] % 13:
        raise AmbiguousJoker(
            f"JK on the run {meld}: say end low ({position_card(ends['low'], meld.suit)}) "
            f"or high ({position_card(ends['high'], meld.suit)})"
        )
    side = fitting[0]
    if side == "low":
        grown = replace_cards(meld, (card, *meld.cards), meld.low - 1)
    else:
        grown = replace_cards(meld, (*meld.cards, card), meld.low)
    return grown, position_card(ends[side], meld.suit).text, side


def _wraps(meld: TableMeld, card: Card) -> bool:
    """A card that would only fit by wrapping past the high ace (K-A-2)."""
    if card.is_joker or card.suit != meld.suit:
        return False
    return (meld.high == HIGH_ACE and card.rank == 2) or (meld.low == LOW_ACE and card.rank == 13)
