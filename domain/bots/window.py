"""What a seat's view shows of the cards, in any game: the part of a bot's window that no
game owns (each game's window, `domain.penang.bots.window`, `domain.drawgame.bots.window`,
turns its view back into the state its rules judge from these hands and this table).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card, parse_cards, sort_cards
from domain.melds import TableMeld, meld_from_record
from domain.views import MeldView


def seen(
    seat: int, hand: Sequence[str], seats: Sequence[int], table: Sequence[MeldView]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[TableMeld, ...]]:
    """The hands and the table a seat's view shows (any game's): its own hand, sorted,
    and the others' hands empty."""
    hands = tuple(sort_cards(parse_cards(hand)) if other == seat else () for other in seats)
    melds = tuple(
        meld_from_record(meld.id, meld.owner, meld.kind, parse_cards(meld.cards), meld.stands_for)
        for meld in table
    )
    return hands, melds
