"""Random legal play: a driver that picks every action from `domain.penang.moves.legal_moves`
and checks the game's invariants after every event (DESIGN principle 14)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.cards import Card, build_deck
from domain.commands import LayOffAction, MeldAction
from domain.events import Event
from domain.penang.commands import Action, SwapAction
from domain.penang.dead_check import has_legal_move
from domain.penang.errors import DeadRefused
from domain.penang.events import DeclaredDead, GameEnded, WildSwapped
from domain.penang.fold import evolve, fold
from domain.penang.game import declare_dead, play_turn, start_game, time_out
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState
from domain.penang.views import view_game
from domain.penang.wildcards import swap_slot

#: Swaps tried, one after another, in search of a listed meld or lay-off.
MAX_SWAP_CHAIN = 4


class StuckError(AssertionError):
    """The engine says the seat can move, but the listed actions lead to no move."""


@dataclass
class PlayedGame:
    deck: tuple[Card, ...]
    events: list[Event] = field(default_factory=list)
    turns: int = 0
    actions: int = 0
    state: PenangState | None = None


def card_points(card: Card, rules: PenangRules) -> int:
    """D1, written out again: 2–10 face value, J Q K `face`, ace, joker."""
    points = rules.card_points
    if card.is_joker:
        return points.joker
    if card.rank == 1:
        return points.ace
    return points.face if card.rank > 10 else card.rank


def play_random_game(
    rng: random.Random,
    players: int,
    dealer: int,
    rules: PenangRules,
    *,
    greedy: bool = False,
    friendly: bool = False,
    timeouts: float = 0.0,
) -> PlayedGame:
    """Deal a shuffled deck and play legal random turns until the game ends.

    A random player makes one to four listed moves a turn; a greedy one keeps playing
    the listed move that sheds the most cards while any is listed. A friendly deal
    hands out runs and sets more often than a shuffle does; both make more games end
    by Game (P31) than uniform deals and random play would. With `timeouts`, the seat
    on turn runs out of time with that probability instead of playing (R19).
    """
    deck = (
        friendly_deck(rng, players, dealer, rules)
        if friendly
        else shuffled_deck(rng, players, rules)
    )
    game = PlayedGame(deck=tuple(deck))
    names = tuple(f"seat{i}" for i in range(players))
    state = _record(game, None, start_game(names, deck, rules, dealer))
    # Every turn takes at least one card from the mover's hand for good; every other
    # step is a dead declaration, at most one per seat.
    bound = sum(len(hand) for hand in state.hands) + players
    steps = 0
    while not state.over:
        steps += 1
        assert steps <= bound, f"the game did not end within {bound} steps"
        seat = state.turn
        assert seat is not None
        assert not state.dead[seat]
        if timeouts and rng.random() < timeouts:
            state = _record(game, state, time_out(state, seat))
            continue
        moves = legal_moves(state, seat)
        assert moves.can_move is bool(moves.turns), "a seat that can move is offered a turn"
        if moves.turns:
            play_turn(state, seat, moves.turns[0].actions)  # the turn D6 names, sent whole
        if rules.auto_dead:
            assert moves.can_move, "D6: the engine should have declared this seat dead"
        if not moves.can_move:
            state = _record(game, state, declare_dead(state, seat))
            continue
        if not rules.auto_dead and rng.random() < 0.2:
            try:
                declare_dead(state, seat)
            except DeadRefused:
                pass
            else:
                raise AssertionError("D6: declaring dead was accepted while a move exists")
        before = len(state.hands[seat])
        actions = choose_turn(state, seat, rng, greedy)
        state = _record(game, state, play_turn(state, seat, actions))
        game.turns += 1
        game.actions += len(actions)
        assert len(state.hands[seat]) < before, "a turn must take a card from the hand"
    game.state = state
    return game


def shuffled_deck(rng: random.Random, players: int, rules: PenangRules) -> list[Card]:
    deck = list(build_deck(rules.packs_for(players), rules.jokers))
    rng.shuffle(deck)
    return deck


def friendly_deck(rng: random.Random, players: int, dealer: int, rules: PenangRules) -> list[Card]:
    """A deck whose deal (P4: one card at a time from the dealer's left) gives each seat
    a hand made mostly of random runs and sets, with the rest shuffled below."""
    pool = Counter(build_deck(rules.packs_for(players), rules.jokers))
    size = rules.hand_size_for(players)
    hands = [_friendly_hand(rng, pool, size) for _ in range(players)]
    rest = list(pool.elements())
    rng.shuffle(rest)
    order = [(dealer + 1 + i) % players for i in range(players * size)]
    top = [hands[seat][i // players] for i, seat in enumerate(order)]
    return top + rest


def _friendly_hand(rng: random.Random, pool: Counter[Card], size: int) -> list[Card]:
    hand: list[Card] = []
    while len(hand) < size:
        if rng.random() < 0.7:
            if rng.random() < 0.6:
                suit, low = rng.choice("SHDC"), rng.randint(1, 12)
                chunk = [
                    Card.natural(p, suit) for p in range(low, low + rng.randint(3, 5)) if p <= 14
                ]
            else:
                rank = rng.randint(1, 13)
                chunk = [Card.natural(rank, rng.choice("SHDC")) for _ in range(3)]
            if rng.random() < 0.2:
                chunk[rng.randrange(len(chunk))] = Card("JK")
        else:
            chunk = [rng.choice(list(+pool))]
        for card in chunk[: size - len(hand)]:
            if pool[card] > 0:
                pool[card] -= 1
                hand.append(card)
    return hand


def choose_turn(state: PenangState, seat: int, rng: random.Random, greedy: bool) -> list[Action]:
    """A whole turn picked from the listed moves: swaps if needed, then a meld or lay-off,
    then more listed actions (P11)."""
    swaps = _swaps_to_a_move(state, seat, rng, [], MAX_SWAP_CHAIN)
    if swaps is None:
        raise StuckError(f"can_move is true but no listed action leads to a move: {state}")
    moves = legal_moves(after_swaps(state, seat, swaps), seat)
    actions: list[Action] = [*swaps, _pick(rng, [*moves.melds, *moves.lay_offs], greedy)]
    extra = 200 if greedy else rng.randint(0, 3)
    for _ in range(extra):
        events = play_turn(state, seat, actions)
        working = fold(events[: len(actions)], state)
        if not working.hands[seat]:
            break
        moves = legal_moves(working, seat)
        options: list[MeldAction | LayOffAction | SwapAction] = [*moves.melds, *moves.lay_offs]
        if rng.random() < 0.3:
            options += moves.swaps
        if not options:
            break
        actions.append(_pick(rng, options, greedy))
    return actions


def _pick(
    rng: random.Random, options: Sequence[MeldAction | LayOffAction | SwapAction], greedy: bool
) -> MeldAction | LayOffAction | SwapAction:
    if not greedy:
        return rng.choice(options)
    return max(
        options,
        key=lambda action: (
            len(action.cards)
            if isinstance(action, MeldAction)
            else 0.5
            if isinstance(action, LayOffAction)
            else 0
        ),
    )


def _swaps_to_a_move(
    state: PenangState, seat: int, rng: random.Random, swaps: list[SwapAction], budget: int
) -> list[SwapAction] | None:
    moves = legal_moves(after_swaps(state, seat, swaps), seat)
    if moves.melds or moves.lay_offs:
        return swaps
    if budget == 0:
        return None
    for swap in rng.sample(moves.swaps, len(moves.swaps)):
        found = _swaps_to_a_move(state, seat, rng, [*swaps, swap], budget - 1)
        if found is not None:
            return found
    return None


def after_swaps(state: PenangState, seat: int, swaps: Sequence[SwapAction]) -> PenangState:
    """The state within a turn after `swaps` (each joker from the slot its card fits, P23)."""
    for action in swaps:
        card = Card(action.card)
        slot = swap_slot(state.table[action.meld], card)
        state = evolve(state, WildSwapped(seat=seat, meld=action.meld, slot=slot, card=card.text))
    return state


# --- invariants -----------------------------------------------------------------------


def _record(game: PlayedGame, state: PenangState | None, events: Sequence[Event]) -> PenangState:
    """Fold the new events one at a time, checking the invariants after each."""
    assert events, "a command always records something"
    for event in events:
        before = state
        state = evolve(state, event)
        game.events.append(event)
        check_cards_accounted_for(state, game.deck)
        assert state.version == len(game.events)
        if isinstance(event, GameEnded):
            check_scores(state, event)
        if before is not None:
            check_dead_seats_keep_their_hands(before, state)
    assert state is not None
    assert fold(game.events) == state, "folding the record from scratch gives another state"
    check_views(state)
    if state.turn is not None and not state.over and state.rules.auto_dead:
        assert has_legal_move(state, state.turn)
    return state


def check_cards_accounted_for(state: PenangState, deck: Sequence[Card]) -> None:
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    assert Counter(held + tabled + list(state.undealt)) == Counter(deck), "a card went astray"


def check_dead_seats_keep_their_hands(before: PenangState, after: PenangState) -> None:
    # P30: a dead seat takes no further part; its hand stays as it was.
    for seat, dead in enumerate(before.dead):
        if dead:
            assert after.dead[seat]
            assert after.hands[seat] == before.hands[seat]


def check_scores(state: PenangState, ended: GameEnded) -> None:
    # P33, D1: each seat's points are its deadwood; D7 / P31: the winners.
    rules = state.rules
    totals = tuple(sum(card_points(card, rules) for card in hand) for hand in state.hands)
    assert ended.points == totals
    assert ended.deadwood == tuple(tuple(card.text for card in hand) for hand in state.hands)
    if ended.reason == "game":
        assert state.winner is not None
        assert ended.winners == (state.winner,)
        assert totals[state.winner] == 0
    else:
        assert all(state.dead)
        assert ended.winners == tuple(i for i, t in enumerate(totals) if t == min(totals))


def check_views(state: PenangState) -> None:
    for viewer in (*range(state.seats), None):
        view = view_game(state, viewer)
        assert [seat.hand_size for seat in view.seats] == [len(hand) for hand in state.hands]
        for seat, shown in enumerate(view.seats):
            visible = state.over or seat == viewer
            expected = tuple(card.text for card in state.hands[seat]) if visible else None
            assert shown.hand == expected
        assert (view.undealt is not None) is state.over
        assert view.undealt_count == len(state.undealt)


def dead_declarations(events: Sequence[Event]) -> int:
    return sum(isinstance(event, DeclaredDead) for event in events)
