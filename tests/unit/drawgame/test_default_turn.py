"""The turn clock's default turn in the draw games (R36): what it draws and discards."""

from __future__ import annotations

import pytest

from domain.drawgame.events import Discarded, Drew, HandEnded, StockRebuilt, WentOut
from domain.drawgame.fold import fold
from domain.drawgame.timeout import timed_out
from domain.errors import NotYourTurn
from domain.rummy.game import default_turn
from domain.three13.game import default_turn as thirteen_default_turn

from ..draw_support import (
    after,
    draw,
    meld,
    rummy_hand,
    texts,
    thirteen_after,
    thirteen_hand,
    throw,
)

# Seat 1 is on turn (dealer 0); the stock's top is 7H, then KD.
HANDS = {1: "5H 6H 8S", 0: "7C 7D QS"}


def test_R33_a_seat_still_to_draw_takes_the_stock_and_throws_the_card_back() -> None:
    state = rummy_hand(HANDS, stock="7H KD")
    events = default_turn(state, 1)
    assert events == [
        Drew(seat=1, source="stock", card="7H"),
        Discarded(seat=1, card="7H", reason="timeout"),
    ]
    later = fold(events, state)
    assert sorted(texts(later.hands[1]).split()) == ["5H", "6H", "8S"] and later.turn == 0
    assert timed_out(later, 1) == later.version and timed_out(later, 0) is None


def test_R33_B4_a_card_taken_from_the_pile_stays_and_the_highest_other_goes() -> None:
    state = after(rummy_hand(HANDS, stock="7H KD"), 1, draw("discard"))  # takes 9C
    assert default_turn(state, 1) == [Discarded(seat=1, card="8S", reason="timeout")]


def test_R33_T4_in_three_thirteen_a_seat_that_had_drawn_throws_its_highest_card() -> None:
    state = thirteen_after(thirteen_hand(HANDS, stock="7H KD"), 1, draw("discard"))
    assert thirteen_default_turn(state, 1) == [Discarded(seat=1, card="9C", reason="timeout")]


def test_R33_B11_an_empty_stock_is_rebuilt_before_the_draw() -> None:
    state = rummy_hand(HANDS, stock="7H KD")
    while state.stock:
        if state.turn == 0:  # seat 0 plays its own turns, so the hand is never abandoned (R45)
            state = after(state, 0, draw(), throw(state.stock[0].text))
        else:
            state = fold(default_turn(state, 1), state)
    events = default_turn(state, state.turn or 0)
    # (a last default turn of seat 0 also ends the hand abandoned, R45)
    assert [type(event) for event in events][:3] == [StockRebuilt, Drew, Discarded]


def test_R45_a_full_round_of_default_turns_ends_the_rummy_hand_abandoned() -> None:
    state = rummy_hand(HANDS, stock="7H KD")
    first = default_turn(state, 1)
    assert not any(isinstance(event, HandEnded) for event in first)
    state = fold(first, state)
    events = default_turn(state, 0)
    assert [type(event) for event in events] == [Drew, Discarded, HandEnded]
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.reason == "abandoned" and ended.went_out is None
    assert ended.points == (0, 0) and ended.winners == ()
    assert fold(events, state).over


def test_R45_a_seat_that_plays_its_own_turn_keeps_the_hand_going() -> None:
    state = fold(
        default_turn(rummy_hand(HANDS, stock="7H KD QH"), 1), rummy_hand(HANDS, stock="7H KD QH")
    )
    state = after(state, 0, draw(), throw("KD"))
    state = fold(default_turn(state, 1), state)
    assert not state.over  # seat 0's last turn was its own
    events = default_turn(state, 0)
    assert isinstance(events[-1], HandEnded) and events[-1].reason == "abandoned"


def test_R45_T9_three_thirteen_scores_an_abandoned_hand_at_its_best_arrangements() -> None:
    state = thirteen_hand(HANDS, stock="7H KD")
    state = fold(thirteen_default_turn(state, 1), state)
    events = thirteen_default_turn(state, 0)
    ended = events[-1]
    assert isinstance(ended, HandEnded) and ended.reason == "abandoned"
    assert ended.went_out is None and len(ended.points) == 2
    assert ended.winners == tuple(
        seat for seat, points in enumerate(ended.points) if points == min(ended.points)
    )


def test_R33_B7_a_discard_of_the_last_card_goes_out() -> None:
    state = after(
        rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, stock="KD"), 1, draw(), meld("3H 4H 5H")
    )
    events = default_turn(state, 1)
    assert [type(event) for event in events] == [Discarded, WentOut, HandEnded]


def test_R33_only_the_seat_on_turn_gets_a_default_turn() -> None:
    with pytest.raises(NotYourTurn):
        default_turn(rummy_hand(HANDS, stock="7H KD"), 0)
