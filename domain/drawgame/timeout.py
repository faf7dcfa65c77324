"""The default turn the turn clock plays for a seat of a draw game whose time ran out (R36).

R19's clock is Penang's dead declaration; a draw game has none (B3, T4), so its clock
plays the seat's turn for it instead, through the game's own `play`: every rule holds
as for a turn the seat sent. A seat still to draw draws from the stock (rebuilt first
where it is empty, B11, T10, R20), or from the discard pile where no stock can be had;
then it discards the card it drew, or, where that card may not go back on the pile
(B4) or it had drawn before its time ran out, its highest-scoring card (the last of
them in the hand's order), never the one it took from the pile where B4 forbids it.
The discard is recorded with reason `timeout`. What follows is the game's: the next
seat's turn, Three Thirteen's next last turn or the hand's end (T8, T9), basic Rummy's
going out where the discard plays the seat's last card (B7) or a blocked hand (R30).
The engine knows no clock: whether the time really ran out is the table's business.

A table every person has left would have the clock play on for ever: a turn that leaves
every person's last turn the clock's (a round of default turns, no person playing one of
their own; bots' turns keep nobody at the table) ends the hand as abandoned (R45,
`abandoned`); each game scores it (`HandEnded` with reason `abandoned`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import msgspec

from domain.cards import Card
from domain.drawgame.commands import DiscardAction
from domain.drawgame.events import Discarded, Drew
from domain.drawgame.fold import fold
from domain.drawgame.piles import draws_open
from domain.drawgame.state import DrawState
from domain.events import Event
from domain.game import Rebuild

Play = Callable[[DrawState, int, Sequence[Any], "Rebuild | None"], list[Event]]


class ClockMarks(Protocol):
    """What `abandoned` and `timed_out` read of a hand's state: a draw game's, or Gin
    Rummy's (R51), which marks its clock's turns the same way."""

    @property
    def timed_out(self) -> tuple[int, ...]: ...

    @property
    def bots(self) -> tuple[str | None, ...]: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def seats(self) -> int: ...


def default_turn(
    state: DrawState, seat: int, rebuild: Rebuild | None, play: Play, *, take_back: bool
) -> list[Event]:
    """The events of `seat`'s default turn in `state` (R36), played by `play`.

    `take_back`: whether the game lets a card taken from the discard pile be discarded
    again in the same turn (T4; basic Rummy's B4 does not).
    """
    events: list[Event] = []
    working = state
    drawn: Card | None = None
    if state.phase == "draw":
        draws = draws_open(state)
        if not draws:
            raise ValueError("neither the stock nor the discard pile has a card to draw")
        events += play(state, seat, draws[:1], rebuild)
        working = fold(events, state)
        drew = next(event for event in events if isinstance(event, Drew))
        drawn = Card(drew.card)
    card = _discard_of(working, seat, drawn, take_back=take_back)
    played = play(working, seat, (DiscardAction(card=card.text),), rebuild)
    return events + [_by_clock(event, seat) for event in played]


def _discard_of(state: DrawState, seat: int, drawn: Card | None, *, take_back: bool) -> Card:
    """The card drawn, where it may go back; else the highest-scoring one that may."""
    taken = None if take_back else state.taken
    if drawn is not None and drawn != taken:
        return drawn
    # By identity: a second copy of the taken card (two packs) may go.
    choices = [card for card in state.hands[seat] if card is not taken] or state.hands[seat]
    return max(reversed(choices), key=state.rules.card_points)


def _by_clock(event: Event, seat: int) -> Event:
    if isinstance(event, Discarded) and event.seat == seat:
        return msgspec.structs.replace(event, reason="timeout")
    return event


def abandoned(state: ClockMarks) -> bool:
    """Whether every person's last turn was the clock's, in a hand not yet over (R45).

    A bot's seat (R33) is no one at the table: it never times out, and its turns keep
    nobody there, so a table of bots and people who have all left is abandoned too.
    """
    marks = state.timed_out
    if state.over or len(marks) != state.seats:
        return False
    people = [seat for seat in range(state.seats) if not state.bots or state.bots[seat] is None]
    return bool(people) and all(marks[seat] for seat in people)


def timed_out(state: ClockMarks, seat: int) -> int | None:
    """The version of the discard by which the clock ended `seat`'s last turn, where it
    did and the seat is not on turn again (R36): a command of it now is late."""
    mark = state.timed_out[seat] if state.timed_out else 0
    return mark if mark and state.turn != seat else None
