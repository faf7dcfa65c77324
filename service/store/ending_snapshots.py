"""The snapshots a write stores with it: of each game it ends (or whose seed it reveals),
from the state that write reached (`service.store.snapshots`), never read for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from uuid import UUID

from domain.events import Event, SeedRevealed
from domain.games import END_TYPES
from service.store.envelopes import Envelope
from service.store.folds import FoldedStreams
from service.store.game_folds import AnyGameState, fold_game
from service.store.snapshots import GameSnapshots
from service.store.writer import Statement

#: The events after which a game may be over for good: its end, its seed's reveal.
_FINAL_TYPES: tuple[type[Event], ...] = (*END_TYPES, SeedRevealed)


def ending_snapshots(
    games: FoldedStreams[Event, AnyGameState],
    snapshots: GameSnapshots,
    envelopes: Sequence[Envelope],
    states: Mapping[UUID, AnyGameState],
) -> list[Statement]:
    """The snapshot of each game the write ends (or whose seed it reveals), to commit
    with it: from the state the caller gave, else folded from the write's events on
    the cached state before them; none where neither is at hand (the game's next load
    folds it, and writes it)."""
    statements: list[Statement] = []
    for stream in {e.originator_id for e in envelopes if isinstance(e.event, _FINAL_TYPES)}:
        own = [e for e in envelopes if e.originator_id == stream]
        state = states.get(stream)
        state = _reached(games, own) if state is None else state
        if state is None or not state.over or state.version != own[-1].originator_version:
            continue
        statement = snapshots.statement(stream, state)
        if statement is not None:
            statements.append(statement)
    return statements


def _reached(
    games: FoldedStreams[Event, AnyGameState], own: Sequence[Envelope]
) -> AnyGameState | None:
    """The state a game's envelopes lead to, folded on the cached state just before
    them (or from the start), without reading the store; None where none is cached."""
    first = own[0].originator_version
    before = None if first == 1 else games.peek(own[0].originator_id)
    if first != 1 and (before is None or before.version != first - 1):
        return None
    return fold_game([e.event for e in own if isinstance(e.event, Event)], before)
