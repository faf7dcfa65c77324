"""A turn being composed: the position after the actions chosen so far (P11, R22).

A player at a table chooses a turn one action at a time (Penang's melds, lay-offs and
swaps, P11; a draw game's draw, melds, lay-offs and discard, R22) and sends it whole.
Each step is checked by the rules as it is chosen: `compose` plays the actions chosen
so far as a command would, records nothing, and answers the position they lead to,
from which the seat's view and the legal moves that may follow are read. Whether the
actions may be sent as they are, and whether they end the turn, are the game's answer.

An action that brings a card nobody has seen into the hand (a draw from the stock, B3,
T4, G3) is checked but not folded: the card is known only once the draw is recorded
(R22), so the actions up to it are sent first (`send_first`), and no action may follow
it in the same composition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.errors import NotYourTurn
from domain.events import Event


@dataclass(frozen=True, slots=True)
class Composed:
    """The actions chosen so far, as the rules take them."""

    #: The position after the actions (the position before them where `send_first`).
    state: Any
    #: The actions may be sent as they are: a whole turn, or a command the game takes.
    complete: bool
    #: Sending them ends the seat's turn (or the game): no action may follow.
    ends_turn: bool
    #: What may follow is known only once they are recorded: send them first.
    send_first: bool


Play = Callable[[Any, int, Sequence[Any]], list[Event]]
Fold = Callable[[list[Event], Any], Any]


def compose_by_play(
    state: Any,
    seat: int,
    actions: Sequence[Any],
    *,
    play: Play,
    fold: Fold,
    unseen: Callable[[Any], bool],
) -> Composed:
    """A composition for a game whose every command is a part of a turn (the draw games,
    R22): the actions are played as one command and their events folded onto `state`."""
    if not actions:
        return Composed(state=state, complete=False, ends_turn=False, send_first=False)
    drawn = [index for index, action in enumerate(actions) if unseen(action)]
    if drawn and drawn[0] < len(actions) - 1:
        raise NotYourTurn(
            "an action after a draw from the stock waits until the draw is sent: "
            "the card is known only once drawn",
            "R22",
        ).at_action(drawn[0] + 1)
    events = play(state, seat, actions)
    if drawn:
        return Composed(state=state, complete=True, ends_turn=False, send_first=True)
    after = fold(events, state)
    ends = bool(after.over) or after.turn != seat
    return Composed(state=after, complete=True, ends_turn=ends, send_first=False)
