"""When the seat whose turn it is must have played: the one hook live updates ask.

Turns are not timed yet, so there is no deadline. A turn clock fills in `deadline`
alone: every `turn` message of the live-update streams (`service.usecases.feeds`)
takes its `deadline` from here, read once per batch of events, in a worker thread.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from service.store import GameStore


def deadline(store: GameStore, game_id: UUID) -> datetime | None:
    """When the current turn of the game runs out; None while turns are not timed."""
    del store, game_id  # the turn clock's to read: nothing is timed yet
    return None
