"""A hand of a draw game, rebuilt only by folding its events (decide, then evolve).

`evolve` applies one event and never checks a rule: the games' commands check the
rules before an event exists (`domain.rummy.game`, `domain.three13.game`), so an old
event always folds. Both draw games fold the same events; each uses those it records.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, assert_never

from domain.cards import Card, parse_cards, sort_cards
from domain.drawgame.events import (
    Discarded,
    DrawRules,
    Drew,
    HandDealt,
    HandEnded,
    StockRebuilt,
    WentOut,
)
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.melds import TableMeld, meld_from_record, replace_cards

AnyDrawEvent = (
    HandDealt[Any]
    | Drew
    | Melded
    | LaidOff
    | Discarded
    | StockRebuilt
    | WentOut
    | HandEnded
    | SeedRevealed
)
#: The classes of `AnyDrawEvent`, to tell a draw game's event by (a deal of any game's rules).
_DRAW_EVENTS: Final = (
    HandDealt,
    Drew,
    Melded,
    LaidOff,
    Discarded,
    StockRebuilt,
    WentOut,
    HandEnded,
    SeedRevealed,
)
Phase = Literal["draw", "play"]


@dataclass(frozen=True, slots=True)
class DrawState:
    """Everything the rules of a draw game need to judge the next command."""

    rules: DrawRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    #: The hand's number (T1, T3).
    number: int
    hands: tuple[tuple[Card, ...], ...]
    #: Top card first.
    stock: tuple[Card, ...]
    #: Bottom card first: the last is the top of the pile.
    discards: tuple[Card, ...]
    #: The seat whose turn it is; None once the hand is over.
    turn: int | None
    #: Whether the seat on turn has still to draw, or has drawn and plays on.
    phase: Phase = "draw"
    #: The card the seat on turn took from the discard pile (B4).
    taken: Card | None = None
    #: Within the turn: whether a meld or lay-off was made (B9).
    acted: bool = False
    #: Seats that melded or laid off in an earlier turn of the hand (B9).
    played: tuple[bool, ...] = ()
    #: Basic Rummy's melds on the table (B5, B6); Three Thirteen's stay in hand (T7).
    table: tuple[TableMeld, ...] = ()
    #: How many times the stock was rebuilt (B11, T10).
    rebuilds: int = 0
    #: The seat that went out, and the melds it declared (B7, T8).
    went_out: int | None = None
    declared: tuple[tuple[Card, ...], ...] = ()
    #: The seats still to take their last turn, in order (T8).
    last_turns: tuple[int, ...] = ()
    ended: HandEnded | None = None
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the discard that ended its last turn where the turn
    #: clock played it (R19, R36), else 0; empty until a seat has discarded.
    timed_out: tuple[int, ...] = ()
    #: Per seat, the bot that plays it (R33), or None for a person; empty: every seat a
    #: person (`HandDealt.bots`).
    bots: tuple[str | None, ...] = ()
    #: How many events were folded into this state.
    version: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None


def known_draw_event(event: Event) -> AnyDrawEvent:
    """`event` typed as one of the draw games' events, or TypeError."""
    if isinstance(event, _DRAW_EVENTS):
        return event
    raise TypeError(f"{type(event).__name__} is not an event of a draw game")


def _start(event: HandDealt[Any]) -> DrawState:
    seats = len(event.players)
    return DrawState(
        rules=event.rules,
        rules_version=event.rules_version,
        players=event.players,
        dealer=event.dealer,
        number=event.hand,
        hands=tuple(sort_cards(parse_cards(hand)) for hand in event.hands),
        stock=parse_cards(event.stock),
        discards=(Card(event.upcard),),
        turn=(event.dealer + 1) % seats,
        played=(False,) * seats,
        proof=event.proof,
        bots=event.bots or (),
        version=1,
    )


