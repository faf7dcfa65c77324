"""Three Thirteen's rules, table by table (T1–T11, R21, R26, R27, R29).

Positions are dealt from stacked decks (draw_support.py): seat 1 plays first (seat 0
deals), the upcard is 9C unless said, `stock` lists the stock's top cards, and hand 1
(three cards, threes wild) unless said.
"""

from __future__ import annotations

import pytest

from domain.cards import Card, build_deck
from domain.drawgame.errors import CannotGoOut, WrongPhase
from domain.drawgame.events import Discarded, Drew, HandEnded, WentOut
from domain.drawgame.fold import fold
from domain.errors import (
    ActionAfterGame,
    CardNotInHand,
    EmptyTurn,
    GameOver,
    InvalidRules,
    NotAMeld,
    NotYourTurn,
    RuleViolation,
)
from domain.three13.game import play, start_hand
from domain.three13.hands import next_dealer
from domain.three13.moves import legal_moves
from domain.three13.rules import HANDS, ThirteenRules, hand_size, wild_rank

from ..draw_support import draw, go_out, thirteen_after, thirteen_hand, throw

THREE = {1: "5H 6H 8S", 0: "7C 7D QS"}


# --- the hands: sizes, wild ranks, packs (T1, T2, T3, R29) -------------------------------


@pytest.mark.parametrize("number", range(1, HANDS + 1))
def test_T1_T3_hand_n_deals_n_plus_2_and_makes_rank_n_plus_2_wild(number: int) -> None:
    assert hand_size(number) == wild_rank(number) == number + 2
    state = fold(start_hand(["a", "b"], build_deck(1, 0), ThirteenRules(), 0, number=number))
    assert [len(hand) for hand in state.hands] == [number + 2] * 2
    assert len(state.stock) == 52 - 2 * (number + 2) - 1 and state.number == number


@pytest.mark.parametrize("number", [0, 12])
def test_T1_eleven_hands(number: int) -> None:
    with pytest.raises(InvalidRules) as raised:
        start_hand(["a", "b"], build_deck(1, 0), ThirteenRules(), 0, number=number)
    assert raised.value.rule == "T1"


@pytest.mark.parametrize(("players", "packs"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)], ids=str)
def test_T2_a_pack_for_each_two_players(players: int, packs: int) -> None:
    assert ThirteenRules().packs_for(players) == packs
    names = [f"p{i}" for i in range(players)]
    assert start_hand(names, build_deck(packs, 0), ThirteenRules(), 0, number=11)
    with pytest.raises(InvalidRules) as raised:
        start_hand(names, build_deck(packs + 1, 0), ThirteenRules(), 0)
    assert raised.value.rule == "T2"


@pytest.mark.parametrize("players", [1, 7])
def test_T2_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidRules) as raised:
        ThirteenRules().validate(players)
    assert raised.value.rule == "T2"


def test_T2_the_packs_option_overrides() -> None:
    names = ["a", "b", "c", "d"]
    with pytest.raises(InvalidRules) as raised:
        start_hand(names, build_deck(1, 0), ThirteenRules(packs=1), 0, number=11)
    assert raised.value.rule == "T1"  # 4 × 13 cards and the upcard: more than one pack


# --- turns (T4, R21, R22) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "actions", "error", "rule", "index"),
    [
        pytest.param(0, [draw()], NotYourTurn, "T4", None, id="T4-out-of-turn"),
        pytest.param(1, [], EmptyTurn, "T4", None, id="T4-empty-command"),
        pytest.param(1, [throw("8S")], WrongPhase, "T4", 0, id="T4-discard-before-draw"),
        pytest.param(1, [draw(), draw("discard")], WrongPhase, "T4", 1, id="T4-two-draws"),
        pytest.param(1, [draw(), throw("8S"), throw("5H")], NotYourTurn, "T4", 2, id="R22"),
        pytest.param(1, [draw(), throw("QS")], CardNotInHand, "T4", 1, id="T4-not-held"),
        pytest.param(
            1, [go_out("5H 6H 8S", "KD")], WrongPhase, "T4", 0, id="T4-going-out-draws-first"
        ),
    ],
)
def test_a_command_that_breaks_a_rule_is_refused_whole(
    seat: int, actions: list[object], error: type[RuleViolation], rule: str, index: int | None
) -> None:
    state = thirteen_hand(THREE, stock="KD 2C")
    with pytest.raises(error) as raised:
        play(state, seat, actions)  # type: ignore[arg-type]
    assert (raised.value.rule, raised.value.action_index) == (rule, index)


def test_R21_the_card_taken_may_be_discarded_at_once() -> None:
    state = thirteen_after(thirteen_hand(THREE), 1, draw("discard"), throw("9C"))
    assert state.discards == (Card("9C"),) and state.turn == 0


# --- going out and the last turns (T7, T8, R27) --------------------------------------------


@pytest.mark.parametrize(
    ("hand", "drawn", "melds", "discard"),
    [
        pytest.param("5H 6H 8S", "7H", "5H 6H 7H", "8S", id="T5-run"),
        pytest.param("8C 8D 6H", "8S", "8C 8D 8S", "6H", id="T5-set"),
        pytest.param("5H 3S 8S", "7H", "5H 3S 7H", "8S", id="T6-wild-in-a-run"),
        pytest.param("3S 3H 8S", "3D", "3S 3H 3D", "8S", id="T6-all-wild"),
        pytest.param("5H 6H 7H", "KD", "5H 6H 7H", "KD", id="T8-discard-what-was-drawn"),
    ],
)
def test_T8_a_hand_of_melds_goes_out_with_a_discard(
    hand: str, drawn: str, melds: str, discard: str
) -> None:
    state = thirteen_hand({1: hand, 0: "7C 7D QS"}, stock=drawn)
    events = play(state, 1, [draw(), go_out(melds, discard)])
    assert [type(e) for e in events] == [Drew, Discarded, WentOut]
    after = fold(events, state)
    assert (after.went_out, after.last_turns, after.turn, after.over) == (1, (0,), 0, False)


