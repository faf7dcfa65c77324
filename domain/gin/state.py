"""A hand of Gin Rummy, rebuilt only by folding its events (decide, then evolve).

`evolve` applies one event and checks no rule: the commands (`domain.gin.game`) check
them before an event exists. The phases: `offer` (the first upcard, G3), `draw` and
`discard` (G4), `wall` (R41: only with the `wall_knock` option), `knock_discard` and
`knock_meld` (G9, G10), `layoff` and `defend_meld` (G11, G10).

Each event is applied to a mutable draft of the state (`_Draft`), frozen into a
`GinState` once the events are folded: a rebuild copies the hands and the piles once,
not once for every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal

from domain.cards import CARD_ORDER, Card, parse_cards, sort_cards
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


class _Draft:
    """A state while events are folded into it: mutable, frozen once (`fold`).

    Each hand is a list in no particular order until the freeze sorts it (a hand's
    canonical order depends only on its cards); the stock is the state's tuple and how
    many cards were drawn off its top since.
    """

    __slots__ = (
        "base",
        "discards",
        "drawn",
        "ended",
        "hands",
        "knocker",
        "layoffs",
        "melds",
        "passed",
        "phase",
        "repeated",
        "revealed_seed",
        "taken",
        "timed_out",
        "turn",
        "upcard_draws",
        "version",
    )

    def __init__(self, state: GinState) -> None:
        #: The state the draft began from: what the events never change.
        self.base = state
        self.hands = [list(hand) for hand in state.hands]
        #: Cards drawn off the top of the state's stock since.
        self.drawn = 0
        self.discards = list(state.discards)
        self.turn = state.turn
        self.phase: Phase = state.phase
        self.passed = state.passed
        self.taken = state.taken
        self.repeated = state.repeated
        self.upcard_draws = state.upcard_draws
        self.knocker = state.knocker
        self.melds = [list(melds) for melds in state.melds]
        self.layoffs = list(state.layoffs)
        self.ended = state.ended
        self.revealed_seed = state.revealed_seed
        #: None until a seat has played (the state's empty tuple).
        self.timed_out = list(state.timed_out) if state.timed_out else None
        self.version = state.version

    def stock_left(self) -> int:
        return len(self.base.stock) - self.drawn

    def freeze(self) -> GinState:
        # Every field named: `dataclasses.replace` would look each one up.
        base = self.base
        return GinState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            hands=tuple(tuple(sorted(hand, key=CARD_ORDER)) for hand in self.hands),
            stock=base.stock[self.drawn :] if self.drawn else base.stock,
            discards=tuple(self.discards),
            knock_limit=base.knock_limit,
            turn=self.turn,
            phase=self.phase,
            passed=self.passed,
            taken=self.taken,
            repeated=self.repeated,
            upcard_draws=self.upcard_draws,
            knocker=self.knocker,
            melds=tuple(tuple(melds) for melds in self.melds),
            layoffs=tuple(self.layoffs),
            ended=self.ended,
            proof=base.proof,
            revealed_seed=self.revealed_seed,
            timed_out=() if self.timed_out is None else tuple(self.timed_out),
            bots=base.bots,
            version=self.version,
        )


def evolve(state: GinState | None, event: Event) -> GinState:
    """The state after `event`."""
    return fold((event,), state)


def fold(events: Iterable[Event], state: GinState | None = None) -> GinState:
    """The state after all `events` (from the start, or from `state`)."""
    draft = None if state is None else _Draft(state)
    appliers = _APPLIERS
    for event in events:
        if isinstance(event, HandDealt):
            draft = _Draft(_start(event))
            continue
        if draft is None:
            raise ValueError(f"a hand begins with HandDealt, not {type(event).__name__}")
        # One dict lookup finds how an event of a known type changes the draft (a
        # rebuild folds every event of the hand); a subclass is looked for in turn.
        applier = appliers.get(type(event)) or _applier(event)
        draft.version += 1
        applier(draft, event)
        _mark(draft, event)
    if draft is None:
        raise ValueError("no events: a hand begins with HandDealt")
    return draft.freeze()


def _applier(event: Event) -> Callable[[_Draft, Any], None]:
    for kind, applier in _APPLIERS.items():
        if isinstance(event, kind):
            return applier
    raise TypeError(f"{type(event).__name__} is not an event of Gin Rummy")


def _mark(draft: _Draft, event: Event) -> None:
    """R51: a seat's event sets its clock mark (the clock's: its version; its own: 0)."""
    seat = getattr(event, "seat", None)
    if isinstance(event, GinHandEnded):
        seat = event.timed_out
    if seat is None:
        return
    marks = draft.timed_out
    if marks is None:
        marks = draft.timed_out = [0] * len(draft.base.players)
    clock = getattr(event, "reason", None) == "timeout" or isinstance(event, GinHandEnded)
    marks[seat] = draft.version if clock else 0


def _card(text: str) -> Card:
    """The card written `text`: the interned card, or MalformedCard (`Card`)."""
    return _INTERNED.get(text) or Card(text)


def _upcard_passed(draft: _Draft, event: UpcardPassed) -> None:
    passed = draft.passed
    draft.passed = (True, passed[1]) if event.seat == 0 else (passed[0], True)
    draft.turn = 1 - event.seat


def _drew(draft: _Draft, event: Drew) -> None:
    card = _card(event.card)
    draft.hands[event.seat].append(card)
    if event.source == "stock":
        draft.drawn += 1
        draft.taken = None
    else:
        if draft.phase == "draw":
            draft.upcard_draws += 1
        draft.discards.pop()
        draft.taken = card
    draft.phase = "discard"


def _discarded(draft: _Draft, event: Discarded) -> None:
    card = _card(event.card)
    draft.hands[event.seat].remove(card)
    draft.discards.append(card)
    if draft.phase == "knock_discard":
        draft.taken, draft.phase = None, "knock_meld"
        return
    draft.repeated = card == draft.taken
    draft.taken = None
    draft.turn = 1 - event.seat
    draft.phase = "wall" if draft.stock_left() == WALL else "draw"


def _knocked(draft: _Draft, event: Knocked) -> None:
    draft.knocker, draft.phase = event.seat, "knock_discard"


def _meld_shown(draft: _Draft, event: MeldShown) -> None:
    cards = parse_cards(event.cards)
    draft.melds[event.seat].append(cards)
    hand = draft.hands[event.seat]
    for card in cards:
        hand.remove(card)


def _card_laid_off(draft: _Draft, event: CardLaidOff) -> None:
    card = _card(event.card)
    draft.hands[event.seat].remove(card)
    draft.layoffs.append(card)


def _done(draft: _Draft, event: ShowingDone) -> None:
    if draft.phase == "knock_meld":
        gin = not draft.hands[event.seat]
        draft.phase = "defend_meld" if gin else "layoff"  # G12: gin takes no lay-offs
        draft.turn = 1 - event.seat
    else:
        draft.phase = "defend_meld"


def _hand_ended(draft: _Draft, event: GinHandEnded) -> None:
    draft.ended, draft.turn = event, None


def _seed_revealed(draft: _Draft, event: SeedRevealed) -> None:
    draft.revealed_seed = event.server_seed


_INTERNED: Final = Card._interned
#: How each type of event after the deal changes a draft, by its type (`fold`).
_APPLIERS: Final[dict[type[Event], Callable[[_Draft, Any], None]]] = {
    UpcardPassed: _upcard_passed,
    Drew: _drew,
    Discarded: _discarded,
    Knocked: _knocked,
    MeldShown: _meld_shown,
    CardLaidOff: _card_laid_off,
    ShowingDone: _done,
    GinHandEnded: _hand_ended,
    SeedRevealed: _seed_revealed,
}
