"""Chaining listed moves into one turn (P10, P11, P23–P25): the steps bots build turns from.

A *candidate* is one step a bot may append to its turn: a whole turn that
`domain.penang.moves.legal_moves` lists for the state reached so far within the turn, or,
once the turn holds a meld or lay-off, one listed swap on its own (it gives a natural
card for a joker, P23; P24 keeps it from being a turn alone). A candidate *spends* the
jokers it plays, less those its swaps bring into hand; the points it sheds are the
rules' own (D1).

- `thrifty_step`: among the candidates that spend no joker, the one that sheds the most
  points of natural cards; ties: the most cards shed, then the most jokers gained, then
  the first listed. At the turn's start, where every candidate spends jokers (P10: the
  turn needs a move), the one that spends the fewest, then as before. Else none.
- `spending_step`: any candidate; the one that sheds the most points, jokers counted,
  then the most cards, then the first listed.
- `chain`: steps of one kind, while any is left.
- `finish`: with jokers still in hand, spending steps: if they empty the hand (Game,
  P31) the turn is the whole chain, otherwise it stops where it was and the jokers
  stay in hand. `play_out` is thrifty steps, then `finish`.

Every step is judged by the engine as it is appended (`domain.penang.bots.window.within_turn`),
so a chain is always a legal turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from domain.cards import JOKER, JOKER_TEXT, NATURALS
from domain.commands import MeldAction
from domain.penang.bots.window import within_turn
from domain.penang.commands import Action, SwapAction
from domain.penang.moves import legal_moves
from domain.penang.rules import CardPoints
from domain.penang.scoring import card_points
from domain.penang.state import PenangState

#: A bound on a turn's chain: no hand of the rules' sizes comes near it.
MAX_CHAIN: Final = 500


@dataclass(frozen=True, slots=True)
class Candidate:
    """One step of a turn, and what it does to the hand."""

    actions: tuple[Action, ...]
    #: Points of the natural cards that leave the hand (D1).
    natural_points: int
    #: Jokers played, less jokers taken into hand by swaps.
    jokers_spent: int
    #: Cards that leave the hand, less jokers taken into it.
    cards: int
    #: Where it stands in the lists: ties go to the first.
    order: int


Step = Callable[[list[Candidate], PenangState], Candidate | None]


def candidates(state: PenangState, seat: int) -> list[Candidate]:
    """The steps `seat` may append now: listed turns, and lone swaps once it has moved."""
    moves = legal_moves(state, seat)
    steps = [turn.actions for turn in moves.turns]
    if state.acted:
        steps += [(swap,) for swap in moves.swaps]
    points = _points_by_text(state.rules.card_points)
    return [_candidate(actions, order, points) for order, actions in enumerate(steps)]


def thrifty_step(options: list[Candidate], state: PenangState) -> Candidate | None:
    sparing = [c for c in options if c.jokers_spent <= 0]
    if sparing:
        return min(sparing, key=lambda c: (-c.natural_points, -c.cards, c.jokers_spent, c.order))
    if state.acted or not options:
        return None
    return min(options, key=lambda c: (c.jokers_spent, -c.natural_points, -c.cards, c.order))


def spending_step(options: list[Candidate], state: PenangState) -> Candidate | None:
    joker = state.rules.card_points.joker
    return min(
        options,
        key=lambda c: (-(c.natural_points + joker * c.jokers_spent), -c.cards, c.order),
        default=None,
    )


def play_out(
    state: PenangState, seat: int, actions: list[Action]
) -> tuple[list[Action], PenangState]:
    """Thrifty steps, then spending ones where they empty the hand; from `state`, which
    is part-way through the turn after `actions`. Answers the turn and where it ends."""
    return finish(*chain(state, seat, actions, thrifty_step), seat)


def finish(
    actions: list[Action], state: PenangState, seat: int
) -> tuple[list[Action], PenangState]:
    """Spending steps after `actions`, where they empty the hand; else `actions` as they are."""
    if JOKER in state.hands[seat]:
        finished, after = chain(state, seat, actions, spending_step)
        if not after.hands[seat]:
            return finished, after
    return actions, state


def chain(
    state: PenangState, seat: int, actions: list[Action], step: Step
) -> tuple[list[Action], PenangState]:
    """Append what `step` picks until it picks nothing or the hand is empty."""
    for _ in range(MAX_CHAIN):
        if not state.hands[seat]:
            break
        best = step(candidates(state, seat), state)
        if best is None:
            break
        actions = [*actions, *best.actions]
        state = within_turn(state, seat, best.actions)
    return actions, state


@cache
def _points_by_text(points: CardPoints) -> dict[str, int]:
    """Each card's points (D1) by its notation; the joker's under `JK`."""
    return {card.text: card_points(card, points) for card in (*NATURALS, JOKER)}


def _candidate(actions: tuple[Action, ...], order: int, points: dict[str, int]) -> Candidate:
    natural_points = jokers = cards = 0
    for action in actions:
        if isinstance(action, SwapAction):
            natural_points += points[action.card]
            jokers -= 1  # one natural out, one joker in: the hand keeps its size
            continue
        played = action.cards if isinstance(action, MeldAction) else (action.card,)
        cards += len(played)
        for text in played:
            if text == JOKER_TEXT:
                jokers += 1
            else:
                natural_points += points[text]
    return Candidate(actions, natural_points, jokers, cards, order)
