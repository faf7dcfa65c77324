"""The registry of games (`domain.games`): one surface for every game, Penang wrapped as is."""

from __future__ import annotations

import random
import typing

import pytest

from domain import fair
from domain.cards import build_deck
from domain.codec import EventCodec, MalformedEvent
from domain.commands import MeldAction
from domain.drawgame.events import HandDealt
from domain.errors import MalformedInput, NotInThisGame, UnreadableAction
from domain.events import Event, SeedRevealed
from domain.games import ALL_GAME_EVENTS, GAMES, AnyAction, decode_actions, spec_for_rules_version
from domain.match.events import MatchGameScored
from domain.penang.codec import PENANG_EVENTS
from domain.penang.commands import SwapAction
from domain.penang.fold import fold
from domain.penang.game import play_turn, start_game
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.spec import PENANG
from domain.penang.views import view_game
from domain.rummy.rules import RummyRules
from domain.three13.rules import ThirteenRules

from .support import cards


def test_every_game_is_found_by_its_name_and_rules_version() -> None:
    for name, spec in GAMES.items():
        assert spec.name == name
        assert spec_for_rules_version(spec.rules_version) is spec
    assert spec_for_rules_version("no-such-rules") is None


def test_penangs_spec_is_penangs_own_functions() -> None:
    rules = PenangRules(cards_per_player=7)
    deck, dealer, proof = fair.fair_deal_of(PENANG.deck(rules, 2), 2, bytes(32), ())
    assert (deck, dealer) == tuple(fair.fair_deal_of(rules.deck_for(2), 2, bytes(32), ()))[:2]
    dealt = PENANG.deal(("a", "b"), deck, rules, dealer, proof=proof, number=3)
    assert dealt == start_game(("a", "b"), deck, rules, dealer, proof)
    state = PENANG.fold(dealt, None)
    assert state == fold(dealt)
    assert PENANG.view(state, 1, False) == view_game(state, 1)
    seat = state.turn
    assert seat is not None
    moves = PENANG.legal_moves(state, seat)
    assert moves == legal_moves(state, seat)
    turn = moves.turns[0].actions if moves.turns else ()
    if turn:
        assert PENANG.play(state, seat, turn, None) == play_turn(state, seat, turn)


def test_penangs_next_dealer_is_p7_or_p8_once_the_game_is_over() -> None:
    # Seat 1 melds its whole hand and wins (P31): it deals next (P7); seat 0, the worst
    # loser, deals where points are not recorded (P8).
    hands = {1: "3H 4H 5H", 0: "KS KD 9C"}
    deck = [*cards("3H KS 4H KD 5H 9C")]
    rest = list(build_deck(2, 6))
    for card in deck:
        rest.remove(card)
    state = fold(start_game(("a", "b"), [*deck, *rest], PenangRules(cards_per_player=3), 0))
    state = fold(play_turn(state, 1, [MeldAction(cards=tuple(hands[1].split()))]), state)
    assert state.ended is not None
    dealt = state.dealer
    assert (
        PENANG.next_dealer(dealt, state.ended, True),
        PENANG.next_dealer(dealt, state.ended, False),
    ) == (1, 0)


