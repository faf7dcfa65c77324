"""Penang Rummy's fold: the state after each event (decide, then evolve), with the
turn passing to the next live seat (P9), a meld or lay-off marking the turn's act (P10),
the jokers taken by substitution (P23, D5), and seats dead by timeout (R19).

`evolve` applies one event to a state and never checks a rule: the rules are
checked by the commands in `domain.penang.game` before an event exists, so an old event
always folds, whatever the rules became since.

Each event is applied to a mutable draft of the state (`_apply`, `domain.penang.draft`),
frozen into a `PenangState` once the events are folded: rebuilding a game copies its hands
and table once, not once for every event.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, assert_never, cast

from domain.cards import Card, parse_cards, sort_cards
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.fold import fold_drafts
from domain.melds import recorded_place
from domain.penang.draft import _Draft, _OpenMeld
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
from domain.penang.state import PenangState


def _next_live(dead: Sequence[bool], after: int) -> int | None:
    """The next seat clockwise after `after` that is not dead (P9)."""
    seats = len(dead)
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if not dead[seat]:
            return seat
    return None


def _start(event: Dealt) -> PenangState:
    seats = len(event.players)
    return PenangState(
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


def evolve(state: PenangState | None, event: Event) -> PenangState:
    """The state after `event`."""
    return fold((event,), state)


#: The last fold a command worked out as it checked its rules (`folded_already`): the
#: state it began from, its events, and the state they lead to.
_last: list[tuple[PenangState, tuple[Event, ...], PenangState] | None] = [None]


def folded_already(state: PenangState, events: Sequence[Event], after: PenangState) -> None:
    """`events` on `state` lead to `after`: a command's rules folded them one by one as
    they checked them (`domain.penang.game.play_turn`), and whoever folds the same
    events on the same state next (the service's pipeline, straight after) gets `after`
    without folding them again. The objects are matched by identity, and all of them
    are immutable: the fold is a pure function of them, so the answer is the same."""
    _last[0] = (state, tuple(events), after)


def _remembered(state: PenangState | None, events: Iterable[Event]) -> PenangState | None:
    last = _last[0]
    if last is None or state is not last[0] or not isinstance(events, (list, tuple)):
        return None
    known = last[1]
    if len(events) != len(known) or not all(map(operator.is_, events, known)):
        return None
    return last[2]


def fold(events: Iterable[Event], state: PenangState | None = None) -> PenangState:
    """The state after all `events` (from the start, or from `state`)."""
    remembered = _remembered(state, events)
    if remembered is not None:
        return remembered
    # `_apply` takes what `_APPLIERS` does not: the deal, a subclass, or what is no event
    # of a Penang game (`domain.fold`).
    draft = fold_drafts(events, None if state is None else _Draft(state), _APPLIERS, _apply)
    if draft is None:
        raise ValueError("no events: a game begins with Dealt")
    return draft.freeze()


def _apply(draft: _Draft | None, event: Event) -> _Draft:
    """`draft` changed by `event` (a new draft for `Dealt`)."""
    # Typed as one of AnyEvent's members without checking it: each is matched below,
    # and any other type is refused at the end.
    known = cast("AnyEvent", event)
    if isinstance(known, Dealt):
        return _Draft(_start(known))
    if draft is None:
        raise ValueError(f"a game begins with Dealt, not {type(event).__name__}")
    draft.version += 1
    match known:
        case TurnEnded():
            _turn_ended(draft, known)
        case LaidOff():
            _lay_off(draft, known)
        case PassportMelded():
            _passport_meld(draft, known)
        case Melded():
            _meld(draft, known)
        case WildSwapped():
            _swap(draft, known)
        case DeclaredDead():
            _declared_dead(draft, known)
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


def _turn_ended(draft: _Draft, event: TurnEnded) -> None:
    dead = draft.dead
    after = event.seat + 1
    # Most turns pass to the next seat, which is seldom dead.
    following = after if after < len(dead) else 0
    draft.turn = following if not dead[following] else _next_live(dead, event.seat)
    draft.acted = False
    draft.swapped_jokers = 0


def _declared_dead(draft: _Draft, event: DeclaredDead) -> None:
    draft.dead[event.seat] = True
    if event.reason == "timeout":
        marks = list(draft.timed_out or (0,) * len(draft.dead))
        marks[event.seat] = draft.version
        draft.timed_out = tuple(marks)
    if draft.turn == event.seat:
        draft.turn = _next_live(draft.dead, event.seat)
    draft.acted, draft.swapped_jokers = False, 0


def _card(text: str) -> Card:
    """The card written `text`: the interned card, or MalformedCard (`Card`)."""
    return _INTERNED.get(text) or Card(text)


def _meld(draft: _Draft, event: Melded) -> None:
    try:
        cards = list(map(_INTERNED.__getitem__, event.cards))
    except KeyError:
        cards = list(parse_cards(event.cards))  # MalformedCard names the bad one
    draft.gone[event.seat] += cards
    suit, low = recorded_place(event.kind, event.stands_for)
    # Kept open, made a `TableMeld` at the freeze: most melds are laid off onto later.
    draft.open[event.meld] = _OpenMeld(event.seat, event.kind, cards, suit, low)
    draft.table.append(None)
    draft.acted = True


def _passport_meld(draft: _Draft, event: PassportMelded) -> None:
    _meld(draft, event)
    draft.passport[event.seat] = True


def _lay_off(draft: _Draft, event: LaidOff) -> None:
    card = _card(event.card)
    meld = draft.open.get(event.meld) or draft.opened(event.meld)
    if event.end == "low":
        meld.cards.insert(0, card)
        meld.low -= 1
    else:
        meld.cards.append(card)
    draft.gone[event.seat].append(card)
    draft.acted = True


def _swap(draft: _Draft, event: WildSwapped) -> None:
    card = _card(event.card)
    meld = draft.opened(event.meld)
    joker = meld.cards[event.slot]
    # `swap`'s change, on the open meld: its shape, and so what it takes, unchanged.
    meld.cards[event.slot] = card
    draft.gone[event.seat].append(card)
    draft.joined(event.seat, joker)
    draft.swapped_jokers += 1


def _declared_game(draft: _Draft, event: DeclaredGame) -> None:
    draft.winner = event.seat


def _game_ended(draft: _Draft, event: GameEnded) -> None:
    draft.ended, draft.turn = event, None


def _seed_revealed(draft: _Draft, event: SeedRevealed) -> None:
    draft.revealed_seed = event.server_seed


_INTERNED: Final = Card._interned
#: How each type of event after the deal changes a draft, by its exact type (`fold`).
_APPLIERS: Final[dict[type[Event], Callable[[_Draft, Any], None]]] = {
    TurnEnded: _turn_ended,
    LaidOff: _lay_off,
    Melded: _meld,
    PassportMelded: _passport_meld,
    WildSwapped: _swap,
    DeclaredDead: _declared_dead,
    DeclaredGame: _declared_game,
    GameEnded: _game_ended,
    SeedRevealed: _seed_revealed,
}
