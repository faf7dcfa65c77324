"""Records with the turn clock's timeouts (R19): the verifier takes the timeout of the seat
on turn as recorded (a record holds no clock), says so, and still checks everything the
timeout entails and every other seat's timeout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.events import Event
from domain.penang.codec import decode_events, encode_event
from domain.penang.fold import fold
from domain.penang.game import time_out
from domain.records import GameRecord

from .test_audit_verify import ACTIONS, forged, refused, stored, verify

Stored = list[dict[str, Any]]


def _timed_out_to_the_end(record: GameRecord) -> tuple[Stored, int]:
    """The record cut before its first turn after the 10th event, every seat then timed
    out in turn until the game ends, and the seed revealed; and where the cut is."""
    events = stored(record)
    cut = next(i for i, event in enumerate(events) if i > 10 and event["type"] in ACTIONS)
    played = events[:cut]
    state = fold(decode_events(played))
    while not state.over:
        assert state.turn is not None
        produced = time_out(state, state.turn)
        played += [stored_event(event) for event in produced]
        state = fold(produced, state)
    return [*played, events[-1]], cut  # the golden record's SeedRevealed


def stored_event(event: Event) -> dict[str, Any]:
    stored_form: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(encode_event(event)))
    return stored_form


def test_a_game_ended_by_timeouts_verifies_and_says_its_times_are_not_checked(
    golden: Callable[[str], GameRecord],
) -> None:
    events, cut = _timed_out_to_the_end(golden("four-players"))
    verdict = verify(events)
    assert verdict.valid, verdict.summary()
    assert (verdict.finished, verdict.deal) == (True, "verified")
    count = sum(e["type"] == "DeclaredDead" and e["reason"] == "timeout" for e in events[cut:])
    assert count >= 1
    noun = "timeout" if count == 1 else "timeouts"
    assert f"{count} {noun} taken as recorded (R19: times are not checked)" in verdict.message


def test_a_record_without_timeouts_says_nothing_of_them(
    golden: Callable[[str], GameRecord],
) -> None:
    verdict = verify(stored(golden("four-players")))
    assert verdict.valid and "timeout" not in verdict.message


def test_the_timeout_of_a_seat_not_on_turn_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events, cut = _timed_out_to_the_end(golden("four-players"))
    on_turn = events[cut]["seat"]
    other = (on_turn + 1) % 4
    events[cut] = forged("DeclaredDead", seat=other, reason="timeout")
    refused(verify(events), cut, "P9", "not-your-turn")


def test_a_timeout_without_what_it_entails_is_refused(golden: Callable[[str], GameRecord]) -> None:
    # The last timeout ends the game: leaving out its GameEnded cuts the command short (D8).
    events, _ = _timed_out_to_the_end(golden("four-players"))
    ended = next(i for i, e in enumerate(events) if e["type"] == "GameEnded")
    start = ended
    while events[start - 1]["type"] == "DeclaredDead" and events[start - 1]["reason"] != "timeout":
        start -= 1
    start -= 1  # the timeout that began the command
    assert events[start]["reason"] == "timeout"
    refused(verify(events[:ended]), start, "D8", "incomplete-command")


def test_a_timeout_after_the_end_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    ended = next(i for i, e in enumerate(events) if e["type"] == "GameEnded")
    events.insert(ended + 1, forged("DeclaredDead", seat=0, reason="timeout"))
    verdict = verify(events)
    assert not verdict.valid and verdict.code == "after-end", verdict
