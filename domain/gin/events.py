"""Gin Rummy's own events; the deal, draws and discards are the draw core's (G2–G15).

`HandDealt`, `Drew` and `Discarded` (`domain.drawgame.events`) mean here what they mean
in every draw game. A knock is `Knocked`, then the knocker's discard, then its melds
one by one (`MeldShown`) and `ShowingDone`; the defender lays off (`CardLaidOff`),
says `ShowingDone`, shows its own melds and says `ShowingDone` again; `GinHandEnded`
scores the hand. A hand without a knock ends as a draw, with its reason. Big gin (G19) is `Knocked`
with `big_gin` and no discard, then the melds; it ends `big_gin`. A defender whose cards
are arranged for it (R62) has its melds recorded as `MeldShown` before its last
`ShowingDone`; a doubled deal (G20) says so on its end.

The turn clock's default turn (R19, R51) is marked `timeout`, as the draw games' is
(R36): the last event of the seat it records (`UpcardPassed`, `Discarded` or
`ShowingDone`) has reason `timeout`; where that turn records nothing of the seat (its
pass at the wall, R41), the end names the seat (`GinHandEnded.timed_out`). A hand left
by every person ends `abandoned` (R45, R52). The marks are stored only when set, so
every record stored before them reads, and hashes, the same.
"""

from __future__ import annotations

from typing import Literal

from domain.events import Event

EndReason = Literal[
    "knock", "gin", "big_gin", "undercut", "wall", "repeat", "upcard_limit", "abandoned"
]
#: The turn clock's mark on the event that ends its default turn (R51).
ClockMark = Literal["timeout"] | None


class UpcardPassed(Event, frozen=True, tag="UpcardPassed", omit_defaults=True):
    """A seat declined the first upcard (G3).

    `reason` is `timeout` where the turn clock passed it for the seat (R51).
    """

    seat: int
    reason: ClockMark = None


class Knocked(Event, frozen=True, tag="Knocked", omit_defaults=True):
    """A seat knocked (G9); its discard follows. Big gin (G19, R58) knocks with all
    eleven cards in melds and no discard: its melds follow at once; `big_gin` is stored
    only when set."""

    seat: int
    big_gin: bool = False


class MeldShown(Event, frozen=True, tag="MeldShown"):
    """A seat laid a meld face up after a knock (G10)."""

    seat: int
    cards: tuple[str, ...]


class CardLaidOff(Event, frozen=True, tag="CardLaidOff"):
    """The defender laid a card off onto the knocker's melds (G11)."""

    seat: int
    card: str


class ShowingDone(Event, frozen=True, tag="ShowingDone", omit_defaults=True):
    """A seat finished laying melds, or lay-offs, after a knock (G10, G11).

    `reason` is `timeout` where the turn clock's default turn said it (R51).
    """

    seat: int
    reason: ClockMark = None


class GinHandEnded(Event, frozen=True, tag="GinHandEnded", omit_defaults=True):
    """The hand is over: the knocker, each seat's deadwood, the points (G12–G15).

    An `abandoned` hand (R45, R52) is scored as a drawn one, nobody scoring.
    """

    reason: EndReason
    knocker: int | None
    deadwood: tuple[int, ...]
    #: Each seat's points for the hand: the winner's score, 0 for the other.
    points: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    #: The seat whose default turn (R51) ended the hand with no event of its own that
    #: takes a mark (the clock's pass at the wall, R41; its draw to Hoyle's wall, R61);
    #: None otherwise, and then not stored.
    timed_out: int | None = None
    #: G20, R59: a spade was the first upcard of an Oklahoma hand played with spades
    #: double: `points` are doubled. Stored only when set.
    doubled: bool = False
    #: G20, R59: the boxes each seat counts for the hand in a match, where it is not one
    #: for its winner (`spade_double: "all"` doubles the box); empty otherwise, and then
    #: not stored.
    boxes: tuple[int, ...] = ()
