"""The listed legal moves are playable, and lead somewhere whenever a move exists (P10,
P23–P29, D5, D6, D8).

`legal_moves` lists a bounded selection (domain/penang/moves.py), not every combination;
these tests hold it to what a client relies on: every listed turn is a whole turn the game
accepts as it is, and there is one exactly when the seat can move; each listed meld or
lay-off is a whole turn too, each listed swap is accepted before a move listed after
it, and a seat that can move finds its way through the action lists alone.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from domain.commands import LayOffAction, MeldAction
from domain.errors import RuleViolation
from domain.events import LaidOff, Melded
from domain.fair import fair_deal_of
from domain.penang.commands import Action, SwapAction, Turn
from domain.penang.errors import DeadRefused
from domain.penang.events import WildSwapped
from domain.penang.fold import fold
from domain.penang.game import declare_dead, play_turn, start_game
from domain.penang.moves import describe as describe_move
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState

from ..support import after_swaps, meld, position, run
from .oracle import find_move
from .positions import describe, random_position

MAX_SWAPS = 3
CLUBS_JOKER_10C = run("C", 9, 3, jokers_at=(10,))  # 9C JK(10C) JC
SWAP_WAITS = PenangRules(swapped_joker_same_turn=False)


def _check_listed_moves(state: PenangState) -> None:
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


def _check_swap(state: PenangState, swaps: list[SwapAction], where: str) -> None:
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


def _reaches_a_move(state: PenangState, swaps: list[SwapAction], budget: int) -> bool:
    moves = legal_moves(after_swaps(state, 0, swaps), 0)
    if moves.melds or moves.lay_offs:
        return True
    return budget > 0 and any(
        _reaches_a_move(state, [*swaps, swap], budget - 1) for swap in moves.swaps
    )


def test_listed_moves_are_accepted_on_seeded_positions() -> None:
    for seed in range(1000):
        _check_listed_moves(random_position(random.Random(seed)))


# --- whole turns ----------------------------------------------------------------------


def _check_listed_turns(state: PenangState) -> str | None:
    """Every listed turn is accepted as it is, and one is listed exactly when the seat can
    move (P29, D8); the problem found, or None."""
    moves = legal_moves(state, 0)
    where = describe(state)
    if bool(moves.turns) is not moves.can_move:
        return f"can_move is {moves.can_move} but {len(moves.turns)} turns are listed\n{where}"
    alone = [(action,) for action in (*moves.melds, *moves.lay_offs)]
    if [turn.actions for turn in moves.turns[: len(alone)]] != alone:
        return f"the turns do not begin with each listed meld and lay-off alone\n{where}"
    for turn in moves.turns[len(alone) :]:
        *swaps, move = turn.actions
        if not swaps or swaps[0] not in moves.swaps or isinstance(move, SwapAction):
            return f"{turn} is not a listed swap, maybe more swaps, then one move\n{where}"
    for turn in moves.turns:
        try:
            events = play_turn(state, 0, turn.actions)
        except RuleViolation as refusal:
            return f"the listed turn {turn} is refused: {refusal}\n{where}"
        if len(events) <= len(turn.actions):
            return f"the listed turn {turn} did not end the turn\n{where}"
    first = moves.turns[0].actions if moves.turns else ()
    named = ", then ".join(_words(action) for action in first) or "no move"
    if describe_move(moves) != named:
        return f"D6 names {describe_move(moves)!r}, not the first turn {named!r}\n{where}"
    return None


def _words(action: Action) -> str:
    if isinstance(action, MeldAction):
        return "meld " + " ".join(action.cards)
    if isinstance(action, LayOffAction):
        return f"lay off {action.card} on meld {action.meld}"
    return f"swap {action.card} for the joker of meld {action.meld}"


def test_every_listed_turn_is_a_whole_turn_on_seeded_positions() -> None:
    problems: list[str] = []
    swap_turns = 0
    for seed in range(2000):
        state = random_position(random.Random(seed))
        problem = _check_listed_turns(state)
        if problem:
            problems.append(f"seed {seed}: {problem}")
        moves = legal_moves(state, 0)
        swap_turns += not moves.melds and not moves.lay_offs and bool(moves.turns)
    # The sweep must reach seats that only a swap keeps alive, or passing proves little.
    assert swap_turns >= 50, swap_turns
    assert not problems, f"{len(problems)} problems, first ones:\n\n" + "\n\n".join(problems[:3])


@settings(max_examples=300, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.randoms(use_true_random=False))
def test_every_listed_turn_is_a_whole_turn(rng: random.Random) -> None:
    problem = _check_listed_turns(random_position(rng))
    assert problem is None, problem


def test_a_swap_that_opens_a_meld_is_listed_with_the_meld() -> None:
    # The deal of seed "swap-only-14" (as the service derives it), 3 seats of 7 cards,
    # jokers not laid off (D5 option). Seat 0 melds 4H JK 6H (the joker is the 5H), seat 1
    # 10D 10C JK; seat 2 and seat 0 are dead. Seat 1 holds 5H 3D JD JC: no meld and no
    # lay-off, and a swap alone is no turn (P24). Swapping the 5H opens JD JC JK.
    rules = PenangRules(jokers_lay_off=False, cards_per_player=7)
    deck, dealer, proof = fair_deal_of(
        rules.deck_for(3), 3, hashlib.sha256(b"swap-only-14").digest(), ()
    )
    state = fold(start_game(("a", "b", "c"), deck, rules, dealer, proof))
    state = fold(play_turn(state, 0, [MeldAction(cards=("4H", "JK", "6H"))]), state)
    state = fold(play_turn(state, 1, [MeldAction(cards=("10D", "10C", "JK"))]), state)
    assert (state.turn, state.dead) == (1, (True, False, True))
    moves = legal_moves(state, 1)
    assert (moves.can_move, moves.melds, moves.lay_offs) == (True, (), ())
    assert moves.swaps == (SwapAction(meld=0, card="5H"),)
    swap_then_meld = (
        SwapAction(meld=0, card="5H"),
        MeldAction(cards=("JD", "JC", "JK"), jokers=("J",)),
    )
    assert moves.turns == (Turn(actions=swap_then_meld),)
    with pytest.raises(DeadRefused, match="swap 5H for the joker of meld 0, then meld JD JC JK"):
        declare_dead(state, 1)
    after = fold(play_turn(state, 1, moves.turns[0].actions), state)
    assert [card.text for card in after.hands[1]] == ["3D"]


@settings(max_examples=200, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.randoms(use_true_random=False))
def test_listed_moves_are_accepted(rng: random.Random) -> None:
    _check_listed_moves(random_position(rng))


# --- what the lists hold --------------------------------------------------------------


def _melds(hand: str, rules: PenangRules | None = None) -> set[tuple[str, ...]]:
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
    assert _melds("JK JK JK", PenangRules(all_joker_melds=True)) == {("JK", "JK", "JK")}


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
    state = position(
        "JK 8D", [run("H", 4, 3), meld("8S 8H 8C")], rules=PenangRules(jokers_lay_off=False)
    )
    assert [(a.meld, a.card) for a in legal_moves(state, 0).lay_offs] == [(1, "8D")]


def test_swaps_are_listed_when_only_a_swap_opens_a_move() -> None:
    state = position("10C 2D", [run("C", 9, 3, jokers_at=(10,))])
    moves = legal_moves(state, 0)
    assert (moves.can_move, moves.melds, moves.lay_offs) == (True, (), ())
    assert moves.swaps == (SwapAction(meld=0, card="10C"),)
    follow = legal_moves(after_swaps(state, 0, moves.swaps), 0)
    assert LayOffAction(meld=0, card="JK", end="low") in follow.lay_offs
    # The whole turn: the swap, then the joker it brings (laid off at the first open end).
    swap_then_lay_off = (moves.swaps[0], LayOffAction(meld=0, card="JK", end="low"))
    assert moves.turns == (Turn(actions=swap_then_lay_off),)


def test_a_chain_of_swaps_is_listed_whole() -> None:
    # R8: 5H and 9C free one joker each; only with both is 2D JK JK a meld (jokers stay).
    melds = [run("H", 4, 3, jokers_at=(5,)), run("C", 8, 3, jokers_at=(9,))]
    state = position("5H 9C 2D", melds, rules=PenangRules(jokers_lay_off=False))
    moves = legal_moves(state, 0)
    assert (moves.melds, moves.lay_offs) == ((), ())
    two_swaps = (SwapAction(meld=0, card="5H"), SwapAction(meld=1, card="9C"))
    assert [turn.actions[:2] for turn in moves.turns] == [two_swaps, two_swaps[::-1]]
    for turn in moves.turns:
        assert turn.actions[2] == MeldAction(cards=("2D", "JK", "JK"), jokers=("2", "2"))
        play_turn(state, 0, turn.actions)


def test_a_swap_that_opens_nothing_has_no_turn() -> None:
    # R15: the joker a swap takes waits for the next turn, so 10C opens nothing here; the
    # 8D still lays off on the set, alone or after the swap.
    state = position("10C 8D", [CLUBS_JOKER_10C, meld("8S 8H 8C")], rules=SWAP_WAITS)
    moves = legal_moves(state, 0)
    lay_off = LayOffAction(meld=1, card="8D")
    assert moves.turns == (
        Turn(actions=(lay_off,)),
        Turn(actions=(SwapAction(meld=0, card="10C"), lay_off)),
    )
    state = position("10C 2D", [CLUBS_JOKER_10C], rules=SWAP_WAITS)
    moves = legal_moves(state, 0)
    assert moves.swaps == (SwapAction(meld=0, card="10C"),)
    assert (moves.can_move, moves.turns) == (False, ())
