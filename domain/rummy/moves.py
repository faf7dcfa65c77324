"""Basic Rummy's legal moves: whole commands the seat on turn can send as they are (B3–B7).

Before drawing, the draws: from the stock (while it holds a card or can be rebuilt,
B11) and from the discard pile. After drawing, every meld the hand holds (every set of
three or four of a rank, every stretch of three or more of one suit in sequence: B5,
B10), every card that lays off onto a table meld (B6), and every card it may discard
(B4): each a command of one action, and each checked by the rules before it is listed,
so that every listed command is accepted (B7's option and R21 included). A turn goes
on after a meld or a lay-off and ends with a discard, or when the hand is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any

import msgspec

from domain.cards import HIGH_ACE, LOW_ACE, Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.piles import draws_open
from domain.drawgame.state import DrawState, Phase
from domain.drawgame.views import game_tag
from domain.errors import RuleViolation
from domain.events import Event
from domain.layoffs import lay_off_as
from domain.melds import position_card
from domain.rummy.game import RummyAction, play, rummy_rules


class RummyCommand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One command of a turn: its actions, checked in order, recorded together (R22)."""

    actions: tuple[RummyAction, ...]


class RummyMoves(msgspec.Struct, frozen=True, kw_only=True):
    """What the seat on turn may do now, as single actions and as commands to send."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    seat: int
    can_move: bool
    phase: Phase
    draws: tuple[DrawAction, ...]
    melds: tuple[MeldAction, ...]
    lay_offs: tuple[LayOffAction, ...]
    discards: tuple[DiscardAction, ...]
    #: Every listed action as a command of its own, ready to send.
    commands: tuple[RummyCommand, ...]


#: A seat's single actions by kind: draws, melds, lay-offs and discards.
Listed = tuple[
    tuple[DrawAction, ...],
    tuple[MeldAction, ...],
    tuple[LayOffAction, ...],
    tuple[DiscardAction, ...],
]
#: The rules a listed action is checked by: a game's `play`.
Play = Callable[[DrawState, int, Sequence[Any]], list[Event]]


def legal_moves(state: DrawState, seat: int) -> RummyMoves:
    """The moves of this module's docstring; none for a seat not on turn, or once over."""
    if state.over or state.turn != seat:
        return RummyMoves(
            game=game_tag(state.rules),
            seat=seat, can_move=False, phase=state.phase, draws=(), melds=(), lay_offs=(),
            discards=(), commands=(),
        )  # fmt: skip
    draws, melds, lay_offs, discards = single_actions(state, seat, play)
    actions: tuple[RummyAction, ...] = (*draws, *melds, *lay_offs, *discards)
    return RummyMoves(
        game=game_tag(state.rules),
        seat=seat,
        can_move=bool(actions),
        phase=state.phase,
        draws=draws,
        melds=melds,
        lay_offs=lay_offs,
        discards=discards,
        commands=tuple(RummyCommand(actions=(action,)) for action in actions),
    )


def single_actions(state: DrawState, seat: int, play: Play) -> Listed:
    """The single actions open to the seat on turn, each accepted by `play` (a game of
    basic Rummy's family): before its draw the draws, after it the melds, lay-offs and
    discards."""
    if state.phase == "draw":
        return draws_open(state), (), (), ()
    hand = state.hands[seat]
    melds = tuple(
        m for m in melds_of(hand, rummy_rules(state).ace_high) if accepted(play, state, seat, m)
    )
    lay_offs = tuple(m for m in lay_offs_of(state, hand) if accepted(play, state, seat, m))
    discards = tuple(
        DiscardAction(card=card.text)
        for card in hand
        if accepted(play, state, seat, DiscardAction(card=card.text))
    )
    return (), melds, lay_offs, discards


def accepted(play: Play, state: DrawState, seat: int, *actions: Any) -> bool:
    """Whether `play` accepts a command of `actions` from `seat`."""
    try:
        play(state, seat, actions)
    except RuleViolation:
        return False
    return True


def melds_of(hand: tuple[Card, ...], ace_high: bool) -> Iterable[MeldAction]:
    for rank in range(1, 14):
        held = [card.text for card in hand if card.rank == rank]
        if len(held) >= 3:
            yield MeldAction(cards=tuple(held))
        if len(held) == 4:
            yield from (MeldAction(cards=three) for three in combinations(held, 3))
    top = HIGH_ACE if ace_high else 13
    for suit in "SHDC":
        present = {card.rank for card in hand if card.suit == suit}
        positions = [p for p in range(LOW_ACE, top + 1) if (p - 1) % 13 + 1 in present]
        for low, high in _stretches(positions):
            for start in range(low, high - 1):
                for stop in range(start + 2, high + 1):
                    cards = (position_card(p, suit).text for p in range(start, stop + 1))
                    yield MeldAction(cards=tuple(cards))


def _stretches(positions: list[int]) -> Iterable[tuple[int, int]]:
    """The maximal runs of consecutive positions, as (low, high)."""
    start = previous = None
    for position in positions:
        if start is None or previous is None or position != previous + 1:
            if start is not None and previous is not None:
                yield start, previous
            start = position
        previous = position
    if start is not None and previous is not None:
        yield start, previous


def lay_offs_of(state: DrawState, hand: tuple[Card, ...]) -> Iterable[LayOffAction]:
    terms = rummy_rules(state).meld_terms
    for meld in state.table:
        for card in hand:
            try:
                lay_off_as(meld, card, None, terms, jokers_lay_off=False)
            except RuleViolation:
                continue
            yield LayOffAction(meld=meld.id, card=card.text)
