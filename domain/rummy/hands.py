"""What a match of basic Rummy hands needs: who deals next, and who has won (B12, R24).

Each hand is a game of the engine (one event stream, `domain.rummy.game`). A match adds
up the points of its hands, which only the winner of each hand scores (B8); it is won by
the first seat whose total reaches the target (for example 150), or by the most points
after a set number of hands, equal totals sharing the win (B12). The deal passes to the
left: the seat on the last dealer's left deals the next hand (R24; the seeds say nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.drawgame.state import DrawState


def next_dealer(state: DrawState, points_recorded: bool = True) -> int:
    """The dealer of the hand after this one: the seat on this dealer's left (R24)."""
    return (state.dealer + 1) % state.seats


def match_won_by(
    totals: Sequence[int], played: int, *, target: int | None = None, hands: int | None = None
) -> tuple[int, ...] | None:
    """The seats that won a match after `played` hands with these totals (B12), or None
    while it goes on: first to `target`, or the most points after `hands` hands."""
    if (target is not None and max(totals) >= target) or (hands is not None and played >= hands):
        best = max(totals)
    else:
        return None
    return tuple(seat for seat, total in enumerate(totals) if total == best)
