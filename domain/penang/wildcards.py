"""Wildcard substitution: a natural card from hand replaces a table joker (P22–P25).

In a run the card must be the exact card the joker stands for; in a set, any card of
the set's rank (P23). The joker goes to the hand. Whether a swap may come before the
passport, and whether it counts as a turn's action, is the turn's business (domain.penang.game).
"""

from __future__ import annotations

from domain.cards import Card, rank_text
from domain.melds import TableMeld, replace_cards
from domain.penang.errors import BadSwap


def swap_slot(meld: TableMeld, card: Card) -> int:
    """The slot of the joker that `card` can replace, or BadSwap (P23)."""
    if card.is_joker:
        raise BadSwap("JK: a joker can only be replaced by a natural card")
    stands_for = meld.stands_for()
    for slot in meld.joker_slots():
        if meld.kind == "set" and card.rank == meld.rank:
            return slot
        if meld.kind == "run" and Card(stands_for[slot]) is card:
            return slot
    if not meld.joker_slots():
        raise BadSwap(f"{card}: meld {meld.id} ({meld}) holds no joker")
    wanted = (
        f"any {rank_text(meld.rank)}"
        if meld.kind == "set"
        else " or ".join(stands_for[slot] for slot in meld.joker_slots())
    )
    raise BadSwap(f"{card} cannot replace a joker of {meld}: it takes {wanted}")


def swap(meld: TableMeld, slot: int, card: Card) -> TableMeld:
    """The meld with `card` in the joker's `slot`: its shape, and so what it takes, unchanged."""
    cards = list(meld.cards)
    cards[slot] = card
    return replace_cards(meld, tuple(cards), meld.low)
