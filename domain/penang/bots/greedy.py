"""The greedy bot: sheds the most points each turn, keeps its jokers, plans its passport.

Definition, in the terms of `domain.penang.bots.chain` (candidates: the listed turns of the
state reached so far in the turn, and lone swaps once it has moved):

1. **Shed.** Append thrifty steps while any is left: each time the candidate that
   spends no joker and sheds the most points of natural cards (ties: the most cards,
   then the most jokers gained, then the first listed). The turn's first step may
   spend jokers where no candidate spares them, as few as it can (P10: a turn needs a
   move). A turn may hold any number of steps (P11).
2. **Finish.** With jokers still in hand, go on with whatever candidate sheds the most
   points, jokers counted: if that empties the hand (Game, P31) the turn is the whole
   chain, otherwise it ends after step 1 and the jokers stay in hand.
3. **Passport** (P26, P27). Before its passport the seat tries as the passport the
   `PASSPORTS_TRIED` listed melds that shed the most points of natural cards (among
   those that spend no joker, when there are any; ties: the first listed), follows
   each with step 1, and takes the one whose chain ends best: the hand emptied; then
   the fewest jokers spent; then the fewest points of natural cards left; then the
   most turns `legal_moves` lists for its next turn (the options kept); then the first
   listed. Step 2 follows from there.

Why jokers are kept: a joker fits any set and any open end of a run (P22, D5), so one
in hand keeps the seat alive for a later turn (P29) and lays off last to empty the
hand; spent early it sheds one card and costs those later moves (spending them freely
wins markedly less often against `random`).

A greedy seat declares dead exactly when nothing is listed, which is when it has no
move (D6). It uses no randomness: the same view always gives the same turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain.cards import JOKER
from domain.penang.bots.chain import Candidate, candidates, chain, finish, play_out, thrifty_step
from domain.penang.bots.window import next_turn, own_turn, within_turn
from domain.penang.commands import Action, Turn
from domain.penang.moves import legal_moves
from domain.penang.scoring import deadwood_points
from domain.penang.state import PenangState
from domain.penang.views import PenangView

#: Passports tried (step 3): more cost time on a 25-card hand and win no more often.
PASSPORTS_TRIED: Final = 4


class GreedyBot:
    """The greedy player of this module's docstring."""

    name = "greedy"

    def turn(self, view: PenangView) -> Turn | None:
        """The seat's whole turn, or None where it has no move (it must declare dead)."""
        state, seat = own_turn(view)
        if state.passport[seat]:
            actions, _ = play_out(state, seat, [])
        else:
            actions = _passport_turn(state, seat)
        return Turn(actions=tuple(actions)) if actions else None


@dataclass(frozen=True, slots=True)
class _Ending:
    """Where a passport's turn ends, and the keys it is judged by."""

    actions: list[Action]
    state: PenangState
    #: Hand not emptied, jokers spent, points of natural cards left.
    keys: tuple[int, int, int]
    order: int


def _passport_turn(state: PenangState, seat: int) -> list[Action]:
    melds = candidates(state, seat)
    if not melds:
        return []
    sparing = [meld for meld in melds if meld.jokers_spent <= 0] or melds
    tried = sorted(sparing, key=lambda meld: (-meld.natural_points, meld.order))[:PASSPORTS_TRIED]
    endings = [_ending(state, seat, meld) for meld in tried]
    best = min(ending.keys for ending in endings)
    tied = [ending for ending in endings if ending.keys == best]
    if len(tied) > 1:
        tied.sort(key=lambda e: (-len(legal_moves(next_turn(e.state), seat).turns), e.order))
    return finish(tied[0].actions, tied[0].state, seat)[0]


def _ending(state: PenangState, seat: int, meld: Candidate) -> _Ending:
    after = within_turn(state, seat, meld.actions)
    actions, end = chain(after, seat, list(meld.actions), thrifty_step)
    hand = end.hands[seat]
    jokers = state.hands[seat].count(JOKER) - hand.count(JOKER)
    naturals = [card for card in hand if not card.is_joker]
    keys = (1 if hand else 0, jokers, deadwood_points(naturals, state.rules.card_points))
    return _Ending(actions, end, keys, meld.order)
