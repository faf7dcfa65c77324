"""Penang Rummy's turn: its actions in order, recorded whole or not at all (P9–P12, P23, D8).

A turn is an ordered list of actions, checked in order against the state as it evolves
within the turn, and recorded whole or not at all (D8): the table's `meld` and `lay_off`
(`domain.commands`) and Penang's own `swap`, which takes a table joker into the hand
(P23) and never makes a turn on its own (P24).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.commands import ActionKind, CardText, LayOffAction, MeldAction, MeldId


class SwapAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="swap", forbid_unknown_fields=True
):
    """Replace a table joker with the natural card it stands for; the joker goes to hand (P23)."""

    kind: ClassVar[ActionKind] = "swap"

    meld: MeldId
    card: CardText


Action = MeldAction | LayOffAction | SwapAction


class Turn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole turn: its actions in order, recorded together or not at all (D8)."""

    actions: tuple[Action, ...]
