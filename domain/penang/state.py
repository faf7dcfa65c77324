"""Game state, rebuilt only by folding events (decide, then evolve).

`evolve` applies one event to a state and never checks a rule: the rules are
checked by the commands in `domain.penang.game` before an event exists, so an old event
always folds, whatever the rules became since.

Each event is applied to a mutable draft of the state (`_apply`), frozen into a
`GameState` once the events are folded: rebuilding a game copies its hands and table
once, not once for every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, assert_never, cast

from domain.cards import CARD_ORDER, NATURALS, Card, parse_cards, sort_cards
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.melds import MeldKind, TableMeld, recorded_place
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
    its hands and table once, not once per event (`fold`).

    Two things wait for the freeze, so that a rebuild does each once: the cards that
    leave each hand (`gone`), taken out of it in one pass per hand (a card removed from
    a list one at a time is compared with the cards before it, and a card compares by
    a Python-level method); and the melds laid or grown since the draft began (`open`:
    each one's cards and low end), made `TableMeld`s once each.
    """

    __slots__ = (
        "acted",
        "base",
        "dead",
        "ended",
        "gone",
        "hands",
        "open",
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
        #: Each seat's hand as the state holds it (canonical order), with the cards that
        #: joined it since (jokers swapped off the table) after them.
        self.hands = [list(hand) for hand in state.hands]
        #: By seat: the cards that left the hand since the draft began.
        self.gone: list[list[Card]] = [[] for _ in state.hands]
        #: The table's melds by id; None for an open one.
        self.table: list[TableMeld | None] = list(state.table)
        #: By meld id: the meld laid or grown since the draft began, still open.
        self.open: dict[int, _OpenMeld] = {}
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

    def opened(self, meld_id: int) -> _OpenMeld:
        """The meld `meld_id`, open to change until the freeze."""
        found = self.open.get(meld_id)
        if found is None:
            meld = self.table[meld_id]
            if meld is None:  # pragma: no cover - an open meld is in `open`
                raise AssertionError(f"meld {meld_id} is open but not kept")
            found = self.open[meld_id] = _OpenMeld(
                meld.owner, meld.kind, list(meld.cards), meld.suit, meld.low
            )
            self.table[meld_id] = None
        return found

    def freeze(self) -> GameState:
        # Every field named: `dataclasses.replace` would look each one up (a fold of a
        # turn freezes a state four times, a rebuild once).
        table = self.table
        for meld_id, meld in self.open.items():
            table[meld_id] = TableMeld(
                meld_id, meld.owner, meld.kind, tuple(meld.cards), meld.suit, meld.low
            )
        base = self.base
        return GameState(
            rules=base.rules,
            rules_version=base.rules_version,
            players=base.players,
            dealer=base.dealer,
            undealt=base.undealt,
            proof=base.proof,
            hands=tuple(map(_kept, self.hands, self.gone)),
            table=cast("tuple[TableMeld, ...]", tuple(table)),
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


class _OpenMeld:
    """A table meld while a fold lays it or lays cards off onto it."""

    __slots__ = ("cards", "kind", "low", "owner", "suit")

    def __init__(self, owner: int, kind: MeldKind, cards: list[Card], suit: str, low: int) -> None:
        self.owner = owner
        self.kind: MeldKind = kind
        self.cards = cards
        self.suit = suit
        self.low = low


def _kept(hand: list[Card], gone: list[Card]) -> tuple[Card, ...]:
    """`hand` without the cards in `gone` (each once), in canonical order; ValueError if
    one of them is not in it (as `list.remove` would have said)."""
    if not gone:
        return tuple(hand)
    owed = [0] * _DISTINCT
    for card in gone:
        owed[card.index] += 1
    kept = []
    for card in hand:
        if owed[card.index]:
            owed[card.index] -= 1
        else:
            kept.append(card)
    if any(owed):
        missing = next(card for card in gone if owed[card.index])
        raise ValueError(f"{missing} is not in the hand")
    # The hand's own order is canonical, but for jokers swapped into it (put last).
    kept.sort(key=CARD_ORDER)
    return tuple(kept)


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after `event`."""
    return fold((event,), state)


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """The state after all `events` (from the start, or from `state`)."""
    draft = None if state is None else _Draft(state)
    appliers = _APPLIERS
    for event in events:
        # One dict lookup finds how an event of a known type changes the draft (a
        # rebuild folds every event of the game); `_apply` takes the others: the deal, a
        # subclass, or what is no event of a Penang game.
        applier = appliers.get(type(event))
        if applier is None or draft is None:
            draft = _apply(draft, event)
        else:
            draft.version += 1
            applier(draft, event)
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
    draft.hands[event.seat].append(joker)
    draft.swapped_jokers += 1


def _declared_game(draft: _Draft, event: DeclaredGame) -> None:
    draft.winner = event.seat


def _game_ended(draft: _Draft, event: GameEnded) -> None:
    draft.ended, draft.turn = event, None


def _seed_revealed(draft: _Draft, event: SeedRevealed) -> None:
    draft.revealed_seed = event.server_seed


_INTERNED: Final = Card._interned
#: How many distinct cards there are: the naturals and the joker.
_DISTINCT: Final = len(NATURALS) + 1
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
