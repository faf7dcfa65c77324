"""What Three Thirteen's eleven hands need of the game: who deals next (T1, T3, T11).

Each hand is a game of the engine (one event stream, `domain.three13.game`), dealt with
its number: hand n deals n + 2 cards and makes rank n + 2 wild (`domain.three13.rules`:
`hand_size`, `wild_rank`). The deal rotates to the left (T11, R29): the seat on the last
dealer's left deals the next hand. After the eleventh hand the lowest total wins, equal
totals sharing the win: the match's own decision (`domain.match.commands`).
"""

from __future__ import annotations

from domain.drawgame.state import DrawState


def next_dealer(state: DrawState, points_recorded: bool = True) -> int:
    """The dealer of the next hand: the seat on this dealer's left (T11)."""
    return (state.dealer + 1) % state.seats
