"""Records of Gin Rummy's bot seats, verified (R33, R50): every command of a bot seat is
re-derived from that seat's view and its seed, one action a command, and a record whose
bot seat played anything else is refused `bot-turn-mismatch`. The turn clock's default
turn is marked as the clock's (R51), so where it played a bot's seat the verifier takes
it for what it is; the same turn unmarked reads as the bot playing otherwise, and is
refused."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from domain.bots.audit import check_bot_turns
from domain.bots.seats import bots_of
from domain.fair import bot_seed, fair_deal_of
from domain.gin.commands import PassAction
from domain.gin.rules import GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState
from domain.replay import Refusal

#: The rules a table takes, OpenSpiel's, and those of a deal recorded before the tables'
#: options (R57), which replays as the engine played then.
RULE_SETS = [preset("table"), preset("openspiel"), GinRules()]
RULE_SET_NAMES = ["table", "openspiel", "recorded-before-options"]

Events = list[Any]
SEED = hashlib.sha256(b"gin-bot-records").digest()


def _dealt(bots: tuple[str | None, ...], rules: GinRules) -> tuple[Events, GinState]:
    deck, dealer, proof = fair_deal_of(GIN.deck(rules, 2), 2, SEED, ())
    events = GIN.deal(["a", "b"], deck, rules, dealer, proof=proof, number=1)
    events = [msgspec.structs.replace(events[0], bots=bots), *events[1:]]
    return events, GIN.fold(events, None)


def _bot_events(state: GinState, seat: int, name: str) -> Events:
    actions = bots_of(GIN)[name](GIN.view(state, seat, False), bot_seed(SEED, seat, state.version))
    assert actions is not None
    return GIN.play(state, seat, actions, None)


def _played(bots: tuple[str | None, ...], rules: GinRules, clock_at: int | None = None) -> Events:
    """A hand played out: each seat by its bot (a person's seat by greedy too), but the
    `clock_at`-th command, which the turn clock plays; the seed revealed at the end."""
    events, state = _dealt(bots, rules)
    commands = 0
    while not state.over:
        seat = state.turn
        assert seat is not None
        if commands == clock_at:
            new = GIN.default_turn(state, seat, None)
        else:
            new = _bot_events(state, seat, bots[seat] or "greedy")
        commands += 1
        events += new
        state = GIN.fold(new, state)
    revealed = GIN.reveal_seed(state, SEED)
    return events + revealed


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_SET_NAMES)
def test_a_hand_of_two_gin_bots_verifies(rules: GinRules) -> None:
    events = _played(("greedy", "random"), rules)
    check_bot_turns(GIN, events)
    assert GIN.verify(events).valid


def test_a_record_that_swaps_the_bots_is_refused() -> None:
    events = _played(("greedy", "random"), GinRules())
    swapped = [msgspec.structs.replace(events[0], bots=("random", "greedy")), *events[1:]]
    with pytest.raises(Refusal) as refused:
        check_bot_turns(GIN, swapped)
    assert (refused.value.code, refused.value.rule) == ("bot-turn-mismatch", "R33")
    assert refused.value.index >= 1


def _unmarked(event: Any) -> Any:
    if getattr(event, "reason", None) == "timeout":
        return msgspec.structs.replace(event, reason=None)
    if getattr(event, "timed_out", None) is not None:
        return msgspec.structs.replace(event, timed_out=None)
    return event


def test_the_clocks_marked_turn_in_a_bot_seat_verifies_and_unmarked_is_refused() -> None:
    # Timed out at one of its commands, the random bot's seat (1) or the greedy one's (0)
    # is played by the game's default turn, marked as the clock's (R51): the record
    # verifies. The same events without the mark read as the bot playing otherwise.
    refused = []
    for at in range(1, 12):
        events = _played(("greedy", "random"), GinRules(), clock_at=at)
        assert any(_unmarked(event) != event for event in events), "the clock played"
        assert GIN.verify(events).valid
        check_bot_turns(GIN, events)
        unmarked = [_unmarked(event) for event in events]
        assert GIN.verify(unmarked).valid  # every move is still legal
        try:
            check_bot_turns(GIN, unmarked)
        except Refusal as refusal:
            refused.append((at, refusal.code, refusal.rule))
    assert refused and {code for _, code, _ in refused} == {"bot-turn-mismatch"}, refused
    assert {rule for _, _, rule in refused} == {"R33"}


def test_a_pass_at_the_wall_where_the_bot_would_knock_is_refused() -> None:
    # R41 (wall_knock, OpenSpiel's preset): at the wall the seat on turn passes, which
    # records only the hand's end (naming no seat), or knocks with the upcard. Here the
    # random bot of seat 1 knocks; a record that passes for it follows the rules, and
    # its end is the bot seat's own command, not the end of the command before.
    rules, seed = preset("openspiel"), hashlib.sha256(b"wall-1456").digest()
    deck, dealer, proof = fair_deal_of(GIN.deck(rules, 2), 2, seed, ())
    bots = ("random", "random")
    events = GIN.deal(["a", "b"], deck, rules, dealer, proof=proof, number=1)
    events = [msgspec.structs.replace(events[0], bots=bots), *events[1:]]
    state = GIN.fold(events, None)
    while state.phase != "wall":
        seat = state.turn
        assert seat is not None and not state.over
        actions = bots_of(GIN)["random"](
            GIN.view(state, seat, False), bot_seed(seed, seat, state.version)
        )
        assert actions is not None
        new = GIN.play(state, seat, actions, None)
        events, state = events + new, GIN.fold(new, state)
    seat = state.turn
    assert seat is not None
    knocked = _bot_events_seeded(state, seat, seed)
    passed = GIN.play(state, seat, [PassAction()], None)
    assert [type(event).__name__ for event in passed] == ["GinHandEnded"]
    assert [type(event).__name__ for event in knocked][:2] == ["Drew", "Knocked"]
    honest = events + knocked
    forged = events + passed
    forged += GIN.reveal_seed(GIN.fold(passed, state), seed)
    assert GIN.verify(forged).valid  # passing at the wall is legal
    with pytest.raises(Refusal) as refused:
        check_bot_turns(GIN, forged)
    assert (refused.value.code, refused.value.index) == ("bot-turn-mismatch", len(events))
    starts: list[int] = []
    assert GIN.verify(forged, None, starts).valid and len(events) in starts
    with pytest.raises(Refusal):
        check_bot_turns(GIN, forged, starts)
    check_bot_turns(GIN, honest)  # the bot's own knock, not yet over: nothing to refuse


def _bot_events_seeded(state: GinState, seat: int, seed: bytes) -> Events:
    play = bots_of(GIN)["random"]
    actions = play(GIN.view(state, seat, False), bot_seed(seed, seat, state.version))
    assert actions is not None
    return GIN.play(state, seat, actions, None)
