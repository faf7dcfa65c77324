"""A hand of a draw game played on the draw core's state (each game whose spec
`domain.drawgame.game.DrawGame` plays): everything the rules need to judge the
next command, and those games' events (B4 the taken discard, B9 the turn's act, B11 and
T10 the stock's rebuilds, B7 and T8 going out, R19 and R36 timeouts).

The state is rebuilt only by folding its events (decide, then evolve), in
`domain.drawgame.fold`; each game's commands check the rules before an event exists
(`domain.rummy.game`, for one), so an old event always folds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, cast, get_args, get_origin

from domain.cards import Card
from domain.drawgame.events import (
    Discarded,
    DrawRules,
    Drew,
    HandDealt,
    HandEnded,
    StockRebuilt,
    WentOut,
)
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.melds import TableMeld

AnyDrawEvent = (
    HandDealt[Any]
    | Drew
    | Melded
    | LaidOff
    | Discarded
    | StockRebuilt
    | WentOut
    | HandEnded
    | SeedRevealed
)
#: The classes of `AnyDrawEvent`, to tell a draw game's event by (a deal of any game's rules).
_DRAW_EVENTS: Final[tuple[type[Event], ...]] = tuple(
    get_origin(kind) or kind for kind in get_args(AnyDrawEvent)
)
Phase = Literal["draw", "play"]


@dataclass(frozen=True, slots=True)
class DrawState:
    """Everything the rules of a draw game need to judge the next command."""

    rules: DrawRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    #: The hand's number (T1, T3).
    number: int
    hands: tuple[tuple[Card, ...], ...]
    #: Top card first.
    stock: tuple[Card, ...]
    #: Bottom card first: the last is the top of the pile.
    discards: tuple[Card, ...]
    #: The seat whose turn it is; None once the hand is over.
    turn: int | None
    #: Whether the seat on turn has still to draw, or has drawn and plays on.
    phase: Phase = "draw"
    #: The card the seat on turn took from the discard pile (B4).
    taken: Card | None = None
    #: Within the turn: whether a meld or lay-off was made (B9).
    acted: bool = False
    #: Seats that melded or laid off in an earlier turn of the hand (B9).
    played: tuple[bool, ...] = ()
    #: Basic Rummy's melds on the table (B5, B6); Three Thirteen's stay in hand (T7).
    table: tuple[TableMeld, ...] = ()
    #: Per seat, the cards it has put on the table this hand, by meld or lay-off, in
    #: order (what a game that scores the cards each seat plays reads); empty until one.
    tabled: tuple[tuple[Card, ...], ...] = ()
    #: How many times the stock was rebuilt (B11, T10).
    rebuilds: int = 0
    #: The seat that went out, and the melds it declared (B7, T8).
    went_out: int | None = None
    declared: tuple[tuple[Card, ...], ...] = ()
    #: The seats still to take their last turn, in order (T8).
    last_turns: tuple[int, ...] = ()
    ended: HandEnded | None = None
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the discard that ended its last turn where the turn
    #: clock played it (R19, R36), else 0; empty until a seat has discarded.
    timed_out: tuple[int, ...] = ()
    #: Per seat, the bot that plays it (R33), or None for a person; empty: every seat a
    #: person (`HandDealt.bots`).
    bots: tuple[str | None, ...] = ()
    #: How many events were folded into this state.
    version: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None


def known_draw_event(event: Event) -> AnyDrawEvent:
    """`event` typed as one of the draw games' events, or TypeError."""
    if isinstance(event, _DRAW_EVENTS):
        return cast(AnyDrawEvent, event)
    raise TypeError(f"{type(event).__name__} is not an event of a draw game")
