"""The greedy Gin bot (domain.bots.gin_greedy): every action it sends is legal, it plays
every hand to its end under both rule sets, and it chooses without randomness."""

from __future__ import annotations

import random

from domain.bots.gin_greedy import choose
from domain.cards import NATURALS, parse_cards
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin.commands import KnockAction
from domain.gin.game import legal_actions, play, start_hand
from domain.gin.rules import GinRules, preset
from domain.gin.state import GinState, fold


def _hand(seed: int, rules: GinRules) -> GinState:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, rules, seed % 2))
    while not state.over:
        assert state.turn is not None
        action = choose(state)
        assert action == choose(state)
        assert action in legal_actions(state)
        state = fold(play(state, state.turn, [action]), state)
    return state


def test_two_greedy_bots_play_every_hand_to_its_end() -> None:
    endings = {
        _hand(seed, rules).ended.reason  # type: ignore[union-attr]
        for rules in (GinRules(), preset("openspiel"))
        for seed in range(30)
    }
    assert endings & {"knock", "gin", "undercut"}


def _stacked(north: str, south: str, upcard: str) -> GinState:
    """North (seat 0) plays first; south deals."""
    hands = (parse_cards(north), parse_cards(south))
    rest = [c for c in NATURALS if c not in (*hands[0], *hands[1], *parse_cards(upcard))]
    deck = [hands[i % 2][i // 2] for i in range(20)] + [*parse_cards(upcard), *rest]
    return fold(start_hand(("north", "south"), deck, GinRules(), 1))


def test_it_takes_an_upcard_that_completes_a_meld_and_passes_one_that_does_not() -> None:
    north = "2S 3S 5H 5D 9C JC QD KH 7D 8H"
    south = "AH AC 4D 6C 9S 10S 10D JH QS KC"
    assert choose(_stacked(north, south, "4S")) == DrawAction(source="discard")
    assert type(choose(_stacked(north, south, "KD"))).__name__ == "PassAction"


def test_it_knocks_when_it_may_and_otherwise_sheds_its_worst_card() -> None:
    north = "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    south = "AH AC 4D 6C 9S 10S 10D JH QS KC"
    state = _stacked(north, south, "AS")
    state = fold(play(state, 0, [DrawAction(source="discard")]), state)
    assert choose(state) == KnockAction()
    north = "2S 3S 4S 5H 5D 7C 9C QD JS KH"
    state = _stacked(north, south, "8D")
    state = fold(play(state, 0, [DrawAction(source="discard")]), state)
    assert choose(state) == DiscardAction(card="KH")
