"""The one fold loop every game's fold runs: the state after each event, on a draft.

A game folds its events onto a mutable draft of its state (`domain.penang.draft`,
`domain.drawgame.draft`, `domain.gin.draft`), frozen once they are folded. The loop is
the same for every game: one dict lookup finds how an event of a known type changes the
draft (a rebuild folds every event of a game), counting the version; the game's `other`
takes the rest (its deal, which starts a draft, a subclass, or what is no event of the
game), and `after`, where given, follows each event the lookup found (Gin's clock marks,
R51).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from domain.events import Event


class Versioned(Protocol):
    """What the loop reads of a draft: its version, one more for each event."""

    version: int


D = TypeVar("D", bound=Versioned)


def fold_drafts(
    events: Iterable[Event],
    draft: D | None,
    appliers: Mapping[type, Callable[[D, Any], None]],
    other: Callable[[D | None, Event], D],
    after: Callable[[D, Event], None] | None = None,
) -> D | None:
    """`draft` after `events` (None where there were none and no draft)."""
    for event in events:
        applier = appliers.get(type(event))
        if applier is None or draft is None:
            draft = other(draft, event)
            continue
        draft.version += 1
        applier(draft, event)
        if after is not None:
            after(draft, event)
    return draft
