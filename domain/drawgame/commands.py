"""The draw games' own actions: `draw` and `discard` (B3, B4, T4), in their wire form.

A turn begins with a draw and ends with a discard; in between basic Rummy melds and lays
off (Penang's `meld` and `lay_off` actions), and Three Thirteen may go out (`go_out`,
`domain.three13.commands`). A command holds one or more actions, checked in order and
recorded together or not at all (R22); a turn may take several commands, since a card
drawn from the stock is known only once drawn.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from domain.commands import ActionKind, CardText


class DrawAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="draw", forbid_unknown_fields=True
):
    """Take the top card of the stock or of the discard pile (B3, T4)."""

    kind: ClassVar[ActionKind] = "draw"

    source: Literal["stock", "discard"]


class DiscardAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="discard", forbid_unknown_fields=True
):
    """Put a card from hand on the discard pile; the turn ends (B3, T4)."""

    kind: ClassVar[ActionKind] = "discard"

    card: CardText
