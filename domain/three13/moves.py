"""Three Thirteen's legal moves: whole commands the seat on turn can send as they are (T4, T8).

Before drawing, the draws: from the stock (while it holds a card or can be rebuilt, T10)
and from the discard pile. After drawing, every card it may discard (R21: the card just
taken too) and, unless a seat went out already, every way to go out: for each card
whose discard leaves a hand that forms melds, the discard with the melds the exact
search finds (`domain.three13.deadwood.ways_out`). Each is a command of one action.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.cards import Card, texts
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.piles import draws_open
from domain.drawgame.state import DrawState, Phase
from domain.drawgame.views import game_tag
from domain.three13.commands import GoOutAction
from domain.three13.deadwood import ways_out
from domain.three13.game import ThirteenAction
from domain.three13.rules import wild_rank


class ThirteenCommand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One command of a turn: its actions, checked in order, recorded together (R22)."""

    actions: tuple[ThirteenAction, ...]


class ThirteenMoves(msgspec.Struct, frozen=True, kw_only=True):
    """What the seat on turn may do now, as single actions and as commands to send."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    seat: int
    can_move: bool
    phase: Phase
    #: Whether this is the seat's last turn, a seat having gone out (T8).
    last_turn: bool
    draws: tuple[DrawAction, ...]
    discards: tuple[DiscardAction, ...]
    go_outs: tuple[GoOutAction, ...]
    #: Every listed action as a command of its own, ready to send.
    commands: tuple[ThirteenCommand, ...]


def legal_moves(state: DrawState, seat: int) -> ThirteenMoves:
    """The moves of this module's docstring; none for a seat not on turn, or once over."""
    last_turn = state.went_out is not None
    draws: tuple[DrawAction, ...] = ()
    discards: tuple[DiscardAction, ...] = ()
    go_outs: tuple[GoOutAction, ...] = ()
    on_turn = not state.over and state.turn == seat
    if on_turn and state.phase == "draw":
        draws = draws_open(state)
    elif on_turn:
        hand = state.hands[seat]
        discards = tuple(DiscardAction(card=card.text) for card in sorted(set(hand)))
        if not last_turn:
            go_outs = tuple(_go_outs(state, hand))
    actions: tuple[ThirteenAction, ...] = (*draws, *go_outs, *discards)
    return ThirteenMoves(
        game=game_tag(state.rules),
        seat=seat,
        can_move=bool(actions),
        phase=state.phase,
        last_turn=last_turn,
        draws=draws,
        discards=discards,
        go_outs=go_outs,
        commands=tuple(ThirteenCommand(actions=(action,)) for action in actions),
    )


def _go_outs(state: DrawState, hand: tuple[Card, ...]) -> Iterable[GoOutAction]:
    for card, melds in ways_out(hand, wild_rank(state.number)):
        yield GoOutAction(melds=tuple(texts(meld) for meld in melds), discard=card.text)
