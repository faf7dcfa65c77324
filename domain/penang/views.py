"""What a seat, or a spectator, may see of a game of Penang Rummy (P5, R3, R19).

`view_game` and `view_event` are the only ways Penang's state and events leave the
engine, and both ask the one rule of the core, `domain.views.may_see`: while a game runs
a seat sees its own hand and nobody sees another hand or the undealt cards (P5); once
the game is over everything is shown (READINGS R3), in every version of it: an earlier
state of a finished game is viewed with `over`. The seat on turn's deadline, where the
table has a turn clock (R19), is the service's to fill in.
"""

from __future__ import annotations

from typing import Literal, assert_never

import msgspec

from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.penang.events import (
    Dealt,
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
    known_event,
)
from domain.penang.rules import GAME, PenangRules
from domain.penang.state import PenangState
from domain.views import Deadline, MeldView, Viewer, meld_views, seen_cards


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat as others see it; `hand` only where the viewer may see it."""

    seat: int
    name: str
    hand_size: int
    passport: bool
    dead: bool
    hand: tuple[str, ...] | None = None


class ResultView(msgspec.Struct, frozen=True, kw_only=True):
    """The end of the game: why, who won, every seat's deadwood and points (P31–P33)."""

    reason: Literal["game", "all_dead"]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    deadwood: tuple[tuple[str, ...], ...]


class PenangView(msgspec.Struct, frozen=True, kw_only=True):
    """A game as one viewer may see it.

    `rules` are the options in effect: `packs` and `cards_per_player` as the game deals
    them, where `Dealt` may have recorded them as null (the RULES.md default, D2).
    """

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    version: int
    viewer: int | None
    rules: PenangRules
    rules_version: str
    dealer: int
    turn: int | None
    over: bool
    hand: tuple[str, ...] | None
    seats: tuple[SeatView, ...]
    table: tuple[MeldView, ...]
    undealt_count: int
    undealt: tuple[str, ...] | None = None
    result: ResultView | None = None
    #: When the seat on turn must have played, where the table has a turn clock (R19).
    #: The engine knows no clock: `view_game` leaves it None and the service fills it in
    #: for the game now (never for a past version, nor once the game is over).
    turn_deadline: Deadline | None = None


class DealtView(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="Dealt"):
    """`Dealt` as a viewer may see it: hidden hands and undealt cards are null.

    `rules` are the options in effect (packs and hand size resolved, as in the seat's view);
    the record keeps `Dealt.rules` exactly as recorded.
    """

    rules: PenangRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[str, ...] | None, ...]
    undealt_count: int
    undealt: tuple[str, ...] | None
    proof: DealProof | None = None


EventView = (
    DealtView
    | PassportMelded
    | Melded
    | LaidOff
    | WildSwapped
    | TurnEnded
    | DeclaredDead
    | DeclaredGame
    | GameEnded
    | SeedRevealed
)


def view_game(state: PenangState, viewer: Viewer, *, over: bool = False) -> PenangView:
    """The state as `viewer` may see it.

    `over`: the game has ended since, and `state` is an earlier version of it (time
    travel): everything is shown, as at the end. The view's own `over` stays the state's.
    """
    shown = state.over or over
    seats = tuple(
        SeatView(
            seat=seat,
            name=state.players[seat],
            hand_size=len(state.hands[seat]),
            passport=state.passport[seat],
            dead=state.dead[seat],
            hand=seen_cards(state.hands[seat], viewer, seat, shown),
        )
        for seat in range(state.seats)
    )
    ended = state.ended
    result = None
    if ended is not None:
        result = ResultView(
            reason=ended.reason,
            winners=ended.winners,
            points=ended.points,
            deadwood=ended.deadwood,
        )
    return PenangView(
        game=GAME,
        version=state.version,
        viewer=viewer,
        rules=state.rules.in_effect(state.seats),
        rules_version=state.rules_version,
        dealer=state.dealer,
        turn=state.turn,
        over=state.over,
        hand=None if viewer is None else seats[viewer].hand,
        seats=seats,
        table=meld_views(state.table),
        undealt_count=len(state.undealt),
        undealt=seen_cards(state.undealt, viewer, None, shown),
        result=result,
    )


def view_event(event: Event, viewer: Viewer, over: bool) -> EventView:
    """One event as `viewer` may see it; `over` once the game has ended."""
    match known_event(event):
        case Dealt() as dealt:
            return DealtView(
                rules=dealt.rules.in_effect(len(dealt.players)),
                rules_version=dealt.rules_version,
                players=dealt.players,
                dealer=dealt.dealer,
                hand_sizes=tuple(len(hand) for hand in dealt.hands),
                hands=tuple(
                    seen_cards(hand, viewer, seat, over) for seat, hand in enumerate(dealt.hands)
                ),
                undealt_count=len(dealt.undealt),
                undealt=seen_cards(dealt.undealt, viewer, None, over),
                proof=dealt.proof,
            )
        case (
            Melded()  # a PassportMelded too
            | LaidOff()
            | WildSwapped()
            | TurnEnded()
            | DeclaredDead()
            | DeclaredGame()
            | GameEnded()
            | SeedRevealed()
        ) as public:
            return public  # public facts: everything in them is on the table
        case unknown:
            assert_never(unknown)
