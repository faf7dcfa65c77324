"""Three Thirteen's own action: going out (T8, R27), in its wire form.

A turn is a draw and a discard (`domain.drawgame.commands`, T4); a seat whose hand, less
one card, forms melds goes out instead of discarding plainly: it names the discard and
the melds (closed melding: the melds stay in the hand, T7).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from domain.commands import ActionKind, CardText


class GoOutAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="go_out", forbid_unknown_fields=True
):
    """Discard `discard` and go out: the rest of the hand forms `melds` (T8, R27).

    A player goes out with a discard (T8), where basic Rummy's may meld their last cards
    (B7): a `go_out` that names none is read, and refused by the rules naming T8, as an
    action another game has is refused naming this game's rule.
    """

    kind: ClassVar[ActionKind] = "go_out"

    melds: Annotated[
        tuple[Annotated[tuple[CardText, ...], msgspec.Meta(min_length=1, max_length=14)], ...],
        msgspec.Meta(
            min_length=1, max_length=14, examples=[[["3H", "4H", "5H"], ["7C", "7D", "3S"]]]
        ),
    ]
    discard: CardText | None = None
