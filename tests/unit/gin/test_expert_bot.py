"""The expert Gin bot (domain.gin.bots.expert, R77) decides from its seat's view alone
(R33, R49): every action it sends is one the engine lists, the same view always gives
the same action, it plays every hand to its end under each rule set, and a record of
its seats verifies command by command (`domain.bots.audit`)."""

from __future__ import annotations

import hashlib
import random

import msgspec
import pytest

from domain.bots.audit import check_bot_turns
from domain.bots.seats import bots_of
from domain.cards import NATURALS, parse_cards
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.fair import bot_seed, fair_deal_of
from domain.gin.bots import expert
from domain.gin.fold import fold
from domain.gin.game import play, start_hand
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState
from domain.gin.views import view_hand
from domain.replay import Refusal

RULE_SETS = [preset("table"), preset("openspiel"), GinRules()]


def _expert_hand(seed: int, rules: GinRules) -> GinState:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, rules, seed % 2))
    while not state.over:
        assert state.turn is not None
        view = view_hand(state, state.turn, False)
        action = expert.expert_choice(view)
        assert action == expert.expert_choice(view)
        assert action in legal_actions(state)
        state = fold(play(state, state.turn, [action]), state)
    return state


@pytest.mark.parametrize("rules", RULE_SETS, ids=["table", "openspiel", "recorded"])
def test_two_expert_bots_play_every_hand_to_its_end(rules: GinRules) -> None:
    ends = [_expert_hand(seed, rules) for seed in range(4)]
    assert all(state.over for state in ends)


def test_unseen_cards_are_the_stock_and_the_other_hand() -> None:
    deck = list(NATURALS)
    random.Random(7).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, preset("table"), 0))
    seat = state.turn
    assert seat is not None
    hand = expert.m.codes(state.hands[seat])
    hidden = set(expert.unseen(state, hand))
    other = set(expert.m.codes(state.hands[1 - seat]))
    stock = set(expert.m.codes(state.stock))
    assert hidden == other | stock
    assert len(hidden) == 52 - len(hand) - len(state.discards)


def test_a_discard_whose_partners_are_all_seen_is_safe() -> None:
    code = expert.m.code
    seven = code(parse_cards(["7H"])[0])
    everything = tuple(range(52))
    assert expert.danger(seven, everything) == 4  # a set and three runs
    some = {code(card) for card in parse_cards(["7S", "6H"])}
    # 7C 7D still make a set, 8H 9H a run
    assert expert.danger(seven, tuple(n for n in everything if n not in some)) == 2
    partners = {code(card) for card in parse_cards(["7S", "7C", "6H", "8H"])}
    assert expert.danger(seven, tuple(n for n in everything if n not in partners)) == 0


def test_the_outlook_is_the_mean_deadwood_after_the_next_draw() -> None:
    code = expert.m.code
    hand = tuple(
        sorted(
            code(card)
            for card in parse_cards(["2S", "3S", "4S", "7H", "7C", "7D", "9S", "JH", "QD", "KC"])
        )
    )
    now = expert.m.best_deadwood(hand)
    hidden = tuple(n for n in range(52) if n not in hand)
    assert 0 < expert.outlook(hand, hidden) < now
    assert expert.outlook(hand, ()) == now


def test_it_knocks_when_it_may() -> None:
    deck = list(NATURALS)
    random.Random(3).shuffle(deck)
    state = fold(start_hand(("a", "b"), deck, preset("table"), 0))
    while not state.over:
        seat = state.turn
        assert seat is not None
        view = view_hand(state, seat, False)
        action = expert.expert_choice(view)
        listed = legal_actions(state)
        if any(type(a).__name__ in ("KnockAction", "BigGinAction") for a in listed):
            assert type(action).__name__ in ("KnockAction", "BigGinAction")
        if state.phase == "draw":
            assert isinstance(action, DrawAction)
        if state.phase == "discard" and isinstance(action, DiscardAction):
            assert action in listed
        state = fold(play(state, seat, [action]), state)


def test_a_record_of_expert_seats_verifies_and_a_swap_is_refused() -> None:
    rules, seed = preset("table"), hashlib.sha256(b"gin-expert-records").digest()
    deck, dealer, proof = fair_deal_of(GIN.deck(rules, 2), 2, seed, ())
    events = GIN.deal(["a", "b"], deck, rules, dealer, proof=proof, number=1)
    events = [msgspec.structs.replace(events[0], bots=("expert", "greedy")), *events[1:]]
    state = GIN.fold(events, None)
    names = ("expert", "greedy")
    while not state.over:
        seat = state.turn
        assert seat is not None
        actions = bots_of(GIN)[names[seat]](
            GIN.view(state, seat, False), bot_seed(seed, seat, state.version)
        )
        assert actions is not None
        new = GIN.play(state, seat, actions, None)
        events, state = events + new, GIN.fold(new, state)
    events += GIN.reveal_seed(state, seed)
    check_bot_turns(GIN, events)
    assert GIN.verify(events).valid
    swapped = [msgspec.structs.replace(events[0], bots=("greedy", "expert")), *events[1:]]
    with pytest.raises(Refusal) as refused:
        check_bot_turns(GIN, swapped)
    assert (refused.value.code, refused.value.rule) == ("bot-turn-mismatch", "R33")


def test_the_shortcut_for_a_card_that_melds_with_nothing_is_the_search_itself() -> None:
    chooser = random.Random(80)
    for _ in range(300):
        cards = chooser.sample(range(52), 11)
        hand, card = tuple(sorted(cards[:10])), cards[10]
        whole = expert.m.best_discard_deadwood(tuple(sorted((*hand, card))))
        assert expert.after_draw(hand, card) == whole


def test_gin_lists_the_expert() -> None:
    assert "expert" in GIN.bots
