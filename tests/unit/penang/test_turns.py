"""Turns through domain.penang.game (P9–P12, P19–P32, D5, D6, D8, R4, R9, R11, R13)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.commands import LayOffAction, MeldAction
from domain.errors import (
    ActionAfterGame,
    AmbiguousJoker,
    CannotLayOff,
    CardNotInHand,
    EmptyTurn,
    GameOver,
    NotAMeld,
    NotYourTurn,
    RuleViolation,
    SeatIsDead,
    UnknownMeld,
    UnknownSeat,
)
from domain.events import LaidOff, Melded
from domain.melds import End
from domain.penang.commands import Action, SwapAction
from domain.penang.errors import BadSwap, DeadRefused, PassportRequired
from domain.penang.events import (
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
)
from domain.penang.fold import fold
from domain.penang.game import declare_dead, play_turn
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState

from ..support import cards, meld, position, run, texts

# Table: 0 = 4H 5H 6H, 1 = 8S 8H JK(8), 2 = 9C JK(10C) JC.
TABLE = (run("H", 4, 3), meld("8S 8H JK"), run("C", 9, 3, jokers_at=(10,)))
HAND = "3H 7H 8C 10C 5S 6S 7S JK 2D"


def _meld(text: str, *jokers: str) -> MeldAction:
    return MeldAction(cards=tuple(text.split()), jokers=jokers)


def _lay(meld_id: int, card: str, end: End | None = None) -> LayOffAction:
    return LayOffAction(meld=meld_id, card=card, end=end)


def _swap(meld_id: int, card: str) -> SwapAction:
    return SwapAction(meld=meld_id, card=card)


@pytest.mark.parametrize(
    ("passport", "actions", "error", "rule", "index"),
    [
        pytest.param(True, [], EmptyTurn, "P10", None, id="P10-a-turn-cannot-be-skipped"),
        pytest.param(True, [_swap(2, "10C")], EmptyTurn, "P24", 0, id="P24-swap-alone-no-turn"),
        pytest.param(
            True,
            [_swap(2, "10C"), _swap(1, "8C")],
            EmptyTurn,
            "P24",
            1,
            id="P24-swaps-alone-are-no-turn",
        ),
        pytest.param(
            False, [_lay(0, "3H")], PassportRequired, "P27", 0, id="P27-lay-off-is-no-passport"
        ),
        pytest.param(
            False,
            [_swap(2, "10C"), _meld("5S 6S 7S")],
            PassportRequired,
            "P27",
            0,
            id="P27-no-swap-before-passport",
        ),
        pytest.param(
            True, [_meld("5S 6S 8S")], CardNotInHand, "P13", 0, id="P13-meld-needs-own-cards"
        ),
        pytest.param(
            True,
            [_meld("5S 6S 7S"), _meld("5S 6S 7S")],
            CardNotInHand,
            "P13",
            1,
            id="P13-a-card-is-played-once",
        ),
        pytest.param(True, [_lay(0, "2H")], CardNotInHand, "P19", 0, id="P19-lay-off-own-card"),
        pytest.param(True, [_swap(2, "10H")], CardNotInHand, "P23", 0, id="P23-swap-own-card"),
        pytest.param(True, [_meld("3H 7H 8C")], NotAMeld, "P13", 0, id="P13-not-a-meld"),
        pytest.param(True, [_lay(5, "3H")], UnknownMeld, "P19", 0, id="P19-no-such-meld"),
        pytest.param(True, [_lay(0, "8C")], CannotLayOff, "P20", 0, id="P20-does-not-extend"),
        pytest.param(True, [_swap(0, "7H")], BadSwap, "P23", 0, id="P23-meld-has-no-joker"),
        pytest.param(True, [_lay(0, "JK")], AmbiguousJoker, "D4", 0, id="R2-joker-needs-an-end"),
        pytest.param(
            True,
            [_meld("5S 6S 7S"), _lay(0, "3H"), _lay(0, "2D")],
            CannotLayOff,
            "P20",
            2,
            id="D8-third-action-breaks-the-rule",
        ),
        pytest.param(
            False,
            [_meld("5S JK 7S"), _lay(1, "JK")],
            CardNotInHand,
            "P19",
            1,
            id="P19-the-joker-went-into-the-passport",
        ),
    ],
)
def test_refused_turn_names_the_rule_and_the_action(
    passport: bool,
    actions: list[Action],
    error: type[RuleViolation],
    rule: str,
    index: int | None,
) -> None:
    state = position(HAND, TABLE, passport=passport)
    with pytest.raises(error) as raised:
        play_turn(state, 0, actions)
    assert (raised.value.rule, raised.value.action_index) == (rule, index)
    assert str(raised.value).startswith(f"{rule}: ")


def test_refused_turn_records_nothing() -> None:
    state = position(HAND, TABLE)
    before = replace(state)
    with pytest.raises(CannotLayOff) as raised:
        play_turn(state, 0, [_meld("5S 6S 7S"), _lay(0, "3H"), _lay(0, "2D")])
    assert raised.value.action_index == 2
    # D8: the meld and the first lay-off, legal on their own, were not kept either.
    assert state == before
    assert texts(state.hands[0]) == texts(before.hands[0])
    events = play_turn(state, 0, [_meld("5S 6S 7S"), _lay(0, "3H")])
    assert [type(event) for event in events[:3]] == [Melded, LaidOff, TurnEnded]


@pytest.mark.parametrize(
    ("seat", "dead", "error", "rule"),
    [
        pytest.param(1, False, NotYourTurn, "P9", id="P9-out-of-turn"),
        pytest.param(2, False, UnknownSeat, "P2", id="unknown-seat"),
        pytest.param(1, True, SeatIsDead, "P30", id="P30-dead-seat-on-turn"),
    ],
)
def test_only_the_live_seat_on_turn_may_act(
    seat: int, dead: bool, error: type[RuleViolation], rule: str
) -> None:
    state = position(HAND, TABLE)
    if dead:
        state = replace(state, dead=(False, True), turn=1)
    with pytest.raises(error) as played:
        play_turn(state, seat, [_meld("5S 6S 7S")])
    with pytest.raises(error) as declared:
        declare_dead(state, seat)
    for raised in (played, declared):
        assert (raised.value.rule, raised.value.action_index) == (rule, None)


# --- accepted turns -------------------------------------------------------------------


def test_passport_meld_then_lay_off_in_the_same_turn() -> None:
    # R4: the passport is the first action; lay-offs may follow it within the turn.
    state = position(HAND, TABLE, passport=False)
    events = play_turn(state, 0, [_meld("5S 6S 7S"), _lay(0, "3H"), _meld("10C JK 8C", "9C")])
    assert isinstance(events[0], PassportMelded)
    assert isinstance(events[1], LaidOff)
    assert type(events[2]) is Melded
    after = fold(events, state)
    assert after.passport[0]


def test_meld_event_records_what_each_card_stands_for() -> None:
    events = play_turn(position(HAND, TABLE), 0, [_meld("5S JK 7S")])
    melded = events[0]
    assert isinstance(melded, Melded)
    assert (melded.meld, melded.kind, melded.cards, melded.stands_for) == (
        3,
        "run",
        ("5S", "JK", "7S"),
        ("5S", "6S", "7S"),
    )


def test_swapped_joker_may_be_played_in_the_same_turn() -> None:
    # D5: 10C replaces the joker of 9C JK JC; the joker goes on 4H-6H's high end as 7H.
    state = position(HAND, TABLE)
    events = play_turn(state, 0, [_swap(2, "10C"), _lay(0, "JK", "high"), _lay(0, "JK", "low")])
    swapped, first, second = events[:3]
    assert swapped == WildSwapped(seat=0, meld=2, slot=1, card="10C")
    assert isinstance(first, LaidOff)
    assert isinstance(second, LaidOff)
    assert (first.stands_for, second.stands_for) == ("7H", "3H")
    after = fold(events, state)
    assert str(after.table[2]) == "9C 10C JC"
    assert str(after.table[0]) == "JK 4H 5H 6H JK"


def test_swapped_joker_waits_for_the_next_turn_under_the_option() -> None:
    # R15: the seat holds one joker of its own and one taken by substitution.
    state = position(HAND, TABLE, rules=PenangRules(swapped_joker_same_turn=False))
    actions: list[Action] = [_swap(2, "10C"), _lay(1, "JK"), _lay(1, "JK")]
    with pytest.raises(CardNotInHand) as raised:
        play_turn(state, 0, actions)
    assert (raised.value.rule, raised.value.action_index) == ("D5", 2)
    assert play_turn(state, 0, actions[:2])


def test_set_joker_swap_takes_any_card_of_the_rank() -> None:
    events = play_turn(position(HAND, TABLE), 0, [_swap(1, "8C"), _lay(1, "JK")])
    assert events[0] == WildSwapped(seat=0, meld=1, slot=2, card="8C")


def test_many_lay_offs_in_one_turn_are_one_card_each() -> None:
    # P21, R9: one lay_off action lays one card.
    state = position(HAND, TABLE)
    events = play_turn(state, 0, [_lay(0, "3H"), _lay(0, "7H"), _lay(1, "JK")])
    assert [type(event) for event in events[:4]] == [LaidOff, LaidOff, LaidOff, TurnEnded]
    assert str(fold(events, state).table[0]) == "3H 4H 5H 6H 7H"


def test_emptying_the_hand_declares_game_and_ends_at_once() -> None:
    # P31, R11, D1: no TurnEnded; the winner scores 0; seat 1 holds 3S 8D KC = 3+8+10.
    state = position("5S 6S 7S", TABLE)
    events = play_turn(state, 0, [_meld("5S 6S 7S")])
    assert [type(event) for event in events] == [Melded, DeclaredGame, GameEnded]
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert (ended.reason, ended.winners, ended.points) == ("game", (0,), (0, 21))
    after = fold(events, state)
    assert after.over
    assert after.turn is None
    with pytest.raises(GameOver) as raised:
        play_turn(after, 0, [_meld("5S 6S 7S")])
    assert raised.value.rule == "P31"


@pytest.mark.parametrize(
    "actions",
    [
        pytest.param([_meld("5S 6S 7S"), _lay(0, "3H")], id="a-lay-off"),
        pytest.param([_meld("5S 6S 7S"), _swap(2, "10C")], id="a-swap"),
        pytest.param([_meld("5S 6S 7S"), _meld("5S 6S 7S")], id="a-meld"),
    ],
)
def test_no_action_may_follow_the_card_that_empties_the_hand(actions: list[Action]) -> None:
    # R11: Game ends the turn and the game at once; the whole turn is refused (D8).
    state = position("5S 6S 7S", TABLE)
    with pytest.raises(ActionAfterGame) as raised:
        play_turn(state, 0, actions)
    assert (raised.value.rule, raised.value.action_index) == ("P31", 1)


# --- dead seats (P28–P30, P32, D6, D7, R13) -------------------------------------------


def test_declaring_dead_is_refused_while_a_move_exists() -> None:
    with pytest.raises(DeadRefused) as raised:
        declare_dead(position(HAND, TABLE), 0)
    assert raised.value.rule == "D6"
    assert "meld" in str(raised.value)


def test_declaring_dead_is_refused_when_only_a_swap_opens_a_move() -> None:
    # P29: 10C frees the joker of 9C JK JC, which can be laid off (D5).
    state = position("10C 2D", TABLE)
    with pytest.raises(DeadRefused) as raised:
        declare_dead(state, 0)
    assert "swap 10C" in str(raised.value)


def test_seat_without_a_move_declares_dead_and_takes_no_further_part() -> None:
    state = position("2D 9S", TABLE, other_hand="3H 2S")
    events = declare_dead(state, 0)
    assert events[0] == DeclaredDead(seat=0, reason="declared")
    after = fold(events, state)
    assert after.dead[0]
    assert after.turn == 1
    with pytest.raises(SeatIsDead):
        play_turn(after, 0, [_meld("5S 6S 7S")])


def test_engine_declares_dead_each_seat_left_without_a_move_and_ends_the_game() -> None:
    # D6: after seat 0 melds 5S 6S 7S, seat 1 (2C) and then seat 0 (9D) have no move;
    # P32: every seat is dead; D7: 2 points beat 9.
    state = position("5S 6S 7S 9D", (), other_hand="2C")
    events = play_turn(state, 0, [_meld("5S 6S 7S")])
    assert events[1:] == [
        TurnEnded(seat=0),
        DeclaredDead(seat=1, reason="no_move"),
        DeclaredDead(seat=0, reason="no_move"),
        GameEnded(reason="all_dead", deadwood=(("9D",), ("2C",)), points=(9, 2), winners=(1,)),
    ]
    with pytest.raises(GameOver) as raised:
        play_turn(fold(events, state), 0, [_meld("5S 6S 7S")])
    assert raised.value.rule == "P32"


def test_seat_that_cannot_make_its_passport_is_dead_at_once() -> None:
    # P28: seat 1 holds a lay-off for 5S 6S 7S but has no passport yet; a lay-off is not one.
    state = replace(position("5S 6S 7S 9D JK", (), other_hand="8S 2C"), passport=(False, False))
    events = play_turn(state, 0, [_meld("5S 6S 7S")])
    assert events[2] == DeclaredDead(seat=1, reason="no_passport")
    assert fold(events, state).turn == 0


def test_without_auto_dead_the_seat_must_declare_itself() -> None:
    # R13: the game waits for seat 1's own declaration.
    state = position("5S 6S 7S 9D", (), other_hand="2C", rules=PenangRules(auto_dead=False))
    events = play_turn(state, 0, [_meld("5S 6S 7S")])
    assert events[1:] == [TurnEnded(seat=0)]
    after = fold(events, state)
    assert after.turn == 1
    assert declare_dead(after, 1)[0] == DeclaredDead(seat=1, reason="declared")


def test_turn_order_skips_dead_seats() -> None:
    # P9: seat 1 is dead, so seat 0's turn passes to seat 2 (who can lay off 4S).
    base = position("5S 6S 7S 9D", ())
    state = replace(
        base,
        players=("ann", "bob", "cyd"),
        hands=(*base.hands, cards("4S KC")),
        passport=(True, True, True),
        dead=(False, True, False),
    )
    events = play_turn(state, 0, [_meld("5S 6S 7S")])
    assert fold(events, state).turn == 2


def _game_over_state() -> PenangState:
    state = position("5S 6S 7S", TABLE)
    return fold(play_turn(state, 0, [_meld("5S 6S 7S")]), state)


def test_declaring_dead_after_the_end_is_refused() -> None:
    with pytest.raises(GameOver):
        declare_dead(_game_over_state(), 1)


def test_folding_from_a_state_keeps_every_field_it_does_not_change() -> None:
    """A fold copies the state it starts from field by field: none may be dropped."""
    from dataclasses import MISSING, fields

    from domain.events import DealProof, SeedRevealed
    from domain.penang.events import GameEnded

    state = position("7H 8H 9H KS", TABLE)
    full = replace(
        state,
        turn=1,
        acted=True,
        swapped_jokers=1,
        winner=0,
        ended=GameEnded(reason="game", winners=(0,), points=(0, 5), deadwood=((), ("5C",))),
        proof=DealProof(algorithm="a", server_seed_sha256="c" * 64, seat_seeds=("a", "b")),
        undealt=cards("2C"),
        revealed_seed="ab" * 32,
        timed_out=(0, 7),
        version=9,
    )
    for field in fields(PenangState):
        default = field.default if field.default is not MISSING else None
        assert getattr(full, field.name) not in (default, (), None), field.name
    after = fold([SeedRevealed(server_seed="cd" * 32)], full)
    assert replace(after, revealed_seed=full.revealed_seed, version=full.version) == full


def test_the_fold_a_turn_worked_out_is_the_fold_of_its_events() -> None:
    """A turn's rules fold its events one by one as they check them; a fold of the same
    events on the same state takes that state (`folded_already`), which must be the
    state a fold from scratch gives, a joker swapped into the hand included (D5)."""
    from domain.penang import fold as folding

    state = replace(position(HAND, TABLE), passport=(True, True))
    actions: list[Action] = [_swap(1, "8C"), _meld("5S 6S 7S"), _lay(0, "3H", "low")]
    events = play_turn(state, 0, actions)
    remembered = fold(events, state)
    last = folding._last[0]
    assert last is not None and last[2] is remembered  # taken, not folded again
    folding._last[0] = None
    from_scratch = fold(events, state)
    assert remembered is not from_scratch
    assert remembered == from_scratch
    one_by_one = state
    for event in events:
        one_by_one = fold([event], one_by_one)
    assert one_by_one == from_scratch
    # Other events on the state, or the same events on another state, are folded anew.
    assert fold(events[:-1], state) != remembered
    assert fold(list(events), replace(state, version=state.version)) == from_scratch
