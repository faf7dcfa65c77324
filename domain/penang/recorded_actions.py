"""The action a recorded Penang event came from: what a seat sent, before the rules judged it.

The audit (`domain.penang.audit`) rebuilds each recorded turn into its actions and decides them
again; a card that does not parse is named here, at its event, not later.
"""

from __future__ import annotations

from domain.cards import Card, parse_cards
from domain.commands import LayOffAction, MeldAction
from domain.events import LaidOff, Melded
from domain.penang.commands import Action, SwapAction
from domain.penang.events import WildSwapped


def recorded_action(event: Melded | LaidOff | WildSwapped) -> Action:
    """The action that recorded `event`: what a seat sent, before the rules judged it."""
    if isinstance(event, Melded):
        parse_cards(event.cards)  # a card that does not parse is named here, not later
        jokers = tuple(
            stand_in
            for card, stand_in in zip(event.cards, event.stands_for, strict=False)
            if card == "JK"
        )
        return MeldAction(cards=event.cards, jokers=jokers)
    Card(event.card)
    if isinstance(event, LaidOff):
        return LayOffAction(meld=event.meld, card=event.card, end=event.end)
    return SwapAction(meld=event.meld, card=event.card)
