"""Random legal play of every registered game (DESIGN principle 14; P, B and T rules alike).

Each game of `GAMES` is dealt and played by picking every command from its own legal
moves (every_game.py; a game without a play of its own, by its bots): every listed
command is accepted, every card of the deck is in exactly one place after every event,
folding the record gives the state play reached, the game's own checks hold
(games_played.py: views, scores), and every game ends within its bound. Its record then
replays through the game's rules (the deal verified from the revealed seed, or
unproven), and round-trips through JSON and a record document. Every game is played by
its own bots too, through its spec alone.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import event, given, settings

from domain.record_proofs import verify_record
from domain.records import dump_record, load_record, make_record

from .every_game import Table
from .games_played import BOT_PLAYS, GAMES, OWN_PLAYS, PLAYS, play

NAMES = sorted(GAMES)


def test_every_registered_game_is_played_here() -> None:
    unplayed = sorted(set(NAMES) - set(PLAYS))
    assert not unplayed, f"no bots and no play of its own (games_played.py): {unplayed}"
    assert sorted(PLAYS) == NAMES
    assert set(OWN_PLAYS) <= set(GAMES), "a play of its own is a registered game's"
    assert sorted(BOT_PLAYS) == sorted(name for name, spec in GAMES.items() if spec.bots)


@pytest.mark.parametrize("name", sorted(BOT_PLAYS))
def test_every_game_is_played_to_its_end_by_its_own_bots(name: str) -> None:
    # Through its spec alone: its bots' every command accepted from the seat's view, the
    # record folding to the state play reached, the game ended within the bound, and its
    # record verified and read back.
    spec, game = GAMES[name], BOT_PLAYS[name]

    @settings(max_examples=game.examples, deadline=None)
    @given(game.tables)
    def plays(table: Table) -> None:
        played = play(table, game=game)
        assert played.state is not None and played.state.over
        verdict = spec.verify(played.events, None)
        assert verdict.valid and verdict.finished, verdict
        record = load_record(dump_record(make_record(played.events)))
        assert record.events == tuple(played.events) and verify_record(record).valid
        event(f"{table.players} seats")

    plays()


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
