"""The bots' definitions on small positions (domain.penang.bots; P10, P11, P22, P26–P31, D5, D6).

Seat 0 is to play, against seat 1; layouts are written in the game's notation.
"""

from __future__ import annotations

import pytest

from domain.cards import parse_cards, sort_cards
from domain.commands import LayOffAction, MeldAction
from domain.penang.bots import BOT_NAMES, make_bot
from domain.penang.bots.greedy import GreedyBot
from domain.penang.bots.patient import RACE_HAND, PatientBot
from domain.penang.bots.uniform import RandomBot
from domain.penang.bots.window import own_turn, seat_state
from domain.penang.commands import Action, Turn
from domain.penang.fold import fold
from domain.penang.game import play_turn
from domain.penang.melds import read_meld
from domain.penang.moves import legal_moves
from domain.penang.rules import RULES_VERSION, PenangRules
from domain.penang.state import PenangState
from domain.penang.views import view_game


def position(
    hand: str, table: tuple[str, ...] = (), *, passport: bool = True, other: str = "2C 9D KH"
) -> PenangState:
    rules = PenangRules()
    melds = tuple(
        read_meld(parse_cards(cards), (), rules).placed(meld_id, 1)
        for meld_id, cards in enumerate(table)
    )
    return PenangState(
        rules=rules,
        rules_version=RULES_VERSION,
        players=("ann", "bob"),
        dealer=1,
        hands=(sort_cards(parse_cards(hand)), sort_cards(parse_cards(other))),
        undealt=parse_cards("5S 5S"),
        table=melds,
        passport=(passport, True),
        dead=(False, False),
        turn=0,
    )


def turn_of(bot: GreedyBot | PatientBot | RandomBot, state: PenangState) -> Turn | None:
    turn = bot.turn(view_game(state, 0))
    if turn is not None:
        play_turn(state, 0, turn.actions)  # the engine accepts it
    return turn


def played(actions: tuple[Action, ...]) -> list[str]:
    cards: list[str] = []
    for action in actions:
        cards += action.cards if isinstance(action, MeldAction) else [action.card]
    return cards


# --- the window --------------------------------------------------------------------


def test_a_seat_state_holds_no_card_the_seat_may_not_see() -> None:
    state = position("7S 8S 9S JK", ("4H 5H 6H",), other="QD QD QC")
    window = seat_state(view_game(state, 0))
    assert window.hands == (state.hands[0], ())
    assert window.undealt == ()
    assert window.table == state.table
    assert legal_moves(window, 0) == legal_moves(state, 0)


def test_a_bot_plays_only_its_own_seats_turn() -> None:
    state = position("7S 8S 9S")
    with pytest.raises(ValueError, match="seat 0's"):
        own_turn(view_game(state, 1))
    with pytest.raises(ValueError):
        own_turn(view_game(state, None))


def test_make_bot_knows_every_bot_and_names_the_choices_otherwise() -> None:
    assert [make_bot(name, "s").name for name in BOT_NAMES] == list(BOT_NAMES)
    with pytest.raises(ValueError, match="greedy, patient, random"):
        make_bot("clever", "s")


# --- greedy ------------------------------------------------------------------------


def test_greedy_sheds_every_natural_it_can_in_one_turn_p11() -> None:
    #  table: 4H 5H 6H;  hand: 7H 8H | QS QH QD | 2C
    state = position("7H 8H QS QH QD 2C", ("4H 5H 6H",))
    turn = turn_of(GreedyBot(), state)
    assert turn is not None
    assert sorted(played(turn.actions)) == sorted(["QS", "QH", "QD", "7H", "8H"])


def test_greedy_keeps_its_joker_when_playing_it_would_not_empty_the_hand_d5() -> None:
    #  table: 4H 5H 6H;  hand: 9C 9D 9S JK 2C: the joker could go on the run or the set
    state = position("9C 9D 9S JK 2C", ("4H 5H 6H",))
    turn = turn_of(GreedyBot(), state)
    assert turn is not None
    assert sorted(played(turn.actions)) == ["9C", "9D", "9S"]


