"""The fold of the draw games played on `DrawState` (`domain.drawgame.state`): the hand
after each event (decide, then evolve), with the discard taken (B4), the turn's act (B9),
the stock rebuilt (B11, T10), the seat gone out and the last turns (B7, T8).

`evolve` applies one event and never checks a rule: the games' commands check the
rules before an event exists (`domain.rummy.game`, for one), so an old event always
folds. Every such game folds the same events; each uses those it records.

Each event is applied to a mutable draft of the state (`_Draft`, `domain.drawgame.draft`),
frozen into a `DrawState` once the events are folded: a rebuild copies the hands, the
piles and the table once, not once for every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, assert_never

from domain.cards import Card, parse_cards, sort_cards
from domain.drawgame.draft import _Draft
from domain.drawgame.events import (
    Discarded,
    Drew,
    HandDealt,
    HandEnded,
    StockRebuilt,
    WentOut,
)
from domain.drawgame.state import DrawState, known_draw_event
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.fold import fold_drafts
from domain.melds import meld_from_record, replace_cards


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
    return fold((event,), state)


def fold(events: Iterable[Event], state: DrawState | None = None) -> DrawState:
    """The state after all `events` (from the start, or from `state`)."""
    # `_apply` takes what `_APPLIERS` does not: the deal, a subclass, or what is no event
    # of a draw game (`domain.fold`).
    draft = fold_drafts(events, None if state is None else _Draft(state), _APPLIERS, _apply)
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
    draft.tables(event.seat, cards)
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
    draft.tables(event.seat, (card,))
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
