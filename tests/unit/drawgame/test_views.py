"""What each viewer may see of a draw game, on every road out of the engine (R28).

The views, the events, the legal moves and the refusals are read as JSON, the way a
client gets them, and every card written anywhere in them is checked: while the hand
runs a viewer reads only its own cards and the public ones (the discard pile, the table),
never another hand, the stock's order, or a card another seat drew from the stock.
"""

from __future__ import annotations

import re

import msgspec
import pytest

from domain.cards import Card
from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState
from domain.drawgame.views import view_draw_event, view_hand
from domain.errors import RummyError
from domain.events import Event
from domain.rummy.game import play, start_hand
from domain.rummy.moves import legal_moves
from domain.rummy.rules import RummyRules
from domain.views import may_see

from ..draw_support import after, draw, meld, rummy_hand, stacked, throw

CARD = re.compile(r'"((?:[2-9]|10|[AJQK])[SHDC])"')
HANDS = {1: "3H 4H 5H 8S", 0: "7C 7D 7S QS"}


def seen(state: DrawState, events: list[Event], viewer: int | None) -> set[str]:
    """Every card written in what `viewer` reads: the view, the events, its legal moves."""
    over = state.over
    parts: list[object] = [view_hand(state, viewer)]
    parts += [view_draw_event(event, viewer, over) for event in events]
    if viewer is not None:
        parts.append(legal_moves(state, viewer))
    return set(CARD.findall(msgspec.json.encode(parts).decode()))


def played(stock: str = "KD 2C") -> tuple[DrawState, list[Event]]:
    deck = stacked(HANDS, 0, "9C", stock)
    events = start_hand(["a", "b"], deck, RummyRules(cards_per_player=4), 0)
    return fold(events), events


def test_the_predicate() -> None:
    assert may_see(1, 1, over=False) and not may_see(0, 1, over=False)
    assert not may_see(None, 1, over=False) and not may_see(1, None, over=False)
    assert may_see(None, None, over=True)


def test_after_the_deal_a_seat_reads_its_hand_and_the_upcard_only() -> None:
    state, events = played()
    for viewer, hand in ((1, HANDS[1]), (0, HANDS[0]), (None, "")):
        assert seen(state, events, viewer) <= {*hand.split(), "9C"}, viewer
        assert {*hand.split(), "9C"} <= seen(state, events, viewer)


def test_a_card_drawn_from_the_stock_is_read_by_its_drawer_only() -> None:
    state, events = played()
    new = play(state, 1, [draw()])
    state, events = after(state, 1, draw()), events + new
    assert "KD" in seen(state, events, 1)
    assert "KD" not in seen(state, events, 0) | seen(state, events, None)


def test_a_card_drawn_from_the_pile_and_every_discard_are_public() -> None:
    state, events = played()
    new = play(state, 1, [draw("discard"), meld("3H 4H 5H"), throw("8S")])
    state, events = after(state, 1, draw("discard"), meld("3H 4H 5H"), throw("8S")), events + new
    public = {"9C", "3H", "4H", "5H", "8S"}
    assert public <= seen(state, events, 0) and public <= seen(state, events, None)
    assert seen(state, events, None) <= public


def test_a_rebuilt_stock_shows_its_size_not_its_order() -> None:
    state, _ = played()
    empty = DrawState(**{**_fields(state), "stock": (), "discards": (Card("2S"), Card("9C"))})
    new = play(empty, 1, [draw()])
    rebuilt = view_draw_event(new[0], 0, over=False)
    assert msgspec.to_builtins(rebuilt) == {
        "type": "StockRebuilt", "number": 1, "stock_size": 1, "stock": None
    }  # fmt: skip
    assert view_draw_event(new[0], 0, over=True) == view_draw_event(new[0], None, over=True)
    assert msgspec.to_builtins(view_draw_event(new[0], 0, over=True))["stock"] == ("2S",)


def _fields(state: DrawState) -> dict[str, object]:
    return {name: getattr(state, name) for name in DrawState.__dataclass_fields__}


def test_once_the_hand_is_over_everything_is_read() -> None:
    state = rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}, stock="KD")
    events = start_hand(["p0", "p1"], stacked({1: "3H 4H 5H", 0: "7C 7D QS"}, 0, "9C", "KD"),
                        RummyRules(cards_per_player=3), 0)  # fmt: skip
    new = play(state, 1, [draw(), meld("3H 4H 5H"), throw("KD")])
    state = after(state, 1, draw(), meld("3H 4H 5H"), throw("KD"))
    assert state.over
    everything = seen(state, [*events, *new], None)
    assert {"7C", "7D", "QS", "KD"} <= everything
    assert view_hand(state, None).stock is not None
    earlier = view_hand(rummy_hand({1: "3H 4H 5H", 0: "7C 7D QS"}), 0, over=True)
    assert all(seat.hand is not None for seat in earlier.seats)


@pytest.mark.parametrize(
    ("seat", "actions"),
    [
        (0, [throw("3H")]),  # out of turn, naming another seat's card
        (1, [draw(), throw("7C")]),  # a card another seat holds
        (1, [draw(), meld("7C 7D 7S")]),
        (1, [draw("discard"), throw("9C")]),
    ],
)
def test_a_refusal_names_no_card_the_seat_may_not_see(seat: int, actions: list[object]) -> None:
    state, events = played()
    with pytest.raises(RummyError) as raised:
        play(state, seat, actions)  # type: ignore[arg-type]
    named = set(re.findall(r"\b(?:[2-9]|10|[AJQK])[SHDC]\b", raised.value.message))
    sent = {getattr(a, "card", None) for a in actions} | {
        c for a in actions for c in getattr(a, "cards", ())
    }
    assert named <= (seen(state, events, seat) | sent), raised.value.message
    if seat != state.turn:
        assert not named