def evolve(state: DrawState | None, event: Event) -> DrawState:
    """The state after `event`."""
    known = known_draw_event(event)
    if isinstance(known, HandDealt):
        return _start(known)
    if state is None:
        raise ValueError(f"a hand begins with HandDealt, not {type(event).__name__}")
    version = state.version + 1
    match known:
        case Drew():
            return _drew(state, known, version)
        case Melded():
            return _melded(state, known, version)
        case LaidOff():
            return _laid_off(state, known, version)
        case Discarded():
            return _discarded(state, known, version)
        case StockRebuilt():
            stock = parse_cards(known.stock)
            discards = state.discards[-1:]
            return replace(
                state, stock=stock, discards=discards, rebuilds=known.number, version=version
            )
        case WentOut():
            return _went_out(state, known, version)
        case HandEnded():
            return replace(state, ended=known, turn=None, last_turns=(), version=version)
        case SeedRevealed():
            return replace(state, revealed_seed=known.server_seed, version=version)
        case _:
            assert_never(known)


def _hand(state: DrawState, seat: int, hand: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    return state.hands[:seat] + (sort_cards(hand),) + state.hands[seat + 1 :]


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> list[Card]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def _drew(state: DrawState, event: Drew, version: int) -> DrawState:
    card = Card(event.card)
    hands = _hand(state, event.seat, (*state.hands[event.seat], card))
    if event.source == "stock":
        return replace(state, hands=hands, stock=state.stock[1:], phase="play", version=version)
    discards = state.discards[:-1]
    return replace(state, hands=hands, discards=discards, phase="play", taken=card, version=version)


def _melded(state: DrawState, event: Melded, version: int) -> DrawState:
    cards = parse_cards(event.cards)
    meld = meld_from_record(event.meld, event.seat, event.kind, cards, event.stands_for)
    hands = _hand(state, event.seat, _without(state.hands[event.seat], cards))
    return replace(state, hands=hands, table=(*state.table, meld), acted=True, version=version)


def _laid_off(state: DrawState, event: LaidOff, version: int) -> DrawState:
    card = Card(event.card)
    meld = state.table[event.meld]
    if event.end == "low":
        grown = replace_cards(meld, (card, *meld.cards), meld.low - 1)
    else:
        grown = replace_cards(meld, (*meld.cards, card), meld.low)
    table = state.table[: meld.id] + (grown,) + state.table[meld.id + 1 :]
    hands = _hand(state, event.seat, _without(state.hands[event.seat], (card,)))
    return replace(state, hands=hands, table=table, acted=True, version=version)


def _discarded(state: DrawState, event: Discarded, version: int) -> DrawState:
    card = Card(event.card)
    hands = _hand(state, event.seat, _without(state.hands[event.seat], (card,)))
    played = state.played
    if state.acted:
        played = played[: event.seat] + (True,) + played[event.seat + 1 :]
    if state.went_out is None:
        turn: int | None = (event.seat + 1) % state.seats
        last_turns = state.last_turns
    else:
        last_turns = state.last_turns[1:]  # T8: a last turn taken
        turn = last_turns[0] if last_turns else None
    timed_out = state.timed_out or (0,) * state.seats
    mark = version if event.reason == "timeout" else 0
    timed_out = timed_out[: event.seat] + (mark,) + timed_out[event.seat + 1 :]
    return replace(
        state,
        hands=hands,
        discards=(*state.discards, card),
        timed_out=timed_out,
        turn=turn,
        phase="draw",
        taken=None,
        acted=False,
        played=played,
        last_turns=last_turns,
        version=version,
    )


def _went_out(state: DrawState, event: WentOut, version: int) -> DrawState:
    # T8: every other seat, from the one on the left, takes one last turn.
    others = tuple((event.seat + step) % state.seats for step in range(1, state.seats))
    return replace(
        state,
        went_out=event.seat,
        declared=tuple(parse_cards(meld) for meld in event.melds),
        last_turns=others,
        turn=others[0] if others else None,
        phase="draw",
        taken=None,
        version=version,
    )


def fold(events: Iterable[Event], state: DrawState | None = None) -> DrawState:
    """The state after all `events` (from the start, or from `state`)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events: a hand begins with HandDealt")
    return state
