"""What a seat, or a spectator, may see of a hand of a draw game (R28).

The core's one rule, `domain.views.may_see`, decides whose cards a viewer sees, as it does
for Penang; `view_hand` and `view_draw_event` are the only ways a draw game's state and
events leave the engine, and both ask it. While the hand runs a seat sees its own
hand and nobody sees another hand or the stock's order (its size only); a card drawn from
the stock is shown to its drawer only; the discard pile, the table's melds and every
discard are public; the melds a seat went out with stay hidden until the hand ends
(R27). Once the hand is over everything is shown, in every version of it.
"""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.cards import rank_text
from domain.drawgame.events import (
    Discarded,
    DrawRules,
    Drew,
    HandDealt,
    HandEnded,
    Source,
    StockRebuilt,
    WentOut,
)
from domain.drawgame.state import DrawState, Phase, known_draw_event
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.views import Deadline, MeldView, Viewer, may_see, meld_views, seen_cards


class DrawSeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat as others see it; `hand` only where the viewer may see it."""

    seat: int
    name: str
    hand_size: int
    hand: tuple[str, ...] | None = None


def game_tag(rules: object) -> str:
    """The game a draw game's rule options are of: their `game` tag (`"rummy"`)."""
    return str(type(rules).__struct_config__.tag)  # type: ignore[attr-defined]


class HandView(msgspec.Struct, frozen=True, kw_only=True):
    """A hand of a draw game as one viewer may see it."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    version: int
    viewer: int | None
    rules: DrawRules
    rules_version: str
    dealer: int
    #: The hand's number, and its wild rank (Three Thirteen's T3; None in basic Rummy).
    number: int
    wild: str | None
    turn: int | None
    #: Whether the seat on turn has still to draw, or plays on.
    phase: Phase
    over: bool
    hand: tuple[str, ...] | None
    seats: tuple[DrawSeatView, ...]
    #: The discard pile, bottom card first: public.
    discards: tuple[str, ...]
    stock_size: int
    #: The stock's order, top first: shown once the hand is over.
    stock: tuple[str, ...] | None
    #: Basic Rummy's melds on the table.
    table: tuple[MeldView, ...]
    went_out: int | None
    #: The seats still to take their last turn (T8).
    last_turns: tuple[int, ...]
    result: HandEnded | None = None
    #: The card the seat on turn took from the discard pile this turn: public, as the
    #: draw was (R28); basic Rummy's B4 keeps it from being discarded now (R21).
    taken: str | None = None
    #: When the seat on turn must have played, where the table has a turn clock (R19,
    #: R36). The engine knows no clock: `view_hand` leaves it None and the service fills
    #: it in for the hand now (never for a past version, nor once the hand is over).
    turn_deadline: Deadline | None = None


class HandDealtView(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="HandDealt"):
    """`HandDealt` as a viewer may see it: hidden hands and the stock's order are null."""

    rules: DrawRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[str, ...] | None, ...]
    upcard: str
    stock_size: int
    stock: tuple[str, ...] | None
    proof: DealProof | None = None


class DrewView(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="Drew"):
    """`Drew`: the card is null for the others when it came from the stock."""

    seat: int
    source: Source
    card: str | None


class StockRebuiltView(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="StockRebuilt"
):
    """`StockRebuilt`: its size for all; its order once the hand is over."""

    number: int
    stock_size: int
    stock: tuple[str, ...] | None


class WentOutView(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="WentOut"):
    """`WentOut`: the melds declared, shown to the others once the hand is over (R27)."""

    seat: int
    melds: tuple[tuple[str, ...], ...] | None


DrawEventView = (
    HandDealtView
    | DrewView
    | Melded
    | LaidOff
    | Discarded
    | StockRebuiltView
    | WentOutView
    | HandEnded
    | SeedRevealed
)


def view_hand(
    state: DrawState, viewer: Viewer, *, over: bool = False, wild_rank: int | None = None
) -> HandView:
    """The hand as `viewer` may see it; `over`: it has ended since (an earlier version).
    `wild_rank` is the hand's wild rank, where the game has one (T3)."""
    shown = state.over or over
    seats = tuple(
        DrawSeatView(
            seat=seat,
            name=state.players[seat],
            hand_size=len(state.hands[seat]),
            hand=seen_cards(state.hands[seat], viewer, seat, shown),
        )
        for seat in range(state.seats)
    )
    return HandView(
        game=game_tag(state.rules),
        version=state.version,
        viewer=viewer,
        rules=state.rules,
        rules_version=state.rules_version,
        dealer=state.dealer,
        number=state.number,
        wild=None if wild_rank is None else rank_text(wild_rank),
        turn=state.turn,
        phase=state.phase,
        over=state.over,
        hand=None if viewer is None else seats[viewer].hand,
        seats=seats,
        discards=tuple(card.text for card in state.discards),
        stock_size=len(state.stock),
        stock=seen_cards(state.stock, viewer, None, shown),
        table=meld_views(state.table),
        went_out=state.went_out,
        last_turns=state.last_turns,
        result=state.ended,
        taken=None if state.taken is None else state.taken.text,
    )


def hidden_stock(view: HandView) -> object:
    """The stock as `view` shows it: None while the hand runs (R28)."""
    return view.stock


def view_draw_event(event: Event, viewer: Viewer, over: bool) -> DrawEventView:
    """One event as `viewer` may see it; `over` once the hand has ended."""
    match known_draw_event(event):
        case HandDealt() as dealt:
            return HandDealtView(
                rules=dealt.rules,
                rules_version=dealt.rules_version,
                players=dealt.players,
                dealer=dealt.dealer,
                hand=dealt.hand,
                hand_sizes=tuple(len(hand) for hand in dealt.hands),
                hands=tuple(
                    seen_cards(hand, viewer, seat, over) for seat, hand in enumerate(dealt.hands)
                ),
                upcard=dealt.upcard,
                stock_size=len(dealt.stock),
                stock=seen_cards(dealt.stock, viewer, None, over),
                proof=dealt.proof,
            )
        case Drew() as drew:
            owner = drew.seat if drew.source == "stock" else None
            seen = drew.source == "discard" or may_see(viewer, owner, over)
            return DrewView(seat=drew.seat, source=drew.source, card=drew.card if seen else None)
        case StockRebuilt() as rebuilt:
            return StockRebuiltView(
                number=rebuilt.number,
                stock_size=len(rebuilt.stock),
                stock=seen_cards(rebuilt.stock, viewer, None, over),
            )
        case WentOut() as out:
            melds = out.melds if may_see(viewer, out.seat, over) else None
            return WentOutView(seat=out.seat, melds=melds)
        case Melded() | LaidOff() | Discarded() | HandEnded() | SeedRevealed() as public:
            return public  # public facts: everything in them is on the table or the pile
        case unknown:
            assert_never(unknown)
