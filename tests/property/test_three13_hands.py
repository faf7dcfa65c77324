"""Seeded hands of Three Thirteen reach what random play's invariants are about (T6, T8,
T9, T10, R20, R21): deadwood left, draws from the discard pile, wild cards in the melds a
seat goes out with, and stocks rebuilt from the seed (test_every_game_play.py checks
every hand it plays)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain.cards import Card
from domain.drawgame.commands import DrawAction
from domain.drawgame.state import DrawState
from domain.three13.commands import GoOutAction
from domain.three13.rules import ThirteenRules, wild_rank
from domain.three13.spec import THREE_THIRTEEN

from .draw_play import choose_thirteen
from .every_game import Table
from .games_played import play


def test_seeded_hands_reach_what_the_invariants_are_about() -> None:
    seen: Counter[str] = Counter()
    for seed in range(24):
        players, number = 2 + seed % 5, 1 + seed % 11
        table = Table("three-thirteen", players, ThirteenRules(), seed, seed % 2 == 1, number)
        played = play(table)
        state = played.state
        assert state is not None and state.ended is not None
        ended = state.ended
        seen["shared"] += len(ended.winners) > 1
        seen["deadwood"] += max(ended.points) > 0
        seen["from the pile"] += any(getattr(e, "source", None) == "discard" for e in played.events)
        seen["wild in a meld"] += any(
            Card(c).rank == wild_rank(state.number)
            for meld in ended.melds[ended.went_out or 0]
            for c in meld
        )
    for what in ("deadwood", "from the pile", "wild in a meld"):
        assert seen[what] > 0, f"no seeded hand showed {what!r}: {dict(seen)}"


def patient(state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random) -> Any:
    """A player who seldom goes out and never draws from the pile: the stock runs out."""
    kept = [
        c
        for c in commands
        if not isinstance(c[0], GoOutAction) or rng.random() < 0.02
        if not (isinstance(c[0], DrawAction) and c[0].source == "discard" and len(commands) > 1)
    ]
    return choose_thirteen(state, seat, kept or commands, rng)


def test_a_hand_that_runs_through_its_stock_rebuilds_it_from_the_seed() -> None:
    rebuilt = 0
    for seed in range(6):
        played = play(Table("three-thirteen", 2, ThirteenRules(), seed, fair=True), patient)
        assert played.state is not None
        rebuilt += played.state.rebuilds
        verdict = THREE_THIRTEEN.verify(played.events, None)
        assert verdict.valid and verdict.deal == "verified", verdict
    assert rebuilt > 0
