"""Gin Rummy's turn clock: the default turn it plays for a seat whose time ran out
(R19), its mark, late commands and the abandoned table (R45, R51, R52).

The default turn passes the first upcard, draws from the stock and throws the drawn
card back, lets the wall end the hand, and after a knock says `done` as soon as it may
(laying the first listed meld where it may not yet); it never knocks, nor goes big gin.
Every action goes through the game's own rules (`domain.gin.game.act`, after
`domain.gin.moves.legal_actions`).

The turn is marked as the clock's, as the draw games' is (R36): the last event it
records of the seat gets reason `timeout`; where it records nothing of the seat (its
pass at the wall, R41, which only ends the hand) the end names the seat
(`GinHandEnded.timed_out`), as where the draw that the seat's turn takes ends the hand
(Hoyle's wall, R61). The fold keeps each seat's mark (`GinState.timed_out`) until
the seat plays anything of its own: a command of the seat while marked and not on turn
is late (`timed_out`, answered `turn-timed-out`). The marks are read as the draw
games' are (`domain.drawgame.timeout`: `timed_out`, `abandoned`).

A turn that leaves every person's mark set, in a hand not yet over (each person's last
turn the clock's; a bot's seat counts for nobody, R33), ends the hand at once as
`abandoned`, scored as a drawn hand: nobody scores (R45, R52).
"""

from __future__ import annotations

import msgspec

from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Drew
from domain.drawgame.timeout import abandoned, timed_out
from domain.events import Event
from domain.game import Rebuild
from domain.gin.commands import BigGinAction, DoneAction, GinAction, KnockAction, PassAction
from domain.gin.events import GinHandEnded
from domain.gin.fold import evolve, fold
from domain.gin.game import act, drawn_end
from domain.gin.moves import legal_actions
from domain.gin.state import GinState

__all__ = ["abandoned", "default_turn", "timed_out"]


def default_turn(state: GinState, seat: int, rebuild: Rebuild | None = None) -> list[Event]:
    """What the turn clock plays for `seat` (R19), marked as the clock's (R51), and the
    abandoned end where it leaves every person's last turn the clock's (R45, R52)."""
    events = _by_clock(_played(state, seat), seat)
    after = fold(events, state)
    if abandoned(after):
        events.append(drawn_end(after, "abandoned"))
    return events


def _played(state: GinState, seat: int) -> list[Event]:
    events: list[Event] = []
    while not state.over and state.turn == seat:
        legal = legal_actions(state)
        drawn = [e.card for e in events if isinstance(e, Drew) and e.source == "stock"]
        wanted: list[GinAction] = [PassAction(), DrawAction(source="stock"), DoneAction()]
        wanted += [DiscardAction(card=card) for card in drawn]
        action = next((a for a in wanted if a in legal), None)
        if action is None:
            knocks = KnockAction | BigGinAction
            action = next((a for a in legal if not isinstance(a, knocks)), legal[0])
        for event in act(state, seat, action):
            events.append(event)
            state = evolve(state, event)
    return events


def _by_clock(events: list[Event], seat: int) -> list[Event]:
    """`events` with the clock's mark: on the seat's last event, else on the end (R51);
    on the end too where the seat's last event takes no mark (its draw to Hoyle's wall,
    R61, which ends the hand)."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Drew):
            break  # a draw takes no mark: only one that ends the hand is a turn's last
        if getattr(event, "seat", None) == seat:
            # The turn passes (or the hand ends) only by an upcard passed, a discard or
            # a `done` (G3, G4, G10, G11): each has its `reason`.
            marked = msgspec.structs.replace(event, reason="timeout")
            return [*events[:index], marked, *events[index + 1 :]]
    end = events[-1]
    if not isinstance(end, GinHandEnded):
        raise AssertionError(f"a default turn of seat {seat} recorded nothing of it")
    return [*events[:-1], msgspec.structs.replace(end, timed_out=seat)]
