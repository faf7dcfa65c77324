"""Builders shared by the unit tests: cards from notation, table melds and positions."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card, parse_cards
from domain.melds import TableMeld
from domain.penang.commands import SwapAction
from domain.penang.events import WildSwapped
from domain.penang.fold import evolve
from domain.penang.melds import read_meld
from domain.penang.rules import RULES_VERSION, PenangRules
from domain.penang.state import PenangState
from domain.penang.wildcards import swap_slot


def cards(text: str) -> tuple[Card, ...]:
    """Cards written in the game's notation, e.g. `cards("AS 2S JK")`."""
    return parse_cards(text)


def texts(items: Sequence[Card]) -> tuple[str, ...]:
    return tuple(card.text for card in items)


def meld(text: str, jokers: Sequence[str] = (), *, owner: int = 1) -> TableMeld:
    """A table meld read from notation (stand-ins where the jokers are ambiguous)."""
    return read_meld(cards(text), tuple(jokers), PenangRules()).placed(0, owner)


def run(
    suit: str, low: int, size: int, jokers_at: Sequence[int] = (), *, owner: int = 1
) -> TableMeld:
    """A run built position by position: `run("H", 4, 3)` is 4H 5H 6H.

    `jokers_at` lists run positions (1 low ace .. 14 high ace) held by jokers.
    """
    slots = tuple(
        Card("JK") if position in jokers_at else Card.natural(position, suit)
        for position in range(low, low + size)
    )
    return TableMeld(0, owner, "run", slots, suit, low)


def table(*melds: TableMeld) -> tuple[TableMeld, ...]:
    """Melds renumbered 0, 1, 2… in the order given (ids are table positions)."""
    return tuple(TableMeld(i, m.owner, m.kind, m.cards, m.suit, m.low) for i, m in enumerate(melds))


def position(
    hand: str,
    melds: Sequence[TableMeld] = (),
    *,
    rules: PenangRules | None = None,
    passport: bool = True,
    swapped_jokers: int = 0,
    other_hand: str = "3S 8D KC",
) -> PenangState:
    """Seat 0 to play with `hand` against `melds`; seat 1 holds `other_hand`."""
    return PenangState(
        rules=rules or PenangRules(),
        rules_version=RULES_VERSION,
        players=("ann", "bob"),
        dealer=1,
        hands=(cards(hand), cards(other_hand)),
        undealt=(),
        table=table(*melds),
        passport=(passport, True),
        dead=(False, False),
        turn=0,
        swapped_jokers=swapped_jokers,
    )


def after_swaps(state: PenangState, seat: int, swaps: Sequence[SwapAction]) -> PenangState:
    """The state within a turn after `swaps`, each joker taken from the slot its card fits.

    The swap events are built the way P23 reads (the joker `swap_slot` names), so a test
    can ask what the seat may do next before submitting the whole turn (D8).
    """
    for action in swaps:
        card = Card(action.card)
        slot = swap_slot(state.table[action.meld], card)
        event = WildSwapped(seat=seat, meld=action.meld, slot=slot, card=card.text)
        state = evolve(state, event)
    return state
