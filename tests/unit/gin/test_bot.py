"""The Gin bots (domain.gin.bots.greedy, domain.gin.bots.random) decide from their seat's
view alone (R33, R49): the state that view turns back into (domain.gin.bots.window)
lists exactly the engine's legal actions at every step, every action a bot sends is
legal, they play every hand to its end under both rule sets, the greedy one without
randomness and the random one by its seed only."""

from __future__ import annotations

import random

import pytest

from domain.cards import NATURALS, parse_cards
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin.bots.greedy import choose
from domain.gin.bots.random import choose_at_random
from domain.gin.bots.window import own_gin_turn
from domain.gin.commands import KnockAction, PassAction
from domain.gin.fold import fold
from domain.gin.game import play, start_hand
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules, preset
from domain.gin.state import GinState
from domain.gin.views import GinView, view_hand


def _seat_view(state: GinState) -> GinView:
    assert state.turn is not None
    return view_hand(state, state.turn, False)


def _hand(seed: int, rules: GinRules) -> GinState:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, rules, seed % 2))
    while not state.over:
        assert state.turn is not None
        view = _seat_view(state)
        seen, seat = own_gin_turn(view)
        assert seat == state.turn and legal_actions(seen) == legal_actions(state)
        action = choose(view)
        assert action == choose(view)
        assert action in legal_actions(state)
        state = fold(play(state, state.turn, [action]), state)
    return state


def _random_hand(seed: int, rules: GinRules) -> GinState:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, rules, seed % 2))
    while not state.over:
        view = _seat_view(state)
        action = choose_at_random(view, f"{seed}-{state.version}")
        assert action == choose_at_random(view, f"{seed}-{state.version}")
        assert action in legal_actions(state)
        state = fold(play(state, view.viewer or 0, [action]), state)
    return state


def test_two_greedy_bots_play_every_hand_to_its_end() -> None:
    endings = {
        _hand(seed, rules).ended.reason  # type: ignore[union-attr]
        for rules in (GinRules(), preset("openspiel"))
        for seed in range(30)
    }
    assert endings & {"knock", "gin", "undercut"}


def test_two_random_bots_play_every_hand_to_its_end() -> None:
    for rules in (GinRules(), preset("openspiel")):
        for seed in range(10):
            assert _random_hand(seed, rules).over


def test_the_random_bot_draws_its_choice_from_its_seed() -> None:
    deck = list(NATURALS)
    random.Random(3).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, GinRules(), 1))
    state = fold(play(state, 0, [PassAction()]), state)
    state = fold(play(state, 1, [PassAction()]), state)
    state = fold(play(state, 0, [DrawAction(source="stock")]), state)
    chosen = {choose_at_random(_seat_view(state), f"seed-{n}") for n in range(40)}
    assert len(chosen) > 1 and chosen <= set(legal_actions(state))


def test_a_bot_plays_only_its_own_seats_turn() -> None:
    deck = list(NATURALS)
    state = fold(start_hand(("a", "b"), deck, GinRules(), 1))
    with pytest.raises(ValueError, match="its own seat's turn"):
        choose(view_hand(state, 1, False))
    with pytest.raises(ValueError, match="its own seat's turn"):
        choose_at_random(view_hand(state, None, False), "seed")


def test_the_view_shows_the_passes_the_pile_draws_and_a_repeat() -> None:
    north = "2S 3S 5H 5D 9C JC QD KH 7D 8H"
    south = "AH AC 4D 6C 9S 10S 10D JH QS KC"
    state = _stacked(north, south, "4S")
    state = fold(play(state, 0, [PassAction()]), state)
    assert _seat_view(state).passed == (True, False)
    state = fold(play(state, 1, [DrawAction(source="discard"), DiscardAction(card="KC")]), state)
    view = view_hand(state, None, False)
    assert view.upcard_draws == 0 and not view.repeated  # the first upcard's offer: G14
    state = fold(play(state, 0, [DrawAction(source="discard")]), state)
    assert view_hand(state, 1, False).upcard_draws == 1


def _stacked(north: str, south: str, upcard: str) -> GinState:
    """North (seat 0) plays first; south deals."""
    hands = (parse_cards(north), parse_cards(south))
    rest = [c for c in NATURALS if c not in (*hands[0], *hands[1], *parse_cards(upcard))]
    deck = [hands[i % 2][i // 2] for i in range(20)] + [*parse_cards(upcard), *rest]
    return fold(start_hand(("north", "south"), deck, GinRules(), 1))


def test_it_takes_an_upcard_that_completes_a_meld_and_passes_one_that_does_not() -> None:
    north = "2S 3S 5H 5D 9C JC QD KH 7D 8H"
    south = "AH AC 4D 6C 9S 10S 10D JH QS KC"
    assert choose(_seat_view(_stacked(north, south, "4S"))) == DrawAction(source="discard")
    assert choose(_seat_view(_stacked(north, south, "KD"))) == PassAction()


def test_it_knocks_when_it_may_and_otherwise_sheds_its_worst_card() -> None:
    north = "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    south = "AH AC 4D 6C 9S 10S 10D JH QS KC"
    state = _stacked(north, south, "AS")
    state = fold(play(state, 0, [DrawAction(source="discard")]), state)
    assert choose(_seat_view(state)) == KnockAction()
    north = "2S 3S 4S 5H 5D 7C 9C QD JS KH"
    state = _stacked(north, south, "8D")
    state = fold(play(state, 0, [DrawAction(source="discard")]), state)
    assert choose(_seat_view(state)) == DiscardAction(card="KH")
