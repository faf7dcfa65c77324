"""Random legal play of every registered game (DESIGN principle 14; P, B and T rules alike).

Each game of `GAMES` is dealt and played by picking every command from its own legal
moves (every_game.py): every listed command is accepted, every card of the deck is in
exactly one place after every event, folding the record gives the state play reached,
the game's own checks hold (games_played.py: views, scores), and every game ends within
its bound. Its record then replays through the game's rules (the deal verified from the
revealed seed, or unproven), and round-trips through JSON and a record document.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import event, given, settings

from domain.records import dump_record, load_record, make_record, verify_record

from .every_game import Table
from .games_played import GAMES, PLAYS, play

NAMES = sorted(GAMES)


def test_every_registered_game_is_played_here() -> None:
    assert sorted(PLAYS) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_random_legal_play_keeps_every_invariant_and_ends(name: str) -> None:
    game = PLAYS[name]

    @settings(max_examples=game.examples, deadline=None)
    @given(game.tables)
    def plays(table: Table) -> None:
        played = play(table)
        assert played.state is not None and played.state.over
        event(game.ending(played.state))

    plays()


@pytest.mark.parametrize("name", NAMES)
def test_the_record_replays_through_the_rules_and_round_trips(name: str) -> None:
    spec, game = GAMES[name], PLAYS[name]

    @settings(max_examples=game.records, deadline=None)
    @given(game.tables)
    def records(table: Table) -> None:
        played = play(table)
        verdict = spec.verify(played.events, None)
        assert verdict.valid and verdict.finished, verdict
        assert verdict.deal == ("verified" if table.fair else "unproven")
        stored = msgspec.json.encode([spec.codec.encode(e) for e in played.events])
        # The store's one encode of each event is the stored form's bytes, exactly.
        assert b"[" + b",".join(map(spec.codec.encode_json, played.events)) + b"]" == stored
        decoded = spec.codec.decode_events(msgspec.json.decode(stored))
        assert decoded == played.events
        assert spec.fold(decoded, None) == played.state
        record = load_record(dump_record(make_record(played.events)))
        assert record.events == tuple(played.events) and verify_record(record).valid

    records()
