"""Basic Rummy's going out, scores and matches, table by table (B7–B10, B12, R23, R24).

Positions are dealt from stacked decks (draw_support.py): seat 1 plays first (seat 0
deals), the upcard is 9C unless said, and `stock` lists the stock's top cards.
"""

from __future__ import annotations

import pytest

from domain.drawgame.errors import LastCardDiscard
from domain.drawgame.events import Discarded
from domain.errors import ActionAfterGame, GameOver
from domain.rummy.game import play
from domain.rummy.hands import next_dealer
from domain.rummy.rules import RummyRules

from ..draw_support import after, draw, lay, meld, rummy_hand, throw

FOUR = {1: "3H 4H 5H 8S", 0: "7C 7D 7S QS"}


# --- going out and the score (B7, B8, B9, B10, R23, R24) --------------------------------


@pytest.mark.parametrize(
    ("hands", "stock", "turns", "points", "rummy"),
    [
        pytest.param(
            {1: "3H 4H 5H 6H", 0: "2C 4D 7S QS"}, "7H", [(1, [draw(), meld("3H 4H 5H 6H 7H")])],
            (0, 46), True, id="B7-B9-out-by-meld-rummy",
        ),
        pytest.param(
            {1: "3H 4H 5H", 0: "2C 4D 7S"}, "KD", [(1, [draw(), meld("3H 4H 5H"), throw("KD")])],
            (0, 26), True, id="B7-B9-out-by-discard-rummy",
        ),
        pytest.param(
            {1: "3H 4H 5H 9S", 0: "2C 4D 7S QS"}, "6H KC 7H",
            [(1, [draw(), meld("3H 4H 5H"), throw("9S")]), (0, [draw(), throw("KC")]),
             (1, [draw(), lay(0, "6H"), lay(0, "7H")])],
            (0, 23), False, id="B7-out-by-lay-off-not-rummy",
        ),
        pytest.param(
            {1: "3H 4H 5H 9S", 0: "2C 4D 7S QS"}, "KC 2D 6H",
            [(1, [draw(), throw("9S")]), (0, [draw(), throw("2D")]),
             (1, [draw(), meld("3H 4H 5H 6H"), throw("KC")])],
            (0, 46), True, id="R23-earlier-discards-do-not-count",
        ),
    ],
)  # fmt: skip
def test_going_out_and_the_score(
    hands: dict[int, str],
    stock: str,
    turns: list[tuple[int, list[object]]],
    points: tuple[int, ...],
    rummy: bool,
) -> None:
    state = rummy_hand(hands, stock=stock)
    for seat, actions in turns:
        state = after(state, seat, *actions)  # type: ignore[arg-type]
    assert state.over and state.ended is not None
    assert (state.ended.points, state.ended.rummy, state.ended.winners) == (points, rummy, (1,))
    assert state.ended.deadwood[1] == ()


@pytest.mark.parametrize(("ace_high", "won"), [(False, 51), (True, 79)])
def test_B8_B10_the_winner_takes_the_others_cards(ace_high: bool, won: int) -> None:
    hands = {1: "3H 4H 5H 9S", 2: "AC KD QS JH", 0: "2C 10D 7S AS"}
    state = rummy_hand(hands, stock="6H 5C 5D 7H", rules=RummyRules(ace_high=ace_high))
    state = after(state, 1, draw(), meld("3H 4H 5H"), throw("9S"))
    state = after(state, 2, draw(), throw("5C"))
    state = after(state, 0, draw(), throw("5D"))
    state = after(state, 1, draw(), lay(0, "6H"), lay(0, "7H"))
    assert state.ended is not None and state.ended.points == (0, won, 0)


def test_B7_option_last_card_must_be_discarded() -> None:
    rules = RummyRules(last_card_discard=True)
    state = rummy_hand({1: "3H 4H 5H 6H", 0: "2C 4D 7S QS"}, stock="7H", rules=rules)
    with pytest.raises(LastCardDiscard) as raised:
        play(state, 1, [draw(), meld("3H 4H 5H 6H 7H")])
    assert (raised.value.rule, raised.value.action_index) == ("B7", 1)
    done = after(state, 1, draw(), meld("3H 4H 5H 6H"), throw("7H"))
    assert done.over and done.ended is not None and done.ended.rummy


def test_B7_nothing_follows_going_out() -> None:
    state = rummy_hand({1: "3H 4H 5H 6H", 0: "2C 4D 7S QS"}, stock="7H")
    with pytest.raises(ActionAfterGame) as raised:
        play(state, 1, [draw(), meld("3H 4H 5H 6H 7H"), throw("9S")])
    assert (raised.value.rule, raised.value.action_index) == ("B7", 2)
    over = after(state, 1, draw(), meld("3H 4H 5H 6H 7H"))
    with pytest.raises(GameOver) as ended:
        play(over, 0, [draw()])
    assert ended.value.rule == "B7"


# --- hands and matches (B12, R24) ------------------------------------------------------------


def test_R24_the_deal_passes_to_the_left() -> None:
    state = rummy_hand({1: "3H 4H 5H", 2: "7C 7D QS", 0: "2C 4D 7S"}, dealer=0)
    assert next_dealer(state) == 1
    assert next_dealer(rummy_hand({0: "3H 4H 5H", 1: "7C 7D QS"}, dealer=1)) == 0


def test_the_discard_recorded() -> None:
    state = rummy_hand(FOUR, stock="KD")
    assert play(state, 1, [draw(), throw("8S")])[-1] == Discarded(seat=1, card="8S")
