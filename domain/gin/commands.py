"""Gin Rummy's actions in their wire form; `draw` and `discard` are the draw core's (G3–G11).

A command holds one or more actions, checked in order and recorded together or not at
all (as R22). `pass` declines the first upcard (G3) or, at the wall, ends the hand
(R41); `knock` is followed by the knocker's discard, its melds (`show_meld`, one each) and
`done`; `big_gin` knocks with all eleven cards in melds and no discard (G19), its melds
and `done` following; the defender then lays off (`lay_off_card`, a card each), says
`done`, shows its melds and says `done` again (G10, G11). The tags are Gin's own: the
contract reads every game's actions as one tagged union, where Penang's and basic
Rummy's `meld` (with jokers) and `lay_off` (onto a numbered table meld) are other shapes.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.commands import ActionKind, CardText
from domain.drawgame.commands import DiscardAction, DrawAction


class PassAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="pass", forbid_unknown_fields=True
):
    """Decline the first upcard (G3), or let the hand end at the wall (R41)."""

    kind: ClassVar[ActionKind] = "pass"


class KnockAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="knock", forbid_unknown_fields=True
):
    """Knock: a discard and the melds follow (G9)."""

    kind: ClassVar[ActionKind] = "go_out"


class BigGinAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="big_gin", forbid_unknown_fields=True
):
    """Go out with all eleven cards in melds, without a discard (G19): the melds follow."""

    kind: ClassVar[ActionKind] = "go_out"


class ShowMeldAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="show_meld", forbid_unknown_fields=True
):
    """Lay one meld face up after a knock (G10)."""

    kind: ClassVar[ActionKind] = "meld"

    cards: tuple[CardText, ...]


class LayOffCardAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="lay_off_card", forbid_unknown_fields=True
):
    """Lay one card off onto the knocker's melds (G11)."""

    kind: ClassVar[ActionKind] = "lay_off"

    card: CardText


class DoneAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="done", forbid_unknown_fields=True
):
    """Finish laying melds or lay-offs (G10, G11)."""

    kind: ClassVar[ActionKind] = "pass"


GinAction = (
    DrawAction | DiscardAction | PassAction | KnockAction | ShowMeldAction | LayOffCardAction
) | (DoneAction | BigGinAction)
GIN_ACTIONS = (
    DrawAction,
    DiscardAction,
    PassAction,
    KnockAction,
    ShowMeldAction,
    LayOffCardAction,
    DoneAction,
    BigGinAction,
)
