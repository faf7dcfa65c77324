"""Basic Rummy's deal, turns and stock, table by table (B1–B4, B11, R20–R22).

Positions are dealt from stacked decks (draw_support.py): seat 1 plays first (seat 0
deals), the upcard is 9C unless said, and `stock` lists the stock's top cards.
"""

from __future__ import annotations

import pytest

from domain.cards import Card, build_deck
from domain.drawgame.errors import EmptyStock, TakenBack, WrongPhase
from domain.drawgame.events import Drew, HandEnded, StockRebuilt, WentOut
from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState
from domain.errors import (
    CardNotInHand,
    EmptyTurn,
    InvalidRules,
    NotYourTurn,
    RuleViolation,
    UnknownMeld,
    UnknownSeat,
)
from domain.events import Melded
from domain.rummy.game import play, start_hand
from domain.rummy.rules import RummyRules

from ..draw_support import after, draw, lay, meld, rummy_hand, texts, throw

FOUR = {1: "3H 4H 5H 8S", 0: "7C 7D 7S QS"}


# --- the deal (B1, B2) ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)], ids=str)
def test_B2_hand_sizes_by_players(players: int, size: int) -> None:
    state = rummy_hand_shuffled(players)
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.stock) == 52 - players * size - 1
    assert len(state.discards) == 1


def rummy_hand_shuffled(players: int) -> DrawState:
    return fold(start_hand([f"p{i}" for i in range(players)], build_deck(1, 0), RummyRules(), 0))


@pytest.mark.parametrize("players", [1, 7])
def test_B1_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidRules) as raised:
        start_hand(["p"] * players, build_deck(1, 0), RummyRules(), 0)
    assert raised.value.rule == "B1"


@pytest.mark.parametrize(
    "deck", [[*build_deck(1, 0), Card("JK")], list(build_deck(1, 0))[1:], list(build_deck(2, 0))]
)
def test_B1_one_pack_no_joker(deck: list[Card]) -> None:
    with pytest.raises(InvalidRules) as raised:
        start_hand(["a", "b"], deck, RummyRules(), 0)
    assert raised.value.rule == "B1"


def test_B2_the_upcard_starts_the_pile_and_play_opens_left_of_the_dealer() -> None:
    state = rummy_hand({1: "AS 2S 3S", 2: "4H 5H 6H", 0: "7C 8C 10C"}, upcard="KD", stock="2D")
    assert texts(state.discards) == "KD"
    assert state.stock[0] == Card("2D")
    assert (state.turn, state.phase) == (1, "draw")
    assert texts(state.hands[2]) == "4H 5H 6H"


def test_B2_too_many_cards_for_the_pack() -> None:
    with pytest.raises(InvalidRules) as raised:
        RummyRules(cards_per_player=26).validate(2)
    assert raised.value.rule == "B2"


# --- turns (B3, B4, R21, R22) -----------------------------------------------------------


def test_B3_drawing_from_the_stock_and_from_the_pile() -> None:
    state = rummy_hand(FOUR, stock="KD")
    stock = after(state, 1, draw("stock"))
    assert Card("KD") in stock.hands[1] and stock.phase == "play" and stock.taken is None
    pile = after(state, 1, draw("discard"))
    assert Card("9C") in pile.hands[1] and pile.discards == () and pile.taken == Card("9C")


@pytest.mark.parametrize(
    ("seat", "actions", "error", "rule", "index"),
    [
        pytest.param(0, [draw()], NotYourTurn, "B3", None, id="B3-out-of-turn"),
        pytest.param(2, [draw()], UnknownSeat, "B1", None, id="B1-no-such-seat"),
        pytest.param(1, [], EmptyTurn, "B3", None, id="B3-empty-command"),
        pytest.param(1, [meld("3H 4H 5H")], WrongPhase, "B3", 0, id="B3-meld-before-draw"),
        pytest.param(1, [throw("8S")], WrongPhase, "B3", 0, id="B3-discard-before-draw"),
        pytest.param(1, [draw(), draw("discard")], WrongPhase, "B3", 1, id="B3-two-draws"),
        pytest.param(
            1, [draw(), throw("8S"), meld("3H 4H 5H")], NotYourTurn, "B3", 2, id="R22-discard-ends"
        ),
        pytest.param(1, [draw(), throw("QS")], CardNotInHand, "B3", 1, id="B3-discard-not-held"),
        pytest.param(
            1, [draw("discard"), throw("9C")], TakenBack, "B4", 1, id="B4-taken-not-discarded"
        ),
        pytest.param(1, [draw(), meld("7C 7D 7S")], CardNotInHand, "B5", 1, id="B5-not-held"),
        pytest.param(1, [draw(), lay(0, "8S")], UnknownMeld, "B6", 1, id="B6-no-meld"),
    ],
)
def test_a_command_that_breaks_a_rule_is_refused_whole(
    seat: int, actions: list[object], error: type[RuleViolation], rule: str, index: int | None
) -> None:
    state = rummy_hand(FOUR, stock="KD 2C")
    with pytest.raises(error) as raised:
        play(state, seat, actions)  # type: ignore[arg-type]
    assert (raised.value.rule, raised.value.action_index) == (rule, index)


