"""What a seat of Gin Rummy, or a spectator, may see (G15, R28), and the legal moves.

While the hand runs a seat sees its own hand, the upcard and the discard pile, the
stock's size, the card taken from the pile (public, as the draw was) and the melds and
lay-offs laid after a knock; the other seat's hand is its size only, the stock's order
hidden, a card drawn from the stock shown only to its drawer. What anyone at the table
saw happen is shown too, so that a seat's view is all its player may know (R49): who
passed the first upcard (G3), how many draws from the discard pile count toward the
bound (G14, R42) and whether the last discard was the card just taken (R37). Once the
hand is over every hand and the stock are shown (`domain.views.may_see`).
"""

from __future__ import annotations

import msgspec

from domain.drawgame.events import Drew, HandDealt
from domain.drawgame.views import game_tag, view_draw_event
from domain.events import Event
from domain.gin.commands import GinAction
from domain.gin.events import GinHandEnded
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules
from domain.gin.state import GinState, Phase
from domain.views import Deadline, Viewer, seen_cards


class GinSeatView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as the viewer may see it: its name, hand size and laid melds."""

    name: str
    hand_size: int
    hand: tuple[str, ...] | None
    melds: tuple[tuple[str, ...], ...]


class GinView(msgspec.Struct, frozen=True, kw_only=True):
    """A hand of Gin Rummy as one viewer may see it."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    version: int
    viewer: int | None
    rules: GinRules
    rules_version: str
    dealer: int
    knock_limit: int
    turn: int | None
    phase: Phase
    over: bool
    hand: tuple[str, ...] | None
    seats: tuple[GinSeatView, ...]
    upcard: str | None
    #: The discard pile, bottom card first: public.
    discards: tuple[str, ...]
    stock_size: int
    stock: tuple[str, ...] | None
    taken: str | None
    knocker: int | None
    layoffs: tuple[str, ...]
    result: GinHandEnded | None = None
    #: G3: whether each seat has passed the first upcard, by seat.
    passed: tuple[bool, ...] = (False, False)
    #: G14, R42: the draws from the discard pile so far (the first upcard's offer not
    #: counted); the draw that would reach `rules.upcard_draw_limit` ends the hand.
    upcard_draws: int = 0
    #: R37: the last discard was the card just taken from the pile (with `discard_taken`,
    #: the next such discard ends the hand as a draw).
    repeated: bool = False
    #: G19: the knocker goes out with big gin (its melds to lay hold every card).
    big_gin: bool = False
    #: G20, R59: the deal scores double (Oklahoma, spades double, a spade first upcard).
    doubled: bool = False
    #: When the seat on turn must have played, where the table has a turn clock (R19):
    #: the service fills it in for the hand now, as for the draw games (`view_hand`
    #: leaves it None; the engine knows no clock).
    turn_deadline: Deadline | None = None


class GinMoves(msgspec.Struct, frozen=True, kw_only=True):
    """What the seat asked about may do now: each action is a command of its own."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    seat: int
    can_move: bool
    phase: Phase
    actions: tuple[GinAction, ...]


def view_hand(state: GinState, viewer: Viewer, over: bool) -> GinView:
    """`state` as `viewer` may see it; `over`: the hand has ended (now or since)."""
    over = over or state.over
    seats = tuple(
        GinSeatView(
            name=name,
            hand_size=len(state.hands[seat]),
            hand=seen_cards(state.hands[seat], viewer, seat, over),
            melds=tuple(tuple(card.text for card in meld) for meld in state.melds[seat]),
        )
        for seat, name in enumerate(state.players)
    )
    own = seen_cards(state.hands[viewer], viewer, viewer, over) if viewer is not None else None
    return GinView(
        game=game_tag(state.rules),
        version=state.version,
        viewer=viewer,
        rules=state.rules,
        rules_version=state.rules_version,
        dealer=state.dealer,
        knock_limit=state.knock_limit,
        turn=state.turn,
        phase=state.phase,
        over=over,
        hand=own,
        seats=seats,
        upcard=state.upcard.text if state.upcard is not None else None,
        discards=tuple(card.text for card in state.discards),
        stock_size=len(state.stock),
        stock=seen_cards(state.stock, viewer, None, over),
        taken=state.taken.text if state.taken is not None else None,
        knocker=state.knocker,
        layoffs=tuple(card.text for card in state.layoffs),
        result=state.ended,
        passed=state.passed,
        upcard_draws=state.upcard_draws,
        repeated=state.repeated,
        big_gin=state.big_gin,
        doubled=state.doubled,
    )


def view_event(event: Event, viewer: Viewer, over: bool) -> msgspec.Struct:
    """One event as `viewer` may see it: the deal and stock draws as the draw core hides
    them (R28); every other event of Gin Rummy is public."""
    if isinstance(event, HandDealt | Drew):
        return view_draw_event(event, viewer, over)
    return event


def legal_moves(state: GinState, seat: int) -> GinMoves:
    """What `seat` may do now: nothing unless it is on turn."""
    actions = tuple(legal_actions(state)) if state.turn == seat else ()
    return GinMoves(
        game=game_tag(state.rules),
        seat=seat,
        can_move=bool(actions),
        phase=state.phase,
        actions=actions,
    )
