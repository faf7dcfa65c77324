"""The listed legal moves are playable, and lead somewhere whenever a move exists (P10,
P23–P29, D5, D6).

`legal_moves` lists a bounded selection (domain/moves.py), not every combination; these
tests hold it to what a client relies on: each listed meld or lay-off is a whole turn
the game accepts, each listed swap is accepted before a move listed after it, and a seat
that can move finds its way through the lists alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from domain.commands import Action, LayOffAction, MeldAction, SwapAction
from domain.events import LaidOff, Melded, WildSwapped
from domain.game import play_turn
from domain.moves import legal_moves
from domain.rules import Rules
from domain.state import GameState

from .oracle import find_move
from .positions import describe, random_position
from .support import after_swaps, meld, position, run

MAX_SWAPS = 3


def _check_listed_moves(state: GameState) -> None:
    """Every listed action is accepted; and the lists lead to a move when one exists."""
    moves = legal_moves(state, 0)
    where = describe(state)
    if not state.passport[0]:
        assert moves.lay_offs == () and moves.swaps == (), f"P27: listed before passport\n{where}"
    listed: list[MeldAction | LayOffAction] = [*moves.melds, *moves.lay_offs]
    for action in listed:
        events = play_turn(state, 0, [action])
        expected = Melded if isinstance(action, MeldAction) else LaidOff
        assert isinstance(events[0], expected), f"{action}\n{where}"
    if moves.melds or moves.lay_offs:
        assert moves.can_move, f"a move is listed but can_move is false\n{where}"
    for swap in moves.swaps:
        _check_swap(state, [swap], where)
    alive = find_move(state, 0) is not None
    assert _reaches_a_move(state, [], MAX_SWAPS) is alive, (
        f"{'no' if alive else 'a'} path through the listed actions, "
        f"but the oracle says {'alive' if alive else 'dead'}\n{where}"
    )


def _check_swap(state: GameState, swaps: list[SwapAction], where: str) -> None:
    """The swaps are accepted, with each move listed after them, as one turn."""
    working = after_swaps(state, 0, swaps)
    follow = legal_moves(working, 0)
    follow_ups: list[MeldAction | LayOffAction] = [*follow.melds, *follow.lay_offs]
    for action in follow_ups:
        turn: list[Action] = [*swaps, action]
        events = play_turn(state, 0, turn)
        swapped = [event for event in events[: len(swaps)] if isinstance(event, WildSwapped)]
        assert [(event.meld, event.card) for event in swapped] == [
            (swap.meld, swap.card) for swap in swaps
        ], where


def _reaches_a_move(state: GameState, swaps: list[SwapAction], budget: int) -> bool:
    moves = legal_moves(after_swaps(state, 0, swaps), 0)
    if moves.melds or moves.lay_offs:
        return True
    return budget > 0 and any(
        _reaches_a_move(state, [*swaps, swap], budget - 1) for swap in moves.swaps
    )


def test_listed_moves_are_accepted_on_seeded_positions() -> None:
    for seed in range(1000):
        _check_listed_moves(random_position(random.Random(seed)))


@settings(max_examples=200, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.randoms(use_true_random=False))
def test_listed_moves_are_accepted(rng: random.Random) -> None:
    _check_listed_moves(random_position(rng))


# --- what the lists hold --------------------------------------------------------------


def _melds(hand: str, rules: Rules | None = None) -> set[tuple[str, ...]]:
    listed = legal_moves(position(hand, rules=rules, passport=False), 0).melds
    return {action.cards for action in listed}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("5H 6H 7H 8H 2C", ("5H", "6H", "7H", "8H"), id="P14-longest-natural-run"),
        pytest.param("AH 2H 3H 9C", ("AH", "2H", "3H"), id="P14-ace-low-run"),
        pytest.param("QH KH AH 9C", ("QH", "KH", "AH"), id="P14-ace-high-run"),
        pytest.param("8S 8H 8H 8C 2D", ("8S", "8H", "8H", "8C"), id="P17-all-naturals-of-a-rank"),
        pytest.param("5H 7H JK", ("5H", "JK", "7H"), id="P22-joker-in-a-window"),
        pytest.param("5H 5D JK", ("5H", "5D", "JK"), id="P22-pair-and-joker"),
    ],
)
def test_listed_melds_include_natural_runs_sets_and_joker_windows(
    hand: str, expected: tuple[str, ...]
) -> None:
    assert expected in _melds(hand)


def test_a_single_ace_heads_either_end_of_a_full_suit_but_not_both() -> None:
    # P16: with one AH, A..K and 2..A are each a run; A..A would need two aces.
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    listed = _melds(hearts)
    assert tuple(hearts.split()) in listed
    assert tuple(hearts.split()[1:] + ["AH"]) in listed
    assert not any(len(cards) > 13 for cards in listed)


def test_all_joker_meld_is_listed_only_with_its_option() -> None:
    assert _melds("JK JK JK") == set()
    assert _melds("JK JK JK", Rules(all_joker_melds=True)) == {("JK", "JK", "JK")}


def test_lay_offs_list_each_end_and_the_joker() -> None:
    state = position("3H 7H JK 8D", [run("H", 4, 3), meld("8S 8H 8C")])
    listed = {(a.meld, a.card, a.end) for a in legal_moves(state, 0).lay_offs}
    assert listed == {
        (0, "3H", "low"),
        (0, "7H", "high"),
        (0, "JK", "low"),
        (0, "JK", "high"),
        (1, "8D", None),
        (1, "JK", None),
    }


def test_no_joker_lay_off_is_listed_under_the_option() -> None:
    state = position("JK 8D", [run("H", 4, 3), meld("8S 8H 8C")], rules=Rules(jokers_lay_off=False))
    assert [(a.meld, a.card) for a in legal_moves(state, 0).lay_offs] == [(1, "8D")]


def test_swaps_are_listed_when_only_a_swap_opens_a_move() -> None:
    state = position("10C 2D", [run("C", 9, 3, jokers_at=(10,))])
    moves = legal_moves(state, 0)
    assert (moves.can_move, moves.melds, moves.lay_offs) == (True, (), ())
    assert moves.swaps == (SwapAction(meld=0, card="10C"),)
    follow = legal_moves(after_swaps(state, 0, moves.swaps), 0)
    assert LayOffAction(meld=0, card="JK", end="low") in follow.lay_offs
