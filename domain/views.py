"""What a seat, or a spectator, may see: the one rule every game's views ask (P5, R3, R28).

`may_see` decides whose cards a viewer sees, in every game: while a game runs a seat
sees its own hand and nobody sees another seat's hand or the cards no seat holds
(Penang's undealt cards, P5; a draw game's stock, R28); once the game is over everything
is shown (READINGS R3), in every version of it. Each game's views (`domain.penang.views`,
`domain.drawgame.views`) are the only ways its state and events leave the engine, and
every hidden card they show or hide is decided here. The table's melds are public in
every game: `MeldView` is how one shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Final

import msgspec

from domain.melds import MeldKind, TableMeld

#: A seat number, or None for a spectator.
Viewer = int | None
#: When the seat on turn must have played, in a view of a game with a turn clock.
Deadline = Annotated[
    datetime,
    msgspec.Meta(
        description=(
            "When the seat on turn must have played (RFC 3339, UTC), where the table has "
            "a turn clock (R19): then the clock records its timeout, as its game has it "
            "(Penang: dead; the draw games: a default turn, R36)."
        ),
        extra_json_schema={"format": "date-time"},
    ),
]


def may_see(viewer: Viewer, owner: int | None, over: bool) -> bool:
    """Whether `viewer` may see the cards of seat `owner` (None: the cards no seat holds)."""
    if over:
        return True
    return owner is not None and viewer == owner


def seen_cards(
    cards: Iterable[object], viewer: Viewer, owner: int | None, over: bool
) -> tuple[str, ...] | None:
    """The cards of seat `owner` (None: cards no seat holds) in the notation, where
    `viewer` may see them; None where it may not."""
    if not may_see(viewer, owner, over):
        return None
    return tuple(str(card) for card in cards)


class MeldView(msgspec.Struct, frozen=True, kw_only=True):
    """A table meld: its owner, cards, and what each card counts as (D4)."""

    id: int
    owner: int
    kind: MeldKind
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]


#: The melds shown lately, by identity: each with its view (`meld_view`).
_shown: dict[int, tuple[TableMeld, MeldView]] = {}
#: How many melds `_shown` keeps before it starts again.
_SHOWN_MAX: Final = 8192


def meld_view(meld: TableMeld) -> MeldView:
    """How a meld on the table shows (remembered: every view of a game shows every meld,
    and a meld changes only by becoming another).

    Remembered by the meld's identity: the states of one game share each meld that did
    not change, so a meld is found without hashing it (its cards, one by one), as a
    cache by equality did on every view. The meld is kept with its view, so its id is
    not another's while remembered."""
    known = _shown.get(id(meld))
    if known is not None and known[0] is meld:
        return known[1]
    view = MeldView(
        id=meld.id,
        owner=meld.owner,
        kind=meld.kind,
        cards=tuple(card.text for card in meld.cards),
        stands_for=meld.stands_for(),
    )
    if len(_shown) >= _SHOWN_MAX:
        _shown.clear()
    _shown[id(meld)] = (meld, view)
    return view


def meld_views(melds: Iterable[TableMeld]) -> tuple[MeldView, ...]:
    """`meld_view` of each of a table's melds, in one call (a view shows them all)."""
    shown = _shown
    views = []
    for meld in melds:
        known = shown.get(id(meld))
        views.append(known[1] if known is not None and known[0] is meld else meld_view(meld))
    return tuple(views)
