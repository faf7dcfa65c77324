"""What a match of basic Rummy hands needs of the game: who deals next (B12, R24).

Each hand is a game of the engine (one event stream, `domain.rummy.game`). A match adds
up the points of its hands, which only the winner of each hand scores (B8); who has won
it is the match's own decision (`domain.match.commands`, B12, R24). The deal passes to
the left: the seat on the last dealer's left deals the next hand (R24; the seeds say
nothing).
"""

from __future__ import annotations

from domain.drawgame.state import DrawState


def next_dealer(state: DrawState, points_recorded: bool = True) -> int:
    """The dealer of the hand after this one: the seat on this dealer's left (R24)."""
    return (state.dealer + 1) % state.seats
