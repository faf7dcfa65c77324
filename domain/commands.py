"""Commands: the actions of one turn (P9–P12, P19–P25, D8) and their wire form.

A turn is an ordered list of actions, checked in order against the state as it
evolves within the turn, and recorded whole or not at all (D8).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.cards import CARD_PATTERN

CardText = Annotated[
    str,
    msgspec.Meta(
        pattern=CARD_PATTERN,
        description="A card: rank then suit letter (AS 2H 10D QC), or JK for a joker.",
        examples=["10H"],
    ),
]
StandIn = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^(?:(?:[2-9]|10|[AJQK])[SHDC]?)$",
        description="What a joker stands for: a card (7H) in a run, a rank (8) in a set.",
        examples=["7H"],
    ),
]
MeldId = Annotated[int, msgspec.Meta(ge=0, le=10_000, description="A table meld's id.")]


class MeldAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="meld", forbid_unknown_fields=True
):
    """Lay 3 or more cards from hand as a run or a set (P13–P18)."""

    cards: Annotated[
        tuple[CardText, ...],
        msgspec.Meta(min_length=1, max_length=60, examples=[["3H", "JK", "5H"]]),
    ]
    #: What the jokers stand for, one entry per joker (their order does not matter:
    #: jokers are alike); needed only where the meld could be read more than one way (D4).
    jokers: Annotated[tuple[StandIn, ...], msgspec.Meta(max_length=60, examples=[["4H"]])] = ()


class LayOffAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="lay_off", forbid_unknown_fields=True
):
    """Add one card from hand to a table meld, anyone's (P19–P21)."""

    meld: MeldId
    card: CardText
    #: Which end of a run: needed only where the card fits both (a joker, D4).
    end: Literal["low", "high"] | None = None


class SwapAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="swap", forbid_unknown_fields=True
):
    """Replace a table joker with the natural card it stands for; the joker goes to hand (P23)."""

    meld: MeldId
    card: CardText


Action = MeldAction | LayOffAction | SwapAction


class Turn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole turn: its actions in order, recorded together or not at all (D8)."""

    actions: tuple[Action, ...]
