"""Games a benchmark's client plays, each worked out with the domain before timing.

A game is a pure function of its seed and its moves: the client deals the same game
the server dealt (`POST /games` with a `seed`) and plays it through once, so that the
timed loop sends ready turns, each a legal move, and the client's own thinking stays
out of the figures.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from domain.commands import LayOffAction  # noqa: E402
from domain.errors import RuleViolation  # noqa: E402
from domain.fair import fair_deal_of  # noqa: E402
from domain.penang.commands import Action  # noqa: E402
from domain.penang.fold import fold  # noqa: E402
from domain.penang.game import declare_dead, play_turn, start_game  # noqa: E402
from domain.penang.moves import legal_moves  # noqa: E402
from domain.penang.rules import PenangRules  # noqa: E402
from domain.penang.state import PenangState  # noqa: E402

PLAYERS = ["Aminah", "Ben", "Chen", "Devi"]
_encode = msgspec.json.encode


class Game:
    """A game the client plays: its id, tokens, and its turns worked out in advance."""

    def __init__(self, created: dict[str, Any], seed: str) -> None:
        self.id = created["game_id"]
        self.tokens = created["tokens"]
        server_seed = hashlib.sha256(seed.encode()).digest()
        deck, dealer, _ = fair_deal_of(
            PenangRules().deck_for(len(PLAYERS)), len(PLAYERS), server_seed, ()
        )
        self.state: PenangState = fold(start_game(PLAYERS, deck, PenangRules(), dealer))
        assert self.state.version == created["version"], "the client's deal differs"
        #: The version the server holds: moved on by the client as each turn lands.
        self.version: int = created["version"]
        #: (seat, request body or None for a dead declaration, the version it leads to)
        self.turns: list[tuple[int, bytes | None, int]] = []
        while not self.state.over:
            seat, actions = self.choose()
            if actions:
                events = play_turn(self.state, seat, actions)
                body: bytes | None = _encode({"actions": actions})
            else:
                events, body = declare_dead(self.state, seat), None
            self.state = fold(events, self.state)
            # The server adds SeedRevealed after the end (domain.fair): one more version.
            self.turns.append((seat, body, self.state.version + self.state.over))

    def choose(self) -> tuple[int, list[Action]]:
        seat = self.state.turn
        assert seat is not None
        moves = legal_moves(self.state, seat)
        if moves.melds:
            return seat, [moves.melds[0]]
        if moves.lay_offs:
            return seat, [moves.lay_offs[0]]
        for swap in moves.swaps:
            for meld in self.state.table:
                for end in ("low", "high", None):
                    actions: list[Action] = [swap, LayOffAction(meld=meld.id, card="JK", end=end)]
                    try:
                        play_turn(self.state, seat, actions)
                    except RuleViolation:
                        continue
                    return seat, actions
        return seat, []
