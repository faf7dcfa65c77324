"""Records of the draw games with the turn clock's default turns (R36): the verifier
decides each default turn again, the whole turn where the clock drew, or from where the
seat's own draw left it, and refuses a discard the default turn would not make."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import msgspec
import pytest

from domain import fair
from domain.bots.audit import check_bot_turns
from domain.bots.seats import bots_of
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, Drew, HandEnded
from domain.drawgame.piles import rebuild_of
from domain.events import Event
from domain.fair import bot_seed
from domain.games import GAMES
from domain.replay import Refusal

SEED = hashlib.sha256(b"draw-timeouts").digest()


def _timed_out_hand(game: str, turns: int, *, own: bool = True) -> list[Event]:
    """A hand of `game` for 3 seats where the clock plays most turns; every fourth turn
    the seat drew first itself (from the pile, or the stock), and every third turn (but
    where `own` is False) the seat plays its own turn, drawing and discarding the card
    drawn, so that no full round of default turns abandons the hand (R45)."""
    spec = GAMES[game]
    rules = spec.rules_type()
    cards, dealer, proof = fair.fair_deal_of(spec.deck(rules, 3), 3, SEED, ())
    events: list[Event] = spec.deal(["a", "b", "c"], cards, rules, dealer, proof=proof, number=1)
    state: Any = spec.fold(events, None)
    for turn in range(turns):
        if state.over:
            break
        if own and turn % 3 == 2:
            drawn = spec.play(
                state, state.turn, [DrawAction(source="stock")], rebuild_of(state, SEED)
            )
            state = spec.fold(drawn, state)
            card = next(e.card for e in drawn if isinstance(e, Drew))
            thrown = spec.play(state, state.turn, [DiscardAction(card=card)], None)
            events += drawn + thrown
            state = spec.fold(thrown, state)
            continue
        if turn % 4 == 1:
            source = "discard" if turn % 8 == 1 else "stock"
            drawn = spec.play(
                state, state.turn, [DrawAction(source=source)], rebuild_of(state, SEED)
            )
            events += drawn
            state = spec.fold(drawn, state)
        played = spec.default_turn(state, state.turn, rebuild_of(state, SEED))
        events += played
        state = spec.fold(played, state)
    return events


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_a_hand_of_default_turns_verifies(game: str) -> None:
    events = _timed_out_hand(game, 100)
    assert sum(isinstance(e, Discarded) and e.reason == "timeout" for e in events) >= 60
    verdict = GAMES[game].verify(events, GAMES[game].rules_version)
    assert verdict.valid, verdict.message


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_a_default_turn_that_discards_another_card_is_refused(game: str) -> None:
    events = _timed_out_hand(game, 10)
    at = next(i for i, e in enumerate(events) if isinstance(e, Discarded) and e.reason)
    discarded = events[at]
    assert isinstance(discarded, Discarded)
    hand_card = next(
        e.card for e in events[at + 1 :] if isinstance(e, Discarded) and e.card != discarded.card
    )
    events[at] = msgspec.structs.replace(discarded, card=hand_card)
    verdict = GAMES[game].verify(events, GAMES[game].rules_version)
    assert not verdict.valid
    assert verdict.first_bad_event == at


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_R45_a_full_round_of_default_turns_ends_the_hand_abandoned_and_verifies(game: str) -> None:
    events = _timed_out_hand(game, 10, own=False)
    ended = events[-1]
    assert isinstance(ended, HandEnded) and ended.reason == "abandoned"
    assert sum(isinstance(e, Discarded) and e.reason == "timeout" for e in events) == 3
    verdict = GAMES[game].verify(events, GAMES[game].rules_version)
    assert verdict.valid and verdict.finished, verdict.message
    assert "abandoned" in verdict.message


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_R45_a_forged_abandoned_end_is_refused(game: str) -> None:
    events = _timed_out_hand(game, 10, own=False)
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    # The end a round too early: after two default turns, not three.
    second = [i for i, e in enumerate(events) if isinstance(e, Discarded)][1]
    forged = [*events[: second + 1], ended]
    verdict = GAMES[game].verify(forged, GAMES[game].rules_version)
    assert not verdict.valid and verdict.first_bad_event == second + 1


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_R45_a_record_that_plays_on_after_a_full_round_is_refused(game: str) -> None:
    events = _timed_out_hand(game, 10, own=False)
    assert isinstance(events[-1], HandEnded)
    verdict = GAMES[game].verify(events[:-1], GAMES[game].rules_version)
    assert not verdict.valid


def _person_among_bots(game: str, bots: tuple[str | None, ...] | None) -> list[Event]:
    """A hand of `game` for 3 seats, seat 0 a person whose every turn the clock plays and
    seats 1 and 2 playing their own (drawing and discarding the card drawn), as bots do
    where `bots` says so; at most 12 turns."""
    spec = GAMES[game]
    rules = spec.rules_type()
    cards, dealer, proof = fair.fair_deal_of(spec.deck(rules, 3), 3, SEED, ())
    dealt = spec.deal(["a", "b", "c"], cards, rules, dealer, proof=proof, number=1)
    events: list[Event] = [msgspec.structs.replace(dealt[0], bots=bots), *dealt[1:]]
    state: Any = spec.fold(events, None)
    for _ in range(12):
        if state.over:
            break
        if state.turn == 0:
            played = spec.default_turn(state, 0, rebuild_of(state, SEED))
        else:
            drawn = spec.play(state, state.turn, [DrawAction(source="stock")], None)
            card = next(e.card for e in drawn if isinstance(e, Drew))
            played = drawn + spec.play(
                spec.fold(drawn, state), state.turn, [DiscardAction(card=card)], None
            )
        events += played
        state = spec.fold(played, state)
    return events


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_R45_bots_keep_nobody_at_the_table(game: str) -> None:
    # Seat 0 is the only person, and the clock plays its turn: once it has, no person
    # played for a round, and the hand ends abandoned, however the bots play on.
    events = _person_among_bots(game, (None, "greedy", "random"))
    ended = events[-1]
    assert isinstance(ended, HandEnded) and ended.reason == "abandoned"
    assert sum(isinstance(e, Discarded) and e.reason == "timeout" for e in events) == 1
    verdict = GAMES[game].verify(events, GAMES[game].rules_version)
    assert verdict.valid and verdict.finished, verdict.message
    # The same turns with three people: the two who play keep the table going.
    people = _person_among_bots(game, None)
    assert not any(isinstance(e, HandEnded) for e in people)
    assert sum(isinstance(e, Discarded) and e.reason == "timeout" for e in people) >= 3


def _bots_with_a_clock_turn(game: str, *, mark: bool = True) -> tuple[list[Event], int]:
    """A hand of `game` dealt from an explicit deck, every seat a bot; the first time a
    bot would take the discard pile's card, the clock plays that seat's turn instead
    (its turn ran out). The events, and where the clock's turn begins."""
    spec = GAMES[game]
    rules = spec.rules_type()
    deck = list(spec.deck(rules, 3))
    random.Random(game).shuffle(deck)
    bots = ("greedy", "random", "greedy")
    dealt = spec.deal(["a", "b", "c"], deck, rules, 0, proof=None, number=1)
    events: list[Event] = [msgspec.structs.replace(dealt[0], bots=bots), *dealt[1:]]
    state: Any = spec.fold(events, None)
    clock_at = -1
    for _ in range(400):
        if state.over:
            break
        seat = state.turn
        actions = bots_of(spec)[bots[seat]](
            spec.view(state, seat, False), bot_seed(None, seat, state.version)
        )
        played = spec.play(state, seat, actions, None)
        if (
            clock_at < 0
            and state.phase == "draw"
            and played[0] != spec.default_turn(state, seat, None)[0]
        ):
            clock_at = len(events)
            played = spec.default_turn(state, seat, None)
            if not mark:
                played = [
                    msgspec.structs.replace(e, reason=None) if isinstance(e, Discarded) else e
                    for e in played
                ]
        events += played
        state = spec.fold(played, state)
    return events, clock_at


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_a_bot_seat_whose_turn_ran_out_verifies_with_the_clocks_turn(game: str) -> None:
    # R33, R36: a bot's turn runs out where its process stopped past the deadline; the
    # clock's turn (its discard marked `timeout`) is not the bot's and is not refused.
    events, clock_at = _bots_with_a_clock_turn(game)
    assert clock_at > 0, "no bot took the discard pile's card: nothing was tested"
    check_bot_turns(GAMES[game], events)  # raises Refusal on a mismatch
    # The same turn unmarked would be the bot playing otherwise.
    forged, at = _bots_with_a_clock_turn(game, mark=False)
    with pytest.raises(Refusal) as refused:
        check_bot_turns(GAMES[game], forged)
    assert (refused.value.code, refused.value.index) == ("bot-turn-mismatch", at)
