"""Random legal play of the draw games: every command picked from the game's legal moves,
and the invariants checked after every event (DESIGN principle 14).

After every event: every card is where exactly one place says (the hands, the stock,
the discard pile, the table), folding the record from scratch gives the same state (every
twentieth command, and at the end), and
every viewer's view and events hide what it may not see while the hand runs (R28) and
show everything once it is over. Every listed command is accepted (each is tried).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.cards import Card
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState, evolve, fold
from domain.drawgame.views import view_draw_event, view_hand
from domain.events import Event
from domain.fair import fair_deal_of
from domain.game_spec import GameSpec, Rebuild


@dataclass
class PlayedHand:
    deck: tuple[Card, ...]
    events: list[Event] = field(default_factory=list)
    commands: int = 0
    rebuilds: int = 0
    state: DrawState | None = None


#: Picks a command among the listed ones: (state, seat, commands, rng) -> its actions.
Chooser = Callable[[DrawState, int, Sequence[Any], random.Random], Sequence[Any]]


@dataclass(frozen=True)
class Table:
    """A hand to play: its game, players, rules and number, and the seed of a fair deal."""

    spec: GameSpec[DrawState, Any]
    players: int
    rules: Any
    number: int = 1
    #: The server seed to deal from (deck, dealer, rebuilds, revealed at the end); else
    #: the deck is shuffled by the test's own generator and rebuilds turn the pile over.
    seed: bytes | None = None


def play_random_hand(
    table: Table, choose: Chooser, rng: random.Random, *, bound: int = 4000
) -> PlayedHand:
    """Deal and play listed commands until the hand ends (within `bound` commands)."""
    spec, players = table.spec, table.players
    packs = spec.deck(table.rules, players)
    if table.seed is None:
        deck, dealer, proof = list(packs), rng.randrange(players), None
        rng.shuffle(deck)
        rebuild: Rebuild | None = None
    else:
        deck, dealer, proof = fair_deal_of(packs, players, table.seed, ())
        rebuild = seeded(table.seed, ())
    hand = PlayedHand(deck=tuple(deck))
    names = [f"seat{i}" for i in range(players)]
    dealt = spec.deal(names, deck, table.rules, dealer, proof=proof, number=table.number)
    state = record(hand, None, dealt)
    while not state.over:
        assert hand.commands < bound, f"the hand did not end within {bound} commands"
        seat = state.turn
        assert seat is not None
        commands = [command.actions for command in _commands(spec, state, seat)]
        assert commands, "the seat on turn always has a command"
        for actions in commands:
            spec.play(state, seat, actions, rebuild)  # every listed command is accepted
        for other in range(players):
            if other != seat:
                assert not _commands(spec, state, other)
        events = spec.play(state, seat, choose(state, seat, commands, rng), rebuild)
        state = record(hand, state, events)
        hand.commands += 1
    if table.seed is not None:
        state = record(hand, state, spec.reveal_seed(state, table.seed))
    check_event_views(state, hand.events)
    hand.state = state
    return hand


def _commands(spec: GameSpec[DrawState, Any], state: DrawState, seat: int) -> Sequence[Any]:
    commands: Sequence[Any] = spec.legal_moves(state, seat).commands  # type: ignore[attr-defined]
    return commands


def record(hand: PlayedHand, state: DrawState | None, events: Sequence[Event]) -> DrawState:
    """Fold the new events one at a time, checking the invariants after each."""
    assert events, "a command always records something"
    for event in events:
        state = evolve(state, event)
        hand.events.append(event)
        hand.rebuilds = state.rebuilds
        check_cards_accounted_for(state, hand.deck)
        assert state.version == len(hand.events)
        check_views(state)
        check_event_views(state, [event])
    assert state is not None
    if state.over or hand.commands % 20 == 0:
        assert fold(hand.events) == state, "folding the record from scratch gives another state"
    return state


def check_cards_accounted_for(state: DrawState, deck: Sequence[Card]) -> None:
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    where = held + tabled + list(state.stock) + list(state.discards)
    assert Counter(where) == Counter(deck), "a card went astray"


def check_views(state: DrawState) -> None:
    """R28: while the hand runs a viewer sees its own hand only, never the stock's order."""
    over = state.over
    for viewer in (None, *range(state.seats)):
        view = view_hand(state, viewer)
        assert [seat.hand_size for seat in view.seats] == [len(hand) for hand in state.hands]
        for seat, shown in enumerate(view.seats):
            visible = over or seat == viewer
            assert (shown.hand is not None) is visible
        assert (view.stock is not None) is over and view.stock_size == len(state.stock)


def check_event_views(state: DrawState, events: Sequence[Event]) -> None:
    """R28: what each viewer reads of `events` while the hand runs, and once it is over."""
    over = state.over
    for viewer in (None, *range(state.seats)):
        for event in events:
            seen = view_draw_event(event, viewer, over)
            fields = {name: getattr(seen, name) for name in seen.__struct_fields__}
            if "hands" in fields:
                assert [h is not None for h in fields["hands"]] == [
                    over or seat == viewer for seat in range(state.seats)
                ]
            if "stock" in fields:
                assert (fields["stock"] is not None) is over
            if type(seen).__name__ == "DrewView":
                hidden = fields["source"] == "stock" and fields["seat"] != viewer and not over
                assert (fields["card"] is None) is hidden
            if type(seen).__name__ == "WentOutView":
                assert (fields["melds"] is None) is (not over and fields["seat"] != viewer)