def test_R22_a_turn_in_several_commands() -> None:
    state = rummy_hand(FOUR, stock="KD")
    state = after(state, 1, draw())
    state = after(state, 1, meld("3H 4H 5H"))
    assert (state.turn, state.phase) == (1, "play")
    state = after(state, 1, throw("KD"))
    assert (state.turn, state.phase, texts(state.hands[1])) == (0, "draw", "8S")


def test_B4_the_taken_card_may_be_discarded_in_a_later_turn() -> None:
    state = after(rummy_hand(FOUR, stock="KD 2C"), 1, draw("discard"), throw("8S"))
    state = after(state, 0, draw(), throw("KD"))
    assert Card("9C") in state.hands[1]
    state = after(state, 1, draw(), throw("9C"))
    assert state.discards[-1] == Card("9C")


def test_R21_a_command_may_not_leave_only_the_taken_card() -> None:
    state = rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, upcard="9C")
    with pytest.raises(TakenBack) as raised:
        play(state, 1, [draw("discard"), meld("3H 4H 5H")])
    assert (raised.value.rule, raised.value.action_index) == ("B4", 1)


def test_R21_melding_the_taken_card_in_the_same_command_goes_out() -> None:
    state = rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, upcard="6H")
    events = play(state, 1, [draw("discard"), meld("3H 4H 5H 6H")])
    assert [type(e) for e in events] == [Drew, Melded, WentOut, HandEnded]


# --- the stock (B11, R20) --------------------------------------------------------------


def test_R20_without_a_seed_the_pile_is_turned_over() -> None:
    state = rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, stock="2C 3C")
    state = after(state, 1, draw(), throw("2C"))
    state = after(state, 0, draw(), throw("3C"))
    rest = len(state.stock)
    for _ in range(rest):  # empty the stock, one draw and discard a turn
        seat = state.turn
        assert seat is not None
        drawn = state.stock[0]
        state = after(state, seat, draw(), throw(drawn.text))
    pile = state.discards
    seat = state.turn
    assert seat is not None
    events = play(state, seat, [draw()])
    assert [type(e) for e in events] == [StockRebuilt, Drew]
    rebuilt = events[0]
    assert isinstance(rebuilt, StockRebuilt)
    assert rebuilt.number == 1 and rebuilt.stock == tuple(card.text for card in pile[:-1])


def test_R20_a_rebuild_draws_its_order_from_the_given_source() -> None:
    state = rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, stock="2C 3C")
    state = after(state, 1, draw(), throw("2C"))
    state = after(state, 0, draw(), throw("3C"))
    empty = type(state)(**{**_fields(state), "stock": ()})
    events = play(empty, 1, [draw()], lambda cards, n: list(reversed(cards)))
    assert events[0] == StockRebuilt(number=1, stock=("2C", "9C"))
    with pytest.raises(RuleViolation) as raised:
        play(empty, 1, [draw()], lambda cards, n: [Card("AS")])
    assert (raised.value.code, raised.value.rule) == ("bad-rebuild", "B11")


def _fields(state: object) -> dict[str, object]:
    return {name: getattr(state, name) for name in type(state).__dataclass_fields__}


def test_R20_a_pile_of_one_card_cannot_rebuild_the_stock() -> None:
    three = {
        1: " ".join(
            f"{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        )
        + " AH 2H 3H 4H"
    }
    hands = _split_pack(3, 17)
    state = rummy_hand(hands, upcard=_left_over(hands))
    assert state.stock == () and len(state.discards) == 1 and three
    with pytest.raises(EmptyStock) as raised:
        play(state, 1, [draw()])
    assert raised.value.rule == "B11"
    assert Drew(seat=1, source="discard", card=state.discards[0].text) in play(
        state, 1, [draw("discard")]
    )


def _split_pack(seats: int, size: int) -> dict[int, str]:
    pack = [card.text for card in build_deck(1, 0)]
    return {seat: " ".join(pack[seat * size : (seat + 1) * size]) for seat in range(seats)}


def _left_over(hands: dict[int, str]) -> str:
    held = {card for hand in hands.values() for card in hand.split()}
    return next(card.text for card in build_deck(1, 0) if card.text not in held)
