"""The dead check is exact (P26–P30, D3–D6, R8, R15).

Hand-reasoned positions first, each checked against `has_legal_move`, `legal_moves` and
the brute-force oracle (tests/unit/penang/oracle.py); then the oracle against the engine
over thousands of random small positions (tests/unit/penang/positions.py).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from domain.commands import MeldAction
from domain.errors import RuleViolation
from domain.melds import TableMeld
from domain.penang.dead_check import has_legal_move
from domain.penang.errors import DeadRefused
from domain.penang.events import DeclaredDead, GameEnded, TurnEnded
from domain.penang.fold import fold
from domain.penang.game import declare_dead, play_turn
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState

from ..support import meld, position, run
from .oracle import Witness, find_move
from .positions import describe, random_position

FULL_HEARTS_JOKER_5H = run("H", 1, 14, jokers_at=(5,))  # AH 2H 3H 4H JK 6H … KH AH
FULL_HEARTS_JOKERS_5H_9H = run("H", 1, 14, jokers_at=(5, 9))
CLUBS_JOKER_10C = run("C", 9, 3, jokers_at=(10,))  # 9C JK(10C) JC
HEARTS_4_TO_6 = run("H", 4, 3)
NO_JOKER_LAY_OFF = PenangRules(jokers_lay_off=False)
SWAPPED_JOKER_WAITS = PenangRules(swapped_joker_same_turn=False)

CASES = [
    pytest.param("2D 9S", [HEARTS_4_TO_6], PenangRules(), True, 0, False, id="P29-nothing-fits"),
    pytest.param(
        "2D 7H", [HEARTS_4_TO_6], PenangRules(), True, 0, True, id="P20-lay-off-keeps-alive"
    ),
    pytest.param("2D 3H", [HEARTS_4_TO_6], PenangRules(), True, 0, True, id="P20-low-end-lay-off"),
    pytest.param(
        "2D 7H", [HEARTS_4_TO_6], PenangRules(), False, 0, False, id="P27-lay-off-is-no-passport"
    ),
    pytest.param("8C 2D", [meld("8S 8H 8D")], PenangRules(), True, 0, True, id="P20-set-any-suit"),
    pytest.param(
        "KH 9S", [run("H", 1, 3)], PenangRules(), True, 0, False, id="P15-K-does-not-wrap"
    ),
    pytest.param(
        "2H 9S", [run("H", 12, 3)], PenangRules(), True, 0, False, id="P15-2-does-not-wrap"
    ),
    pytest.param("KH AH 2H", [], PenangRules(), False, 0, False, id="P15-K-A-2-is-no-passport"),
    pytest.param("QH KH AH", [], PenangRules(), False, 0, True, id="P14-Q-K-A-is-a-passport"),
    pytest.param("5H 7H 2D", [], PenangRules(), False, 0, False, id="P14-gap-without-joker"),
    pytest.param("5H 7H JK", [], PenangRules(), False, 0, True, id="P22-joker-fills-the-gap"),
    pytest.param("5H 5S JK", [], PenangRules(), False, 0, True, id="P22-pair-and-joker"),
    pytest.param("JK JK 2D", [], PenangRules(), False, 0, True, id="D3-two-jokers-and-a-natural"),
    pytest.param("JK JK JK", [], PenangRules(), False, 0, False, id="D3-jokers-alone-are-no-meld"),
    pytest.param(
        "JK JK JK", [], PenangRules(all_joker_melds=True), False, 0, True, id="D3-option-all-jokers"
    ),
    pytest.param("JK 2D", [HEARTS_4_TO_6], PenangRules(), True, 0, True, id="D5-joker-lays-off"),
    pytest.param(
        "JK 2D", [HEARTS_4_TO_6], NO_JOKER_LAY_OFF, True, 0, False, id="D5-option-joker-stays"
    ),
    pytest.param(
        "AH JK", [run("H", 1, 14)], PenangRules(), True, 0, False, id="P16-full-run-takes-nothing"
    ),
    # 10C frees the joker of 9C JK JC; the joker then goes on a run end (D5).
    pytest.param(
        "10C 2D", [CLUBS_JOKER_10C], PenangRules(), True, 0, True, id="P29-swap-opens-move"
    ),
    pytest.param(
        "10C 2D",
        [CLUBS_JOKER_10C],
        PenangRules(),
        False,
        0,
        False,
        id="P27-no-swap-before-passport",
    ),
    pytest.param(
        "10C 2D",
        [CLUBS_JOKER_10C, HEARTS_4_TO_6],
        NO_JOKER_LAY_OFF,
        True,
        0,
        False,
        id="D5-option-swapped-joker-cannot-lay-off",
    ),
    pytest.param(
        "10C 2D", [CLUBS_JOKER_10C], SWAPPED_JOKER_WAITS, True, 0, False, id="R15-joker-waits"
    ),
    pytest.param(
        "10C 2D 2S",
        [CLUBS_JOKER_10C],
        NO_JOKER_LAY_OFF,
        True,
        0,
        True,
        id="P29-swapped-joker-completes-a-pair",
    ),
    pytest.param(
        "JK 2D", [HEARTS_4_TO_6], SWAPPED_JOKER_WAITS, True, 1, False, id="R15-joker-just-swapped"
    ),
    pytest.param(
        "JK JK 2D", [HEARTS_4_TO_6], SWAPPED_JOKER_WAITS, True, 1, True, id="R15-own-joker-plays"
    ),
    # R8: the swapped joker's only place would be the full run it came from.
    pytest.param(
        "5H 2D", [FULL_HEARTS_JOKER_5H], PenangRules(), True, 0, False, id="R8-full-run-only"
    ),
    pytest.param(
        "5H 2D",
        [FULL_HEARTS_JOKER_5H, meld("8S 8H 8D")],
        PenangRules(),
        True,
        0,
        True,
        id="R8-a-set",
    ),
    pytest.param(
        "5H 2D JK", [FULL_HEARTS_JOKER_5H], PenangRules(), True, 0, True, id="R8-second-joker-melds"
    ),
    # R8 chains: 5H and 9C free one joker each; 2D JK JK is then a set of 2s.
    pytest.param(
        "5H 9C 2D",
        [run("H", 4, 3, jokers_at=(5,)), run("C", 8, 3, jokers_at=(9,))],
        NO_JOKER_LAY_OFF,
        True,
        0,
        True,
        id="R8-two-swaps-make-a-meld",
    ),
    # One run holds jokers for 5H and 9H; the seat holds both 9Hs. The first 9H fills the
    # 9H joker; the second fits no joker (the other stands for 5H). 9H 2C JK is no meld,
    # and the joker has nowhere to go: the seat is dead.
    pytest.param(
        "9H 9H 2C",
        [run("H", 4, 6, jokers_at=(5, 9))],
        NO_JOKER_LAY_OFF,
        True,
        0,
        False,
        id="R8-one-card-frees-one-joker-option",
    ),
    pytest.param(
        "9H 9H 2C",
        [FULL_HEARTS_JOKERS_5H_9H],
        PenangRules(),
        True,
        0,
        False,
        id="R8-one-card-frees-one-joker-full-run",
    ),
    pytest.param(
        "9H 5H 2C",
        [FULL_HEARTS_JOKERS_5H_9H],
        PenangRules(),
        True,
        0,
        True,
        id="R8-two-cards-free-two-jokers",
    ),
]


@pytest.mark.parametrize(("hand", "melds", "rules", "passport", "taken", "alive"), CASES)
def test_seat_is_alive_exactly_when_a_meld_or_lay_off_is_reachable(
    *,
    hand: str,
    melds: list[TableMeld],
    rules: PenangRules,
    passport: bool,
    taken: int,
    alive: bool,
) -> None:
    state = position(hand, melds, rules=rules, passport=passport, swapped_jokers=taken)
    assert (find_move(state, 0) is not None) is alive, "the oracle disagrees with the rules"
    assert has_legal_move(state, 0) is alive
    moves = legal_moves(state, 0)
    assert moves.can_move is alive
    assert bool(moves.turns) is alive, "a seat that can move is offered a whole turn"
    for turn in moves.turns:
        play_turn(state, 0, turn.actions)


@pytest.mark.parametrize(("hand", "melds", "rules", "passport", "taken", "alive"), CASES)
def test_declaring_dead_is_accepted_exactly_when_no_move_is_reachable(
    *,
    hand: str,
    melds: list[TableMeld],
    rules: PenangRules,
    passport: bool,
    taken: int,
    alive: bool,
) -> None:
    state = position(hand, melds, rules=rules, passport=passport, swapped_jokers=taken)
    if alive:
        with pytest.raises(DeadRefused):
            declare_dead(state, 0)
    else:
        assert declare_dead(state, 0)[0] == DeclaredDead(seat=0, reason="declared")


def test_engine_declares_dead_a_seat_whose_swaps_open_nothing() -> None:
    # D6, R8: seat 1 holds 9H 9H 2C against AH..AH with jokers for 5H and 9H, at a table
    # where jokers are not laid off (D5 option). One 9H fills the 9H joker; the other
    # fits no joker; 9H 2C JK is no meld, and nothing extends AH..AH or 5S 6S 7S.
    # Seat 1 is dead, and so is seat 0 (9D) after its meld: every seat is dead (P32).
    state = position(
        "5S 6S 7S 9D",
        [FULL_HEARTS_JOKERS_5H_9H],
        other_hand="9H 9H 2C",
        rules=NO_JOKER_LAY_OFF,
    )
    events = play_turn(state, 0, [MeldAction(cards=("5S", "6S", "7S"))])
    assert events[1:4] == [
        TurnEnded(seat=0),
        DeclaredDead(seat=1, reason="no_move"),
        DeclaredDead(seat=0, reason="no_move"),
    ]
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.points, ended.winners) == ((9, 20), (0,))


def test_dead_seat_has_no_legal_move() -> None:
    # P30: seat 1's 7H would extend 4H 5H 6H, but a dead seat takes no further part.
    state = replace(position("2D", [HEARTS_4_TO_6], other_hand="7H JK"), dead=(False, True))
    assert not has_legal_move(state, 1)
    moves = legal_moves(state, 1)
    assert (moves.can_move, moves.melds, moves.lay_offs, moves.swaps) == (False, (), (), ())
    assert moves.turns == ()
    assert find_move(state, 1) is None


def test_no_seat_has_a_move_once_the_game_is_over() -> None:
    # R11: seat 0 empties its hand; seat 1's 7H would extend 4H 5H 6H, but play is over.
    state = position("5S 6S 7S", [HEARTS_4_TO_6], other_hand="7H JK")
    after = fold(play_turn(state, 0, [MeldAction(cards=("5S", "6S", "7S"))]), state)
    assert after.over
    for seat in (0, 1):
        assert not has_legal_move(after, seat)
        moves = legal_moves(after, seat)
        assert (moves.can_move, moves.melds, moves.lay_offs, moves.swaps) == (False, (), (), ())
        assert moves.turns == ()


# --- the oracle against the engine ----------------------------------------------------

SEEDS = range(4000)


def _disagreement(state: PenangState, witness: Witness | None) -> str | None:
    engine = has_legal_move(state, 0)
    listed = legal_moves(state, 0).can_move
    if (witness is not None) == engine == listed:
        return None
    return (
        f"oracle: {'alive via ' + repr(witness) if witness else 'dead'}; "
        f"has_legal_move: {engine}; legal_moves.can_move: {listed}\n{describe(state)}"
    )


def _refused(state: PenangState, witness: Witness | None) -> str | None:
    """Checks the oracle itself: what it calls a move, play_turn must take whole (D8)."""
    if witness is None:
        return None
    try:
        play_turn(state, 0, witness.actions())
    except RuleViolation as refusal:
        return f"the oracle's move {witness} was refused: {refusal}\n{describe(state)}"
    return None


def test_dead_check_agrees_with_the_oracle_on_seeded_positions() -> None:
    failures: list[str] = []
    dead = swaps_needed = 0
    for seed in SEEDS:
        state = random_position(random.Random(seed))
        witness = find_move(state, 0)
        dead += witness is None
        swaps_needed += witness is not None and bool(witness.swaps)
        problem = _disagreement(state, witness) or _refused(state, witness)
        if problem:
            failures.append(f"seed {seed}: {problem}")
    # The sweep must reach the hard cases, or agreeing would prove little.
    assert dead >= 600
    assert swaps_needed >= 60
    assert not failures, f"{len(failures)} disagreements, first ones:\n\n" + "\n\n".join(
        failures[:3]
    )


# The positions are small already and a failure prints one in full, so these skip
# Hypothesis's shrinking, which costs a minute against the oracle.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=300, deadline=None, phases=NO_SHRINK)
@given(st.randoms(use_true_random=False))
def test_dead_check_agrees_with_the_oracle(rng: random.Random) -> None:
    state = random_position(rng)
    problem = _disagreement(state, find_move(state, 0))
    assert problem is None, problem


@settings(max_examples=200, deadline=None, phases=NO_SHRINK)
@given(st.randoms(use_true_random=False))
def test_every_oracle_witness_is_a_turn_the_game_accepts(rng: random.Random) -> None:
    state = random_position(rng)
    problem = _refused(state, find_move(state, 0))
    assert problem is None, problem


@pytest.mark.parametrize("jokers", [0, 1])
def test_a_run_is_found_in_one_suit_exactly_when_three_ranks_in_a_row_hold_enough(
    jokers: int,
) -> None:
    """Every hand of one suit (each set of its thirteen ranks), with no joker and with
    one: `can_meld` finds a run exactly when some three ranks in a row, the ace low
    (A 2 3) or high (Q K A) and never round the corner (K A 2), hold 3 - jokers of its
    cards (P14); a set needs two suits, so none is found here with no joker."""
    from domain.cards import Card
    from domain.penang.dead_check import HandIndex, can_meld

    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    windows = [(i, i + 1, i + 2) for i in range(11)] + [(11, 12, 0)]
    for chosen in range(1 << 13):
        held = [rank for i, rank in enumerate(ranks) if chosen >> i & 1]
        hand = HandIndex(Card(rank + "S") for rank in held)
        counts = [(chosen >> i & 1) + (chosen >> j & 1) + (chosen >> k & 1) for i, j, k in windows]
        expected = bool(held) and max(counts) >= 3 - jokers
        assert can_meld(hand, jokers, PenangRules()) is expected, (held, jokers)
