"""Seeded hands of basic Rummy reach what random play's invariants are about (B7, B9,
B11, R20, R21, R30): going out, going rummy or a blocked hand, stock rebuilds, lay-offs
and draws from the discard pile (test_every_game_play.py checks every hand it plays)."""

from __future__ import annotations

import random
from collections import Counter

from domain.rummy.rules import RummyRules

from .draw_play import rummy_ending
from .every_game import Table
from .games_played import play


def test_seeded_hands_reach_what_the_invariants_are_about() -> None:
    seen: Counter[str] = Counter()
    for seed in range(30):
        players = random.Random(seed).randint(2, 6)
        rules = RummyRules(last_card_discard=seed % 3 == 0, ace_high=seed % 2 == 0)
        played = play(Table("rummy", players, rules, seed, fair=seed % 2 == 1))
        state = played.state
        assert state is not None and state.ended is not None
        seen[rummy_ending(state)] += 1
        seen["rebuilt"] += state.rebuilds > 0
        seen["lay-off"] += any(type(e).__name__ == "LaidOff" for e in played.events)
        seen["from the pile"] += any(getattr(e, "source", None) == "discard" for e in played.events)
    for what in ("out", "blocked", "rebuilt", "lay-off", "from the pile"):
        assert seen[what] > 0, f"no seeded hand showed {what!r}: {dict(seen)}"
