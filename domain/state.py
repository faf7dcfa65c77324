"""Game state, rebuilt only by folding events (decide, then evolve).

`evolve` applies one event to a state and never checks a rule: the rules are
checked by the commands in `domain.game` before an event exists, so an old event
always folds, whatever the rules became since.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import assert_never

from domain.cards import Card, parse_cards, sort_cards
from domain.events import (
    DealProof,
    Dealt,
    DeclaredDead,
    DeclaredGame,
    Event,
    GameEnded,
    LaidOff,
    Melded,
    PassportMelded,
    SeedRevealed,
    TurnEnded,
    WildSwapped,
    known_event,
)
from domain.melds import TableMeld, meld_from_record
from domain.rules import Rules
from domain.wildcards import swap


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
    #: How many events were folded into this state.
    version: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None

    def next_live_seat(self, after: int) -> int | None:
        """The next seat clockwise after `after` that is not dead (P9)."""
        for step in range(1, self.seats + 1):
            seat = (after + step) % self.seats
            if not self.dead[seat]:
                return seat
        return None


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    position = hand.index(card)
    return hand[:position] + hand[position + 1 :]


def _with_hand(state: GameState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return state.hands[:seat] + (hand,) + state.hands[seat + 1 :]


def _set(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return flags[:seat] + (True,) + flags[seat + 1 :]


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


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after `event`."""
    known = known_event(event)
    if isinstance(known, Dealt):
        return _start(known)
    if state is None:
        raise ValueError(f"a game begins with Dealt, not {type(event).__name__}")
    version = state.version + 1
    match known:
        case Melded():  # a PassportMelded too
            return _meld(state, known, version)
        case LaidOff():
            return _lay_off(state, known, version)
        case WildSwapped():
            return _swap(state, known, version)
        case TurnEnded():
            return replace(
                state,
                turn=state.next_live_seat(known.seat),
                acted=False,
                swapped_jokers=0,
                version=version,
            )
        case DeclaredDead():
            return _dead(state, known, version)
        case DeclaredGame():
            return replace(state, winner=known.seat, version=version)
        case GameEnded():
            return replace(state, ended=known, turn=None, version=version)
        case SeedRevealed():
            return replace(state, revealed_seed=known.server_seed, version=version)
        case _:
            assert_never(known)


def _meld(state: GameState, event: Melded, version: int) -> GameState:
    cards = parse_cards(event.cards)
    hand = state.hands[event.seat]
    for card in cards:
        hand = _without(hand, card)
    meld = meld_from_record(event.meld, event.seat, event.kind, cards, event.stands_for)
    passport = state.passport
    if isinstance(event, PassportMelded):
        passport = _set(passport, event.seat)
    return replace(
        state,
        hands=_with_hand(state, event.seat, hand),
        table=(*state.table, meld),
        passport=passport,
        acted=True,
        version=version,
    )


def _lay_off(state: GameState, event: LaidOff, version: int) -> GameState:
    card = Card(event.card)
    meld = state.table[event.meld]
    if event.end == "low":
        grown = TableMeld(
            meld.id, meld.owner, meld.kind, (card, *meld.cards), meld.suit, meld.low - 1
        )
    else:
        grown = TableMeld(meld.id, meld.owner, meld.kind, (*meld.cards, card), meld.suit, meld.low)
    table = state.table[: meld.id] + (grown,) + state.table[meld.id + 1 :]
    hand = _without(state.hands[event.seat], card)
    return replace(
        state, hands=_with_hand(state, event.seat, hand), table=table, acted=True, version=version
    )


def _dead(state: GameState, event: DeclaredDead, version: int) -> GameState:
    dead = _set(state.dead, event.seat)
    turn = state.turn
    if turn == event.seat:
        turn = replace(state, dead=dead).next_live_seat(event.seat)
    return replace(state, dead=dead, turn=turn, acted=False, swapped_jokers=0, version=version)


def _swap(state: GameState, event: WildSwapped, version: int) -> GameState:
    card = Card(event.card)
    meld = state.table[event.meld]
    joker = meld.cards[event.slot]
    table = state.table[: meld.id] + (swap(meld, event.slot, card),) + state.table[meld.id + 1 :]
    hand = sort_cards((*_without(state.hands[event.seat], card), joker))
    return replace(
        state,
        hands=_with_hand(state, event.seat, hand),
        table=table,
        swapped_jokers=state.swapped_jokers + 1,
        version=version,
    )


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """The state after all `events` (from the start, or from `state`)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events: a game begins with Dealt")
    return state
