"""A hand of Gin Rummy, rebuilt only by folding its events (decide, then evolve).

`evolve` applies one event and checks no rule: the commands (`domain.gin.game`) check
them before an event exists. The phases: `offer` (the first upcard, G3), `draw` and
`discard` (G4), `wall` (R41: only with the `wall_knock` option), `knock_discard` and
`knock_meld` (G9, G10), `layoff` and `defend_meld` (G11, G10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import reduce
from typing import Final, Literal

from domain.cards import Card, parse_cards, sort_cards
from domain.drawgame.events import Discarded, Drew, HandDealt
from domain.events import DealProof, Event, SeedRevealed
from domain.gin.events import (
    CardLaidOff,
    GinHandEnded,
    Knocked,
    MeldShown,
    ShowingDone,
    UpcardPassed,
)
from domain.gin.rules import WALL, GinRules

Phase = Literal[
    "offer", "draw", "discard", "wall", "knock_discard", "knock_meld", "layoff", "defend_meld"
]
AnyGinEvent = (
    HandDealt[GinRules]
    | UpcardPassed
    | Drew
    | Discarded
    | Knocked
    | MeldShown
    | CardLaidOff
    | ShowingDone
    | GinHandEnded
    | SeedRevealed
)
GIN_EVENT_TYPES: Final = (
    HandDealt,
    UpcardPassed,
    Drew,
    Discarded,
    Knocked,
    MeldShown,
    CardLaidOff,
    ShowingDone,
    GinHandEnded,
    SeedRevealed,
)


@dataclass(frozen=True, slots=True)
class GinState:
    """Everything the rules need to judge the next command of a hand."""

    rules: GinRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    #: Top card first.
    stock: tuple[Card, ...]
    #: Bottom card first: the last is the upcard, the top of the pile.
    discards: tuple[Card, ...]
    #: G9, G16: the most deadwood a knock may leave.
    knock_limit: int
    turn: int | None
    phase: Phase = "offer"
    #: G3: who declined the first upcard.
    passed: tuple[bool, bool] = (False, False)
    #: G7, R37: the card the seat on turn took from the discard pile.
    taken: Card | None = None
    #: R37: the last discard was the card just taken from the pile.
    repeated: bool = False
    #: G14: draws from the discard pile (the first upcard's offer not counted).
    upcard_draws: int = 0
    knocker: int | None = None
    #: The melds each seat laid face up after the knock (G10).
    melds: tuple[tuple[tuple[Card, ...], ...], ...] = ((), ())
    #: The defender's lay-offs, in order (G11).
    layoffs: tuple[Card, ...] = ()
    ended: GinHandEnded | None = None
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the event that ended its last turn where the turn clock
    #: played it (R19, R51), else 0; empty until a seat has played.
    timed_out: tuple[int, ...] = ()
    #: Per seat, the bot that plays it (R33), or None for a person; empty: every seat a
    #: person (`HandDealt.bots`).
    bots: tuple[str | None, ...] = ()
    version: int = 0

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def upcard(self) -> Card | None:
        return self.discards[-1] if self.discards else None


def _start(dealt: HandDealt[GinRules]) -> GinState:
    upcard = Card(dealt.upcard)
    return GinState(
        rules=dealt.rules,
        rules_version=dealt.rules_version,
        players=dealt.players,
        dealer=dealt.dealer,
        hands=tuple(sort_cards(parse_cards(hand)) for hand in dealt.hands),
        stock=parse_cards(dealt.stock),
        discards=(upcard,),
        knock_limit=dealt.rules.knock_limit(upcard),
        turn=1 - dealt.dealer,  # G3: the non-dealer is offered the upcard first
        proof=dealt.proof,
        bots=dealt.bots or (),
        version=1,
    )


def _hand(
    state: GinState, seat: int, add: Iterable[Card] = (), drop: Iterable[Card] = ()
) -> tuple[tuple[Card, ...], ...]:
    held = list(state.hands[seat]) + list(add)
    for card in drop:
        held.remove(card)
    return state.hands[:seat] + (sort_cards(held),) + state.hands[seat + 1 :]


def evolve(state: GinState | None, event: Event) -> GinState:
    """The state after `event`."""
    if isinstance(event, HandDealt):
        return _start(event)
    if state is None:
        raise ValueError(f"a hand begins with HandDealt, not {type(event).__name__}")
    return _marked(_evolve(state, event), event)


def _marked(state: GinState, event: Event) -> GinState:
    """R51: a seat's event sets its clock mark (the clock's: its version; its own: 0)."""
    seat = getattr(event, "seat", None)
    if isinstance(event, GinHandEnded):
        seat = event.timed_out
    if seat is None:
        return state
    marks = state.timed_out or (0,) * state.seats
    clock = getattr(event, "reason", None) == "timeout" or isinstance(event, GinHandEnded)
    mark = state.version if clock else 0
    return replace(state, timed_out=marks[:seat] + (mark,) + marks[seat + 1 :])


def _evolve(state: GinState, event: Event) -> GinState:
    version = state.version + 1
    if isinstance(event, UpcardPassed):
        passed = (True, state.passed[1]) if event.seat == 0 else (state.passed[0], True)
        return replace(state, passed=passed, turn=1 - event.seat, version=version)
    if isinstance(event, Drew):
        return _drew(state, event, version)
    if isinstance(event, Discarded):
        return _discarded(state, event, version)
    if isinstance(event, Knocked):
        return replace(state, knocker=event.seat, phase="knock_discard", version=version)
    if isinstance(event, MeldShown):
        cards = parse_cards(event.cards)
        melds = list(state.melds)
        melds[event.seat] = (*melds[event.seat], cards)
        hands = _hand(state, event.seat, drop=cards)
        return replace(state, hands=hands, melds=tuple(melds), version=version)
    if isinstance(event, CardLaidOff):
        card = Card(event.card)
        hands = _hand(state, event.seat, drop=(card,))
        return replace(state, hands=hands, layoffs=(*state.layoffs, card), version=version)
    if isinstance(event, ShowingDone):
        return _done(state, event, version)
    if isinstance(event, GinHandEnded):
        return replace(state, ended=event, turn=None, version=version)
    if isinstance(event, SeedRevealed):
        return replace(state, revealed_seed=event.server_seed, version=version)
    raise TypeError(f"{type(event).__name__} is not an event of Gin Rummy")


def _drew(state: GinState, event: Drew, version: int) -> GinState:
    card = Card(event.card)
    hands = _hand(state, event.seat, add=(card,))
    if event.source == "stock":
        return replace(
            state, hands=hands, stock=state.stock[1:], taken=None, phase="discard", version=version
        )
    draws = state.upcard_draws + (1 if state.phase == "draw" else 0)
    return replace(
        state,
        hands=hands,
        discards=state.discards[:-1],
        taken=card,
        upcard_draws=draws,
        phase="discard",
        version=version,
    )


def _discarded(state: GinState, event: Discarded, version: int) -> GinState:
    card = Card(event.card)
    hands = _hand(state, event.seat, drop=(card,))
    discards = (*state.discards, card)
    if state.phase == "knock_discard":
        return replace(
            state, hands=hands, discards=discards, taken=None, phase="knock_meld", version=version
        )
    phase: Phase = "wall" if len(state.stock) == WALL else "draw"
    return replace(
        state,
        hands=hands,
        discards=discards,
        taken=None,
        repeated=card == state.taken,
        turn=1 - event.seat,
        phase=phase,
        version=version,
    )


def _done(state: GinState, event: ShowingDone, version: int) -> GinState:
    if state.phase == "knock_meld":
        gin = not state.hands[event.seat]
        phase: Phase = "defend_meld" if gin else "layoff"  # G12: gin takes no lay-offs
        return replace(state, phase=phase, turn=1 - event.seat, version=version)
    return replace(state, phase="defend_meld", version=version)


def fold(events: Iterable[Event], state: GinState | None = None) -> GinState:
    """The state after all `events` (from the start, or from `state`)."""
    folded = reduce(evolve, events, state)
    if folded is None:
        raise ValueError("no events: a hand begins with HandDealt")
    return folded
