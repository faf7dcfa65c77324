"""A hand of a draw game, rebuilt only by folding its events (decide, then evolve).

`evolve` applies one event and never checks a rule: the games' commands check the
rules before an event exists (`domain.rummy.game`, `domain.three13.game`), so an old
event always folds. Both draw games fold the same events; each uses those it records.

Each event is applied to a mutable draft of the state (`_Draft`), frozen into a
`DrawState` once the events are folded: a rebuild copies the hands, the piles and the
table once, not once for every event (a copy of the state per event was most of a
rebuild's time).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal, assert_never

from domain.cards import CARD_ORDER, Card, parse_cards, sort_cards
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


class _Draft:
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    __slots__ = (
        "acted",
        "base",
        "declared",
        "discards",
        "drawn",
        "ended",
        "hands",
        "last_turns",
        "phase",
        "played",
        "rebuilds",
        "revealed_seed",
        "stock",
        "table",
        "taken",
        "timed_out",
        "turn",
        "version",
        "went_out",
    )

    def __init__(self, state: DrawState) -> None:
        #: The state the draft began from: what the events never change.
        self.base = state
        self.hands = [list(hand) for hand in state.hands]
        self.stock = state.stock
        #: Cards drawn off the top of `stock` since.
        self.drawn = 0
        self.discards = list(state.discards)
        self.turn = state.turn
        self.phase: Phase = state.phase
        self.taken = state.taken
        self.acted = state.acted
        self.played = list(state.played)
        self.table = list(state.table)
        self.rebuilds = state.rebuilds
        self.went_out = state.went_out
        self.declared = state.declared
        self.last_turns = state.last_turns
        self.ended = state.ended
        self.revealed_seed = state.revealed_seed
        #: None until a seat has discarded (the state's empty tuple).
        self.timed_out = list(state.timed_out) if state.timed_out else None
        self.version = state.version

    def freeze(self) -> DrawState:
        # Every field named: `dataclasses.replace` would look each one up.
        base = self.base
        return DrawState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            number=base.number,
            hands=tuple(tuple(sorted(hand, key=CARD_ORDER)) for hand in self.hands),
            stock=self.stock[self.drawn :] if self.drawn else self.stock,
            discards=tuple(self.discards),
            turn=self.turn,
            phase=self.phase,
            taken=self.taken,
            acted=self.acted,
            played=tuple(self.played),
            table=tuple(self.table),
            rebuilds=self.rebuilds,
            went_out=self.went_out,
            declared=self.declared,
            last_turns=self.last_turns,
            ended=self.ended,
            proof=base.proof,
            revealed_seed=self.revealed_seed,
            timed_out=() if self.timed_out is None else tuple(self.timed_out),
            bots=base.bots,
            version=self.version,
        )


def evolve(state: DrawState | None, event: Event) -> DrawState:
    """The state after `event`."""
    return fold((event,), state)


def fold(events: Iterable[Event], state: DrawState | None = None) -> DrawState:
    """The state after all `events` (from the start, or from `state`)."""
    draft = None if state is None else _Draft(state)
    appliers = _APPLIERS
    for event in events:
        # One dict lookup finds how an event of a known type changes the draft (a
        # rebuild folds every event of the hand); `_apply` takes the others: the deal, a
        # subclass, or what is no event of a draw game.
        applier = appliers.get(type(event))
        if applier is None or draft is None:
            draft = _apply(draft, event)
        else:
            draft.version += 1
            applier(draft, event)
    if draft is None:
        raise ValueError("no events: a hand begins with HandDealt")
    return draft.freeze()


def _apply(draft: _Draft | None, event: Event) -> _Draft:
    """`draft` changed by `event` (a new draft for `HandDealt`)."""
    known = known_draw_event(event)
    if isinstance(known, HandDealt):
        return _Draft(_start(known))
    if draft is None:
        raise ValueError(f"a hand begins with HandDealt, not {type(event).__name__}")
    draft.version += 1
    match known:
        case Drew():
            _drew(draft, known)
        case Melded():
            _melded(draft, known)
        case LaidOff():
            _laid_off(draft, known)
        case Discarded():
            _discarded(draft, known)
        case StockRebuilt():
            _stock_rebuilt(draft, known)
        case WentOut():
            _went_out(draft, known)
        case HandEnded():
            _hand_ended(draft, known)
        case SeedRevealed():
            _seed_revealed(draft, known)
        case _:
            assert_never(known)
    return draft


def _card(text: str) -> Card:
    """The card written `text`: the interned card, or MalformedCard (`Card`)."""
    return _INTERNED.get(text) or Card(text)


def _drew(draft: _Draft, event: Drew) -> None:
    card = _card(event.card)
    draft.hands[event.seat].append(card)
    if event.source == "stock":
        draft.drawn += 1
    else:
        draft.discards.pop()
        draft.taken = card
    draft.phase = "play"


def _melded(draft: _Draft, event: Melded) -> None:
    cards = parse_cards(event.cards)
    draft.table.append(
        meld_from_record(event.meld, event.seat, event.kind, cards, event.stands_for)
    )
    hand = draft.hands[event.seat]
    for card in cards:
        hand.remove(card)
    draft.acted = True


def _laid_off(draft: _Draft, event: LaidOff) -> None:
    card = _card(event.card)
    meld = draft.table[event.meld]
    if event.end == "low":
        grown = replace_cards(meld, (card, *meld.cards), meld.low - 1)
    else:
        grown = replace_cards(meld, (*meld.cards, card), meld.low)
    draft.table[meld.id] = grown
    draft.hands[event.seat].remove(card)
    draft.acted = True


def _discarded(draft: _Draft, event: Discarded) -> None:
    card = _card(event.card)
    seat = event.seat
    draft.hands[seat].remove(card)
    if draft.acted:
        draft.played[seat] = True
    if draft.went_out is None:
        seats = len(draft.base.players)
        draft.turn = (seat + 1) % seats
    else:
        last_turns = draft.last_turns = draft.last_turns[1:]  # T8: a last turn taken
        draft.turn = last_turns[0] if last_turns else None
    marks = draft.timed_out
    if marks is None:
        marks = draft.timed_out = [0] * len(draft.base.players)
    marks[seat] = draft.version if event.reason == "timeout" else 0
    draft.discards.append(card)
    draft.phase = "draw"
    draft.taken = None
    draft.acted = False


def _stock_rebuilt(draft: _Draft, event: StockRebuilt) -> None:
    draft.stock, draft.drawn = parse_cards(event.stock), 0
    del draft.discards[:-1]
    draft.rebuilds = event.number


def _went_out(draft: _Draft, event: WentOut) -> None:
    # T8: every other seat, from the one on the left, takes one last turn.
    seats = len(draft.base.players)
    others = tuple((event.seat + step) % seats for step in range(1, seats))
    draft.went_out = event.seat
    draft.declared = tuple(parse_cards(meld) for meld in event.melds)
    draft.last_turns = others
    draft.turn = others[0] if others else None
    draft.phase = "draw"
    draft.taken = None


def _hand_ended(draft: _Draft, event: HandEnded) -> None:
    draft.ended, draft.turn, draft.last_turns = event, None, ()


def _seed_revealed(draft: _Draft, event: SeedRevealed) -> None:
    draft.revealed_seed = event.server_seed


_INTERNED: Final = Card._interned
#: How each type of event after the deal changes a draft, by its exact type (`fold`).
_APPLIERS: Final[dict[type[Event], Callable[[_Draft, Any], None]]] = {
    Drew: _drew,
    Melded: _melded,
    LaidOff: _laid_off,
    Discarded: _discarded,
    StockRebuilt: _stock_rebuilt,
    WentOut: _went_out,
    HandEnded: _hand_ended,
    SeedRevealed: _seed_revealed,
}
