"""Gin Rummy's own events; the deal, draws and discards are the draw core's (G2–G15).

`HandDealt`, `Drew` and `Discarded` (`domain.drawgame.events`) mean here what they mean
in every draw game. A knock is `Knocked`, then the knocker's discard, then its melds
one by one (`MeldShown`) and `ShowingDone`; the defender lays off (`CardLaidOff`),
says `ShowingDone`, shows its own melds and says `ShowingDone` again; `GinHandEnded`
scores the hand. A hand without a knock ends as a draw, with its reason.
"""

from __future__ import annotations

from typing import Literal

from domain.events import Event

EndReason = Literal["knock", "gin", "undercut", "wall", "repeat", "upcard_limit"]


class UpcardPassed(Event, frozen=True, tag="UpcardPassed"):
    """A seat declined the first upcard (G3)."""

    seat: int


class Knocked(Event, frozen=True, tag="Knocked"):
    """A seat knocked (G9); its discard follows."""

    seat: int


class MeldShown(Event, frozen=True, tag="MeldShown"):
    """A seat laid a meld face up after a knock (G10)."""

    seat: int
    cards: tuple[str, ...]


class CardLaidOff(Event, frozen=True, tag="CardLaidOff"):
    """The defender laid a card off onto the knocker's melds (G11)."""

    seat: int
    card: str


class ShowingDone(Event, frozen=True, tag="ShowingDone"):
    """A seat finished laying melds, or lay-offs, after a knock (G10, G11)."""

    seat: int


class GinHandEnded(Event, frozen=True, tag="GinHandEnded"):
    """The hand is over: the knocker, each seat's deadwood, the points (G12–G15)."""

    reason: EndReason
    knocker: int | None
    deadwood: tuple[int, ...]
    #: Each seat's points for the hand: the winner's score, 0 for the other.
    points: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
