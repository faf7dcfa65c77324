"""Records of the draw games with the turn clock's default turns (R36): the verifier
decides each default turn again, the whole turn where the clock drew, or from where the
seat's own draw left it, and refuses a discard the default turn would not make."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from domain import fair
from domain.drawgame.commands import DrawAction
from domain.drawgame.events import Discarded
from domain.drawgame.piles import rebuild_of
from domain.events import Event
from domain.games import GAMES

SEED = hashlib.sha256(b"draw-timeouts").digest()


def _timed_out_hand(game: str, turns: int) -> list[Event]:
    """A hand of `game` for 3 seats where the clock plays every turn; every fourth turn
    the seat drew first itself (from the pile, or the stock)."""
    spec = GAMES[game]
    rules = spec.rules_type()
    cards, dealer, proof = fair.fair_deal_of(spec.deck(rules, 3), 3, SEED, ())
    events: list[Event] = spec.deal(["a", "b", "c"], cards, rules, dealer, proof=proof, number=1)
    state: Any = spec.fold(events, None)
    for turn in range(turns):
        if state.over:
            break
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
    events = _timed_out_hand(game, 80)
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
