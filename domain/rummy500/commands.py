"""Rummy 500's own action: `take`, a card from deep in the discard pile (F4).

The discard pile is spread so that every card shows; a seat may begin its turn by taking
any card of it together with every card above it, and must play the card it names, the
deepest it takes, in the same turn (F4, R66). Its other actions are basic Rummy's:
`draw` (the stock or the top discard, F3), `meld`, `lay_off` and `discard`.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.commands import ActionKind, CardText, LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction


class TakeAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="take", forbid_unknown_fields=True
):
    """Take `card` from the discard pile and every card above it; the next action of the
    same command must meld or lay off `card` (F4)."""

    #: A take is a draw from the discard pile, of several cards: refused as a draw is.
    kind: ClassVar[ActionKind] = "draw"

    card: CardText


Rummy500Action = DrawAction | TakeAction | MeldAction | LayOffAction | DiscardAction
