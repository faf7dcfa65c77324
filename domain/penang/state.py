"""Game state, rebuilt only by folding events (decide, then evolve).

`evolve` applies one event to a state and never checks a rule: the rules are
checked by the commands in `domain.penang.game` before an event exists, so an old event
always folds, whatever the rules became since.

Each event is applied to a mutable draft of the state (`_apply`), frozen into a
`GameState` once the events are folded: rebuilding a game copies its hands and table
once, not once for every event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never, cast

from domain.cards import Card, parse_cards, sort_cards
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.melds import TableMeld, meld_from_record
from domain.penang.events import (
    AnyEvent,
    Dealt,
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
    known_event,
)
from domain.penang.rules import Rules
from domain.penang.wildcards import swap


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need to judge the next command."""

    rules: Rules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    passport: tuple[bool, ...] = ()
    dead: tuple[bool, ...] = ()
    #: The seat whose turn it is; None once the game is over.
    turn: int | None = None
    #: Within the current turn: whether a meld or lay-off was made (P10).
    acted: bool = False
    #: Within the current turn: jokers taken by substitution (D5 option).
    swapped_jokers: int = 0
    #: The seat that declared Game (P31).
    winner: int | None = None
    ended: GameEnded | None = None
    #: How the deck order was drawn (domain.fair), and the server seed once revealed.
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the event that declared it dead by timeout (R19), else
    #: 0; empty until a seat is.
    timed_out: tuple[int, ...] = ()
    #: How many events were folded into this state.
    version: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None


def _next_live(dead: Sequence[bool], after: int) -> int | None:
    """The next seat clockwise after `after` that is not dead (P9)."""
    seats = len(dead)
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if not dead[seat]:
            return seat
    return None


def _start(event: Dealt) -> GameState:
    seats = len(event.players)
    return GameState(
        rules=event.rules,
        rules_version=event.rules_version,
        players=event.players,
        dealer=event.dealer,
        hands=tuple(sort_cards(parse_cards(hand)) for hand in event.hands),
        undealt=parse_cards(event.undealt),
        passport=(False,) * seats,
        dead=(False,) * seats,
        turn=(event.dealer + 1) % seats,
        proof=event.proof,
        version=1,
    )


class _Draft:
    """A state while events are folded into it: mutable, so that folding a game copies
    its hands and table once, not once per event (`fold`)."""

    __slots__ = (
        "acted",
        "base",
        "dead",
        "ended",
        "hands",
        "passport",
        "revealed_seed",
        "swapped_jokers",
        "table",
        "timed_out",
        "turn",
        "version",
        "winner",
    )

    def __init__(self, state: GameState) -> None:
        #: The state the draft began from: what the events never change.
        self.base = state
        self.hands = [list(hand) for hand in state.hands]
        self.table = list(state.table)
        self.passport = list(state.passport)
        self.dead = list(state.dead)
        self.turn = state.turn
        self.acted = state.acted
        self.swapped_jokers = state.swapped_jokers
        self.winner = state.winner
        self.ended = state.ended
        self.revealed_seed = state.revealed_seed
        self.timed_out = state.timed_out
        self.version = state.version

    def freeze(self) -> GameState:
        # Every field named: `dataclasses.replace` would look each one up (a fold of a
        # turn freezes a state four times, a rebuild once).
        base = self.base
        return GameState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            undealt=base.undealt,
            proof=base.proof,
            hands=tuple(tuple(hand) for hand in self.hands),
            table=tuple(self.table),
            passport=tuple(self.passport),
            dead=tuple(self.dead),
            turn=self.turn,
            acted=self.acted,
            swapped_jokers=self.swapped_jokers,
            winner=self.winner,
            ended=self.ended,
            revealed_seed=self.revealed_seed,
            timed_out=self.timed_out,
            version=self.version,
        )


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after `event`."""
    return fold((event,), state)


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """The state after all `events` (from the start, or from `state`)."""
    draft = None if state is None else _Draft(state)
    for event in events:
        draft = _apply(draft, event)
    if draft is None:
        raise ValueError("no events: a game begins with Dealt")
    return draft.freeze()


def _apply(draft: _Draft | None, event: Event) -> _Draft:
    """`draft` changed by `event` (a new draft for `Dealt`)."""
    # Typed as one of AnyEvent's members without checking it (a rebuild folds every
    # event): each is matched below, and any other type is refused at the end.
    known = cast("AnyEvent", event)
    if isinstance(known, Dealt):
        return _Draft(_start(known))
    if draft is None:
        raise ValueError(f"a game begins with Dealt, not {type(event).__name__}")
    draft.version += 1
    # The commonest events first: each case is one isinstance check.
    match known:
        case TurnEnded():
            draft.turn = _next_live(draft.dead, known.seat)
            draft.acted, draft.swapped_jokers = False, 0
        case LaidOff():
            _lay_off(draft, known)
        case Melded():  # a PassportMelded too
            _meld(draft, known)
        case WildSwapped():
            _swap(draft, known)
        case DeclaredDead():
            draft.dead[known.seat] = True
            if known.reason == "timeout":
                marks = list(draft.timed_out or (0,) * len(draft.dead))
                marks[known.seat] = draft.version
                draft.timed_out = tuple(marks)
            if draft.turn == known.seat:
                draft.turn = _next_live(draft.dead, known.seat)
            draft.acted, draft.swapped_jokers = False, 0
        case DeclaredGame():
            draft.winner = known.seat
        case GameEnded():
            draft.ended, draft.turn = known, None
        case SeedRevealed():
            draft.revealed_seed = known.server_seed
        case _:
            known_event(event)  # TypeError: not an event of a Penang game
            assert_never(known)
    return draft


def _meld(draft: _Draft, event: Melded) -> None:
    cards = parse_cards(event.cards)
    hand = draft.hands[event.seat]
    for card in cards:
        hand.remove(card)
    meld = meld_from_record(event.meld, event.seat, event.kind, cards, event.stands_for)
    draft.table.append(meld)
    if isinstance(event, PassportMelded):
        draft.passport[event.seat] = True
    draft.acted = True


def _lay_off(draft: _Draft, event: LaidOff) -> None:
    card = Card(event.card)
    meld = draft.table[event.meld]
    if event.end == "low":
        cards, low = (card, *meld.cards), meld.low - 1
    else:
        cards, low = (*meld.cards, card), meld.low
    draft.table[meld.id] = TableMeld(meld.id, meld.owner, meld.kind, cards, meld.suit, low)
    draft.hands[event.seat].remove(card)
    draft.acted = True


def _swap(draft: _Draft, event: WildSwapped) -> None:
    card = Card(event.card)
    meld = draft.table[event.meld]
    joker = meld.cards[event.slot]
    draft.table[meld.id] = swap(meld, event.slot, card)
    hand = draft.hands[event.seat]
    hand.remove(card)
    hand.append(joker)
    draft.hands[event.seat] = list(sort_cards(hand))
    draft.swapped_jokers += 1
