"""The patient bot: one move a turn, the best it has, until the game may end (P9–P11, P29).

A seat stays in the game only while it can move (P29), and every turn another seat
plays may open new lay-offs to it (P19). Shedding everything at once leaves a hand of
cards that fit nothing, and the seat soon dead; a seat that plays one move a turn keeps
its melds in hand as moves for later turns, and lays off onto what the others meld
meanwhile. Played that way it wins clearly more often against `random` (and against
`greedy`) than `greedy` does. Definition, in the terms of `domain.penang.bots.chain`:

1. **Passport** (P26, P27): the listed meld (one that spends no joker, when there is
   one) that leaves the most of the other listed melds whole in hand, the options it
   keeps; ties: the most points of natural cards shed, then the first listed.
2. **Race.** When a live opponent holds `RACE_HAND` cards or fewer (the game may end on
   their turn, P31, and every card kept then counts, P33), or when it empties the hand,
   the turn is `greedy`'s whole chain (`chain.play_out`).
3. **Otherwise, one move**: the thrifty step alone (the candidate that spends no joker
   and sheds the most points of natural cards; spending as few jokers as it can where
   none spares them).

It declares dead exactly when nothing is listed (D6), and uses no randomness.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from domain.commands import MeldAction
from domain.penang.bots.chain import Candidate, candidates, play_out, thrifty_step
from domain.penang.bots.window import own_turn
from domain.penang.commands import Turn
from domain.penang.state import PenangState
from domain.penang.views import PenangView

#: An opponent holding this many cards or fewer may empty their hand on their turn.
RACE_HAND: Final = 5


class PatientBot:
    """The patient player of this module's docstring."""

    name = "patient"

    def turn(self, view: PenangView) -> Turn | None:
        """The seat's whole turn, or None where it has no move (it must declare dead)."""
        state, seat = own_turn(view)
        options = candidates(state, seat)
        if not options:
            return None
        if not state.passport[seat]:
            return Turn(actions=_passport(options, state, seat).actions)
        race = any(
            other.hand_size <= RACE_HAND
            for other in view.seats
            if other.seat != seat and not other.dead
        )
        whole, end = play_out(state, seat, [])
        if race or not end.hands[seat]:
            return Turn(actions=tuple(whole))
        step = thrifty_step(options, state)
        if step is None:
            raise AssertionError("a thrifty step exists at a turn's start whenever any move does")
        return Turn(actions=step.actions)


def _passport(melds: list[Candidate], state: PenangState, seat: int) -> Candidate:
    sparing = [meld for meld in melds if meld.jokers_spent <= 0] or melds
    hand = Counter(card.text for card in state.hands[seat])
    cards = [Counter(_cards(meld)) for meld in sparing]

    def kept(index: int) -> int:
        left = hand - cards[index]
        return sum(1 for other, need in enumerate(cards) if other != index and not need - left)

    best = min(
        range(len(sparing)),
        key=lambda i: (-kept(i), -sparing[i].natural_points, sparing[i].order),
    )
    return sparing[best]


def _cards(meld: Candidate) -> list[str]:
    return [
        text for action in meld.actions if isinstance(action, MeldAction) for text in action.cards
    ]
