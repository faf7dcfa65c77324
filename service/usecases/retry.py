"""When a command refused on one state is decided once more, on the stored one.

Commands (`service.usecases.games`) are decided on the cached state, with no read
before their write: the write names the version it was decided at, and the store
refuses it when the game moved meanwhile. That refusal, or any other of a decision
on the cached state, is never final while the cache may have been behind.
"""

from __future__ import annotations

from uuid import UUID

from service.errors import VersionConflict
from service.store import GameStore
from service.store.game_folds import AnyGameState


def decide_again(
    store: GameStore, game_id: UUID, decided: AnyGameState, refusal: Exception, *, cached: bool
) -> AnyGameState | None:
    """The state to decide a refused command on once more, or None: the refusal stands.

    A decision on the cached state is taken again on the stored one whenever the game
    moved since (the cache was behind, or a racing request won: then the command is
    judged on the game as it now is). A decision on the stored state is taken again
    only when its write lost to a move of the game's match, not of the game.
    """
    stored = store.state(game_id)
    if stored.version != decided.version:
        return stored if cached else None
    return stored if isinstance(refusal, VersionConflict) else None
