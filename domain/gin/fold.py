"""Gin Rummy's fold: the hand after each event (decide, then evolve), through its
phases: the first upcard (G3), draw and discard (G4), the wall (R41, R61), the knock
and its melds (G9, G10; big gin's, G19), the lay-offs and the defender's melds (G11),
and each seat's clock mark (R51).

`evolve` applies one event and checks no rule: the commands (`domain.gin.game`) check
them before an event exists.

Each event is applied to a mutable draft of the state (`_Draft`, `domain.gin.draft`),
frozen into a `GinState` once the events are folded: a rebuild copies the hands and the
piles once, not once for every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from domain.cards import Card, parse_cards, sort_cards
from domain.drawgame.events import Discarded, Drew, HandDealt
from domain.events import Event, SeedRevealed
from domain.fold import fold_drafts
from domain.gin.draft import _Draft
from domain.gin.events import (
    CardLaidOff,
    GinHandEnded,
    Knocked,
    MeldShown,
    ShowingDone,
    UpcardPassed,
)
from domain.gin.rules import WALL, GinRules
from domain.gin.state import GinState


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
        doubled=dealt.rules.doubles(upcard),
        turn=1 - dealt.dealer,  # G3: the non-dealer is offered the upcard first
        proof=dealt.proof,
        bots=dealt.bots or (),
        version=1,
    )


def evolve(state: GinState | None, event: Event) -> GinState:
    """The state after `event`."""
    return fold((event,), state)


def fold(events: Iterable[Event], state: GinState | None = None) -> GinState:
    """The state after all `events` (from the start, or from `state`)."""
    # `_other` takes what `_APPLIERS` does not: the deal, or a subclass (`domain.fold`);
    # each seat's event sets its clock mark (`_mark`).
    draft = fold_drafts(events, None if state is None else _Draft(state), _APPLIERS, _other, _mark)
    if draft is None:
        raise ValueError("no events: a hand begins with HandDealt")
    return draft.freeze()


def _other(draft: _Draft | None, event: Event) -> _Draft:
    """`draft` changed by an event `_APPLIERS` does not hold by its type: the deal starts
    a draft; a subclass of an event it holds is applied as that event."""
    if isinstance(event, HandDealt):
        return _Draft(_start(event))
    if draft is None:
        raise ValueError(f"a hand begins with HandDealt, not {type(event).__name__}")
    applier = _applier(event)
    draft.version += 1
    applier(draft, event)
    _mark(draft, event)
    return draft


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
    draft.knocker = event.seat
    if event.big_gin:  # G19: no discard; the melds follow at once
        draft.big_gin, draft.taken, draft.phase = True, None, "knock_meld"
    else:
        draft.phase = "knock_discard"


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
        draft.phase = "defend_meld" if gin else "layoff"  # G11: gin takes no lay-offs
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