def test_greedy_plays_its_jokers_last_when_that_empties_the_hand_p31() -> None:
    #  table: 4H 5H 6H;  hand: 9C 9D 9S JK JK: the set, then both jokers laid off
    state = position("9C 9D 9S JK JK", ("4H 5H 6H",))
    turn = turn_of(GreedyBot(), state)
    assert turn is not None
    assert sorted(played(turn.actions)) == sorted(["9C", "9D", "9S", "JK", "JK"])
    assert not fold(play_turn(state, 0, turn.actions), state).hands[0]


def test_greedy_spends_a_joker_only_where_the_turn_needs_a_move_p10() -> None:
    #  table: 4H 5H 6H;  hand: JK 2C 9D: only the joker moves, and only it is played
    state = position("JK 2C 9D", ("4H 5H 6H",))
    turn = turn_of(GreedyBot(), state)
    assert turn is not None
    (action,) = turn.actions
    assert isinstance(action, LayOffAction) and action.card == "JK"


def test_greedy_plans_its_passport_so_that_both_melds_fit_p26() -> None:
    #  hand: 7S 7H 7D 7C 8S 9S. The set of four sheds most at once, but leaves 8S 9S;
    #  the run 7S 8S 9S first still leaves the set 7H 7D 7C, and the hand empties.
    state = position("7S 7H 7D 7C 8S 9S", passport=False)
    turn = turn_of(GreedyBot(), state)
    assert turn is not None
    assert [action.cards for action in turn.actions if isinstance(action, MeldAction)] == [
        ("7S", "8S", "9S"),
        ("7H", "7D", "7C"),
    ]


def test_greedy_declares_dead_only_without_a_move_d6() -> None:
    assert turn_of(GreedyBot(), position("2C 9D KH", ("4H 5H 6H",))) is None
    assert turn_of(GreedyBot(), position("2C 9D KH 7H", ("4H 5H 6H",))) is not None


# --- patient -----------------------------------------------------------------------


def test_patient_plays_one_move_a_turn_keeping_the_rest_for_later_p29() -> None:
    #  table: 4H 5H 6H;  hand: 7H | QS QH QD | 2C 2D: the set sheds most, and alone
    state = position("7H QS QH QD 2C 2D", ("4H 5H 6H",), other="2S 3S 4S 5S 6S 7S 8S")
    turn = turn_of(PatientBot(), state)
    assert turn is not None
    assert [played(turn.actions)] == [["QS", "QH", "QD"]]


def test_patient_sheds_all_it_can_when_an_opponent_may_go_out_p31() -> None:
    short = " ".join(["2S", "3S", "4S", "5S", "6S"][:RACE_HAND])
    state = position("7H QS QH QD 2C 2D", ("4H 5H 6H",), other=short)
    turn = turn_of(PatientBot(), state)
    assert turn is not None
    assert sorted(played(turn.actions)) == sorted(["QS", "QH", "QD", "7H"])


def test_patient_passport_keeps_the_most_other_melds_whole_p26() -> None:
    #  hand: 7S 7H 7D 8S 9S | 3C 4C 5C. The set 7S 7H 7D would break the run 7S 8S 9S,
    #  and the run the set; 3C 4C 5C breaks neither and keeps both of them.
    state = position("7S 7H 7D 8S 9S 3C 4C 5C", passport=False)
    turn = turn_of(PatientBot(), state)
    assert turn is not None
    assert [played(turn.actions)] == [["3C", "4C", "5C"]]


# --- random ------------------------------------------------------------------------


def test_random_plays_one_listed_turn_drawn_by_its_seed() -> None:
    state = position("7H 8H QS QH QD 2C 2D 2H", ("4H 5H 6H",))
    listed = legal_moves(state, 0).turns
    drawn = {turn_of(RandomBot(f"seed-{n}"), state) for n in range(40)}
    assert drawn <= set(listed) and len(drawn) > 1
    assert turn_of(RandomBot("seed-1"), state) == turn_of(RandomBot("seed-1"), state)
    assert turn_of(RandomBot("s"), position("2C 9D KH", ("4H 5H 6H",))) is None