@pytest.mark.parametrize(
    ("melds", "discard", "error", "rule"),
    [
        pytest.param("5H 6H 7H", "5H", CannotGoOut, "T8", id="T8-not-the-rest-of-the-hand"),
        pytest.param("5H 6H 7H", None, CannotGoOut, "T8", id="T8-no-discard"),
        pytest.param("5H 6H | 7H", "8S", NotAMeld, "T5", id="T5-two-cards-are-no-meld"),
        pytest.param("5H 6H 8S", "7H", NotAMeld, "T5", id="T5-not-in-sequence"),
        pytest.param("5H 6H 7H", "AS", CardNotInHand, "T4", id="T4-discard-not-held"),
    ],
)
def test_T8_going_out_needs_the_whole_hand_in_melds(
    melds: str, discard: str | None, error: type[RuleViolation], rule: str
) -> None:
    state = thirteen_after(thirteen_hand(THREE, stock="7H"), 1, draw())
    with pytest.raises(error) as raised:
        play(state, 1, [go_out(melds, discard)])
    assert raised.value.rule == rule


def test_T8_every_other_seat_from_the_left_takes_one_last_turn() -> None:
    hands = {1: "5H 6H 8S", 2: "2D 9D JH", 0: "7C 7D QS"}
    state = thirteen_hand(hands, stock="7H KD 2C 4C")
    state = thirteen_after(state, 1, draw(), go_out("5H 6H 7H", "8S"))
    assert (state.turn, state.last_turns) == (2, (2, 0))
    with pytest.raises(CannotGoOut) as raised:
        play(state, 2, [draw(), go_out("2D 9D JH", "KD")])
    assert raised.value.rule == "T8"
    state = thirteen_after(state, 2, draw(), throw("KD"))
    assert (state.turn, state.last_turns, state.over) == (0, (0,), False)
    events = play(state, 0, [draw(), throw("2C")])
    assert [type(e) for e in events] == [Drew, Discarded, HandEnded]
    state = fold(events, state)
    assert state.ended is not None and state.ended.points == (24, 0, 21)
    with pytest.raises(GameOver) as over:
        play(state, 1, [draw()])
    assert over.value.rule == "T8"


def test_T8_nothing_follows_the_last_discard_in_its_command() -> None:
    state = thirteen_after(thirteen_hand(THREE, stock="7H KD"), 1, draw(), go_out("5H 6H 7H", "8S"))
    with pytest.raises(ActionAfterGame) as raised:
        play(state, 0, [draw(), throw("QS"), draw()])
    assert (raised.value.rule, raised.value.action_index) == ("T8", 2)


def test_R27_the_last_turns_list_no_way_out() -> None:
    state = thirteen_hand({1: "5H 6H 8S", 0: "7C 7D QS"}, stock="7H 7S")
    state = thirteen_after(state, 1, draw(), go_out("5H 6H 7H", "8S"))
    state = thirteen_after(state, 0, draw())
    moves = legal_moves(state, 0)
    assert moves.last_turn and not moves.go_outs and len(moves.discards) == 4


def test_T8_the_legal_moves_offer_every_way_out() -> None:
    state = thirteen_after(thirteen_hand(THREE, stock="7H"), 1, draw())
    moves = legal_moves(state, 1)
    # 5H 6H 7H 8S: only the spade leaves a meld behind it.
    assert [(g.discard, g.melds) for g in moves.go_outs] == [("8S", (("5H", "6H", "7H"),))]
    for command in moves.commands:
        play(state, 1, command.actions)  # each listed command is accepted


# --- the score (T9, R27) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "out", "final", "deadwood", "points"),
    [
        pytest.param(2, "5H 6H 7H 8H", "AC 4D KS QH", "AC 4D KS QH", 25, id="T9-wild-face-value"),
        pytest.param(2, "5H 6H 7H 8H", "KS KH 4D 9C", "9C", 9, id="T9-wild-in-a-set-scores-0"),
        pytest.param(3, "9C 10C JC QC KC", "7H 8H 9H 9S 9D", "7H 8H", 15, id="R27-least-deadwood"),
        pytest.param(1, "5H 6H 7H", "7C 7D 3S", "", 0, id="R27-a-last-hand-of-melds"),
    ],
)
def test_T9_each_hand_scores_its_least_deadwood(
    number: int, out: str, final: str, deadwood: str, points: int
) -> None:
    state = thirteen_hand({1: out, 0: final}, number=number, upcard="2S", stock="KD 2C")
    state = thirteen_after(state, 1, draw(), go_out(out, "KD"))
    state = thirteen_after(state, 0, draw(), throw("2C"))
    ended = state.ended
    assert ended is not None
    assert (sorted(ended.deadwood[0]), ended.points) == (sorted(deadwood.split()), (points, 0))
    assert ended.deadwood[1] == () and ended.melds[1] == ((*out.split(),),)
    assert ended.winners == ((0, 1) if points == 0 else (1,))


# --- the eleven hands (T11, R29) -------------------------------------------------------------


def test_T11_the_deal_rotates_to_the_left() -> None:
    assert next_dealer(thirteen_hand(THREE, dealer=0)) == 1
    assert next_dealer(thirteen_hand({0: "5H 6H 8S", 1: "7C 7D QS"}, dealer=1)) == 0