def _tags_of(union: object) -> set[str]:
    return {str(kind.__struct_config__.tag) for kind in typing.get_args(union)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_action_of_the_contract_is_this_games_or_refused_naming_its_rule(name: str) -> None:
    # The contract's `actions` hold any game's action, so a valid request may send any of
    # them to any game: each one is this game's own, or refused by its kind as
    # `not-in-this-game` naming one of this game's rules, never as malformed input.
    spec = GAMES[name]
    own = {str(action.__struct_config__.tag) for action in spec.actions}
    for action in typing.get_args(AnyAction):
        tag = str(action.__struct_config__.tag)
        if tag in own:
            continue
        assert action.kind in spec.refusals, (name, tag)
        rule = spec.refusals[action.kind]
        assert any(rule.startswith(family) for family in spec.rule_families), (tag, rule)
        with pytest.raises(NotInThisGame) as raised:
            decode_actions(spec, [{"type": tag}])
        assert (raised.value.rule, raised.value.action_index) == (rule, 0)
        assert str(raised.value) == f"{rule}: {spec.title} has no {tag!r} action (action 0)"


@pytest.mark.parametrize(("kind", "rule"), [("draw", "P12"), ("discard", "P12"), ("go_out", "P31")])
def test_another_games_action_in_penang_names_penangs_rule(kind: str, rule: str) -> None:
    raw = [{"type": "meld", "cards": ["3H", "4H", "5H"]}, {"type": kind, "card": "9C"}]
    with pytest.raises(NotInThisGame) as raised:
        decode_actions(PENANG, raw)
    assert (raised.value.rule, raised.value.action_index) == (rule, 1)
    assert raised.value.code == "not-in-this-game"


def test_penangs_actions_decode_to_its_action_types() -> None:
    raw = [{"type": "swap", "meld": 0, "card": "4H"}, {"type": "meld", "cards": ["3H", "JK", "5H"]}]
    assert decode_actions(PENANG, raw) == (
        SwapAction(meld=0, card="4H"),
        MeldAction(cards=("3H", "JK", "5H")),
    )


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "meld"},
        [{"type": "fly"}],
        [{"cards": ["3H"]}],
        [{"type": "meld", "cards": ["3X"]}],
        [{"type": "meld", "cards": ["3H", "4H", "5H"], "extra": 1}],
    ],
)
def test_unreadable_actions_are_malformed_input(raw: object) -> None:
    with pytest.raises(MalformedInput):
        decode_actions(PENANG, raw)


@pytest.mark.parametrize(
    ("raw", "index"),
    [
        ([{"type": "meld", "cards": ["3H", "4H", "5H"]}, {"type": "fly"}], 1),
        ([{"type": "swap", "meld": 0, "card": "4H"}, {"cards": ["3H"]}], 1),
        ([{"type": "meld", "cards": ["3H", "4H", "5H"]}, {"type": "meld", "cards": ["3X"]}], 1),
        ([{"type": "lay_off", "meld": 0}], 0),
    ],
)
def test_an_unreadable_action_names_its_index_as_the_service_does(raw: object, index: int) -> None:
    # The HTTP decoder names the action from the body's path (`actions[1]`); the engine
    # reading the same actions must name the same one.
    with pytest.raises(UnreadableAction) as raised:
        decode_actions(PENANG, raw)
    assert raised.value.action_index == index
    assert raised.value.code == "malformed-input"


def test_one_codec_reads_every_games_events() -> None:
    assert set(PENANG_EVENTS.types) <= set(ALL_GAME_EVENTS.types)
    assert set(PENANG_EVENTS.upcasters) <= set(ALL_GAME_EVENTS.upcasters)
    ALL_GAME_EVENTS.check()
    rng = random.Random(7)
    deck = list(build_deck(2, 6))
    rng.shuffle(deck)
    for event in start_game(("a", "b"), deck, PenangRules(), 0):
        assert ALL_GAME_EVENTS.decode(PENANG_EVENTS.encode(event)) == event


def test_a_merged_codec_refuses_two_types_with_one_tag() -> None:
    class Other(Event, frozen=True, tag="SeedRevealed"):
        """Another event tagged like Penang's."""

    clash = EventCodec[Event]((Other,), {"SeedRevealed": 1})
    with pytest.raises(ValueError, match="SeedRevealed"):
        EventCodec.merged([PENANG_EVENTS, clash])
    same = EventCodec[Event]((SeedRevealed,), {"SeedRevealed": 2})
    with pytest.raises(ValueError, match="schema versions"):
        EventCodec.merged([PENANG_EVENTS, same])


def test_a_codec_lists_each_type_once_and_versions_only_those_past_one() -> None:
    # Each game lists its events once: a type not named in `versions` is at version 1,
    # and a version for a type the codec does not list is refused.
    codec = EventCodec[Event]((SeedRevealed, HandDealt[RummyRules]))
    assert codec.versions == {"SeedRevealed": 1, "HandDealt": 1}
    assert PENANG_EVENTS.versions["Dealt"] == 2 and PENANG_EVENTS.versions["Melded"] == 1
    with pytest.raises(ValueError, match="Drew"):
        EventCodec[Event]((SeedRevealed,), {"Drew": 2})
    bumped = EventCodec[Event]((SeedRevealed,), {"SeedRevealed": 2})
    with pytest.raises(AssertionError, match="no upcaster for SeedRevealed v1"):
        bumped.check()


