"""Gin Rummy's turn clock (R19, R51, R52): the default turn is marked as the clock's, a
late seat is timed out until it plays again, and a hand every person left ends
abandoned, nobody scoring (R45); a record of it verifies, and marks the clock did not
make are refused."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.cards import NATURALS, Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, Drew
from domain.gin.commands import GinAction, PassAction
from domain.gin.events import GinHandEnded, ShowingDone, UpcardPassed
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState

#: The rules a table takes, OpenSpiel's, and those of a deal recorded before the tables'
#: options (R57), which replays as the engine played then.
RULE_SETS = [preset("table"), preset("openspiel"), GinRules()]
RULE_SET_NAMES = ["table", "openspiel", "recorded-before-options"]

Events = list[Any]


def _dealt(
    seed: int, rules: GinRules, bots: tuple[str | None, ...] | None = None
) -> tuple[Events, GinState]:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    events = GIN.deal(("north", "south"), deck, rules, 1, proof=None, number=1)
    if bots is not None:
        events = [msgspec.structs.replace(events[0], bots=bots), *events[1:]]
    return events, GIN.fold(events, None)


def _own_turn(state: GinState, seat: int) -> Events:
    """`seat` plays, itself, what the clock would: pass, draw from the stock, discard it."""
    events: Events = []
    while not state.over and state.turn == seat:
        legal = legal_actions(state)
        drawn = [Card(e.card) for e in events if isinstance(e, Drew)]
        wanted: list[GinAction] = [PassAction(), DrawAction(source="stock")]
        wanted += [DiscardAction(card=card.text) for card in drawn]
        action = next(a for a in [*wanted, *legal] if a in legal)
        new = GIN.play(state, seat, [action], None)
        events += new
        state = GIN.fold(new, state)
    return events


def _clocked(seed: int, rules: GinRules, clock_seats: set[int]) -> tuple[Events, GinState]:
    """A hand where the clock plays every turn of `clock_seats`, the others their own."""
    events, state = _dealt(seed, rules)
    while not state.over:
        seat = state.turn
        assert seat is not None
        new = GIN.default_turn(state, seat, None) if seat in clock_seats else _own_turn(state, seat)
        events += new
        state = GIN.fold(new, state)
        assert state.over or state.turn != seat
    return events, state


def test_the_clocks_pass_of_the_first_upcard_is_marked_timeout() -> None:
    _events, state = _dealt(1, GinRules())
    seat = state.turn
    assert seat is not None
    assert GIN.default_turn(state, seat, None) == [UpcardPassed(seat=seat, reason="timeout")]


def test_the_clocks_draw_and_discard_mark_only_the_discard() -> None:
    _events, state = _dealt(2, GinRules())
    for _ in range(2):  # both seats pass the first upcard themselves
        assert state.turn is not None
        state = GIN.fold(GIN.play(state, state.turn, [PassAction()], None), state)
    seat = state.turn
    assert seat is not None
    drew, discarded = GIN.default_turn(state, seat, None)
    assert drew == Drew(seat=seat, source="stock", card=state.stock[0].text)
    assert discarded == Discarded(seat=seat, card=drew.card, reason="timeout")


def test_unmarked_events_keep_their_stored_bytes() -> None:
    # R51: the marks are stored only when set, so records from before them read the same.
    assert GIN.codec.encode(UpcardPassed(seat=0)) == {"type": "UpcardPassed", "v": 1, "seat": 0}
    assert GIN.codec.encode(ShowingDone(seat=1)) == {"type": "ShowingDone", "v": 1, "seat": 1}
    ended = GinHandEnded(
        reason="wall", knocker=None, deadwood=(1, 2), points=(0, 0), winners=(), hands=((), ())
    )
    assert "timed_out" not in GIN.codec.encode(ended)
    marked = GIN.codec.encode(UpcardPassed(seat=0, reason="timeout"))
    assert marked["reason"] == "timeout"
    assert GIN.codec.decode(marked) == UpcardPassed(seat=0, reason="timeout")


def test_a_seat_the_clock_played_is_timed_out_until_its_turn_comes_again() -> None:
    _events, state = _dealt(3, GinRules())
    late = state.turn
    assert late is not None
    new = GIN.default_turn(state, late, None)
    state = GIN.fold(new, state)
    assert GIN.timed_out(state, late) == state.version
    assert GIN.timed_out(state, 1 - late) is None
    state = GIN.fold(_own_turn(state, 1 - late), state)  # the other seat plays on
    assert state.turn == late and GIN.timed_out(state, late) is None
    state = GIN.fold(_own_turn(state, late), state)
    assert state.timed_out[late] == 0, "a turn of its own clears the mark"


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_SET_NAMES)
def test_R45_a_hand_every_person_left_ends_abandoned_nobody_scoring(rules: GinRules) -> None:
    for seed in range(10):
        events, state = _clocked(seed, rules, {0, 1})
        ended = state.ended
        assert ended is not None
        assert (ended.reason, ended.points, ended.winners, ended.knocker) == (
            "abandoned",
            (0, 0),
            (),
            None,
        )
        assert len(events) == 3 + 1, "a round of two clock turns, then the end"
        assert GIN.verify(events, None).valid


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_SET_NAMES)
def test_a_person_still_playing_keeps_a_clocked_hand_going_to_its_end(rules: GinRules) -> None:
    for seed in range(10):
        events, state = _clocked(seed, rules, {seed % 2})
        assert state.ended is not None and state.ended.reason != "abandoned"
        assert GIN.verify(events, None).valid, GIN.verify(events, None)


def test_the_clocks_pass_at_the_wall_names_the_seat_in_the_end() -> None:
    # R41: with `wall_knock` the seat on turn at the wall may pass; the clock's pass
    # records only the end, so the end names the seat it played (R51).
    found = 0
    for seed in range(30):
        events, state = _clocked(seed, preset("openspiel"), {1})
        ended = state.ended
        assert ended is not None
        if ended.reason == "wall" and ended.timed_out == 1:
            found += 1
            assert GIN.timed_out(state, 1) == state.version
            assert GIN.verify(events, None).valid
    assert found


def test_R45_one_person_beside_a_bot_abandons_the_hand_at_their_first_clock_turn() -> None:
    for person in (0, 1):
        bots = tuple(None if seat == person else "greedy" for seat in (0, 1))
        events, state = _dealt(4, GinRules(), bots)
        while not state.over:
            seat = state.turn
            assert seat is not None
            new = GIN.default_turn(state, seat, None) if seat == person else _own_turn(state, seat)
            events += new
            state = GIN.fold(new, state)
        assert state.ended is not None and state.ended.reason == "abandoned"
        assert sum(getattr(e, "reason", None) == "timeout" for e in events) == 1


def test_a_table_of_bots_alone_is_never_abandoned() -> None:
    events, state = _dealt(5, GinRules(), ("greedy", "random"))
    while not state.over:
        assert state.turn is not None
        new = GIN.default_turn(state, state.turn, None)
        events += new
        state = GIN.fold(new, state)
    assert state.ended is not None and state.ended.reason == "wall"


def test_a_mark_the_clock_did_not_make_is_refused() -> None:
    events, _state = _clocked(6, GinRules(), {1})
    own = next(
        index
        for index, event in enumerate(events)
        if isinstance(event, Discarded) and event.seat == 0
    )
    forged = [*events[:own], msgspec.structs.replace(events[own], reason="timeout")]
    forged += events[own + 1 :]
    verdict = GIN.verify(forged, None)
    assert (verdict.valid, verdict.first_bad_event) == (False, own), verdict


def test_an_abandoned_end_where_a_person_still_plays_is_refused() -> None:
    events, state = _dealt(7, GinRules())
    first = state.turn
    assert first is not None
    events += GIN.default_turn(state, first, None)
    state = GIN.fold(events, None)
    events += _own_turn(state, 1 - first)
    state = GIN.fold(events, None)
    assert not state.over
    abandoned = GinHandEnded(
        reason="abandoned",
        knocker=None,
        deadwood=(0, 0),
        points=(0, 0),
        winners=(),
        hands=tuple(tuple(card.text for card in hand) for hand in state.hands),
    )
    verdict = GIN.verify([*events, abandoned], None)
    assert (verdict.valid, verdict.first_bad_event) == (False, len(events)), verdict


def test_a_seat_that_drew_itself_gets_the_rest_of_its_turn_from_the_clock() -> None:
    # The seat took the upcard itself (G3), then its time ran out: the clock discards its
    # first listed card (never the one just taken, G7), marked, and the record verifies.
    events, state = _dealt(8, GinRules())
    seat = state.turn
    assert seat is not None
    taken = GIN.play(state, seat, [DrawAction(source="discard")], None)
    events += taken
    state = GIN.fold(taken, state)
    (discarded,) = GIN.default_turn(state, seat, None)
    assert isinstance(discarded, Discarded) and discarded.reason == "timeout"
    assert Card(discarded.card) != state.taken and Card(discarded.card) in state.hands[seat]
    events.append(discarded)
    state = GIN.fold([discarded], state)
    assert GIN.timed_out(state, seat) == state.version
    assert GIN.verify(events, None).valid


def test_the_clocks_draw_to_hoyles_wall_names_the_seat_in_the_end() -> None:
    # R61: with `wall: "draw"` the draw that leaves two stock cards ends the hand; a draw
    # takes no mark, so the clock's turn that made it names the seat in the end (R51).
    events, state = _dealt(4, preset("table", wall="draw"))
    while len(state.stock) > 3 or state.phase != "draw":
        seat = state.turn
        assert seat is not None and not state.over
        new = _own_turn(state, seat)
        events += new
        state = GIN.fold(new, state)
    seat = state.turn
    assert seat is not None
    clock = GIN.default_turn(state, seat, None)
    assert [type(event) for event in clock] == [Drew, GinHandEnded]
    end = clock[-1]
    assert isinstance(end, GinHandEnded) and (end.reason, end.timed_out) == ("wall", seat)
    after = GIN.fold(clock, state)
    assert GIN.timed_out(after, seat) == after.version
    assert GIN.verify([*events, *clock], None).valid
    # Unmarked, the same events are the seat's own draw: valid, and no timeout.
    unmarked = [*clock[:-1], msgspec.structs.replace(end, timed_out=None)]
    assert GIN.verify([*events, *unmarked], None).valid
    assert GIN.timed_out(GIN.fold(unmarked, state), seat) is None
