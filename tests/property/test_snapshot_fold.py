"""A finished game's snapshot is its fold, for every registered game, in random legal play.

Each game of `GAMES` is played by random legal commands (every_game.py). Its state
folded from the record, stored as a snapshot and read back (`service.store.snapshots`),
is that fold, field by field; so is the fold of the record cut anywhere into two folds,
the second from the state the first gave (a fold begins its draft from any state).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.store.snapshot_codec import FORMATS, SnapshotCodec

from .every_game import Table
from .games_played import GAMES, PLAYS, play

NAMES = sorted(GAMES)
_codec = SnapshotCodec()


@pytest.mark.parametrize("name", NAMES)
def test_a_snapshot_of_a_finished_game_decodes_to_its_fold(name: str) -> None:
    spec, game = GAMES[name], PLAYS[name]

    @settings(max_examples=game.records, deadline=None)
    @given(game.tables, st.floats(0, 1))
    def snapshots(table: Table, cut: float) -> None:
        played = play(table)
        folded = spec.fold(played.events, None)
        assert folded == played.state and folded.over
        form, data = _codec.encode(folded)
        assert form == FORMATS[type(folded)]
        assert _codec.decode(form, data) == folded
        at = max(1, int(len(played.events) * cut))
        assert spec.fold(played.events[at:], spec.fold(played.events[:at], None)) == folded

    snapshots()