def test_a_merged_codec_reads_a_shared_generic_event_with_every_games_parameters() -> None:
    """The draw games share `HandDealt`, each game's codec reading it with its own rules
    (R31): a store of both reads either, as the stored rules' `game` tag says."""
    rummy = EventCodec[Event]((HandDealt[RummyRules],), {"HandDealt": 1})
    thirteen = EventCodec[Event]((HandDealt[ThirteenRules],), {"HandDealt": 1})
    both = EventCodec.merged([rummy, thirteen])
    deals = [
        HandDealt(
            rules=rules,
            rules_version="x-1",
            players=("a", "b"),
            dealer=0,
            hands=(("AS",), ("2S",)),
            upcard="3S",
            stock=(),
        )
        for rules in (RummyRules(ace_high=True), ThirteenRules(packs=2))
    ]
    for dealt in deals:
        assert both.decode(both.encode(dealt)) == dealt
        assert both.decode_json(both.encode_json(dealt)) == dealt
    with pytest.raises(MalformedEvent, match=r"\$\.rules\.game"):
        rummy.decode(both.encode(deals[1]))


@pytest.mark.parametrize(("kind", "rule"), [("swap", "B1"), ("go_out", "B7")])
def test_another_games_action_in_basic_rummy_names_its_rule(kind: str, rule: str) -> None:
    with pytest.raises(NotInThisGame) as raised:
        decode_actions(GAMES["rummy"], [{"type": "draw", "source": "stock"}, {"type": kind}])
    assert (raised.value.rule, raised.value.action_index) == (rule, 1)


def test_basic_rummys_spec_deals_plays_and_views_a_hand() -> None:
    spec = GAMES["rummy"]
    rules = spec.validate(spec.rules_type(), 3)
    deck, dealer, proof = fair.fair_deal_of(spec.deck(rules, 3), 3, bytes(32), ())
    assert sorted(deck) == sorted(build_deck(1, 0))
    dealt = spec.deal(("a", "b", "c"), deck, rules, dealer, proof=proof, number=2)
    assert isinstance(dealt[0], spec.deal_type) and dealt[0].hand == 2
    state = spec.fold(dealt, None)
    seat = (dealer + 1) % 3
    actions = decode_actions(spec, [{"type": "draw", "source": "discard"}])
    state = spec.fold(spec.play(state, seat, actions, None), state)
    assert spec.view(state, seat, False).hand is not None
    # R24: the deal passes to the left, whoever won the hand.
    scored = MatchGameScored(number=2, points=(0, 9, 0), winners=(1,), totals=(0, 9, 0))
    assert spec.next_dealer(dealer, scored, True) == (dealer + 1) % 3
    with pytest.raises(NotInThisGame) as raised:
        spec.declare_dead(state, seat)
    assert raised.value.rule == "B3"
    assert spec_for_rules_version("rummy-1") is spec


@pytest.mark.parametrize("kind", ["meld", "lay_off", "swap"])
def test_a_table_action_in_three_thirteen_names_t7(kind: str) -> None:
    with pytest.raises(NotInThisGame) as raised:
        decode_actions(GAMES["three-thirteen"], [{"type": kind}])
    assert (raised.value.rule, raised.value.action_index) == ("T7", 0)


def test_three_thirteens_spec_deals_hand_n_and_shows_its_wild_rank() -> None:
    spec = GAMES["three-thirteen"]
    rules = spec.validate(spec.rules_type(), 4)
    deck, dealer, proof = fair.fair_deal_of(spec.deck(rules, 4), 4, bytes(32), ("x",) * 4)
    assert sorted(deck) == sorted(build_deck(2, 0))
    state = spec.fold(spec.deal("abcd", deck, rules, dealer, proof=proof, number=9), None)
    assert [len(hand) for hand in state.hands] == [11] * 4
    assert spec.view(state, None, False).wild == "J"
    scored = MatchGameScored(number=9, points=(3, 0, 8, 1), winners=(1,), totals=(3, 0, 8, 1))
    assert spec.next_dealer(dealer, scored, False) == (dealer + 1) % 4  # T11
    with pytest.raises(NotInThisGame) as raised:
        spec.declare_dead(state, (dealer + 1) % 4)
    assert raised.value.rule == "T4"
