"""Players' streams in the event store (U3, U6, U8): a stream per player, and two
indexes kept as streams of one record, written in the player's transaction.

- a player's stream (its public id, random): `PlayerRegistered`, `KeyIssued`,
  `KeyRevoked` (`domain.players.events`), stored as records of their own topics;
- a handle's stream (`handle_id`: uuid5 of the handle's skeleton): one `HandleClaim`
  at version 1. Of two registrations of one skeleton, in any processes, the store's
  unique (stream, version) lets exactly one write (U3);
- a key's stream (`key_stream`: uuid5 of the key's SHA-256): one `KeyOwner`, so that
  a key shown finds its player without a scan.

A key's state is read from the player's stream on every request, never from a cache:
a revocation written by any process is seen by the next request (U8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from uuid import UUID, uuid5

from domain.players.events import AnyPlayerEvent, PlayerEvent
from domain.players.handles import skeleton
from domain.players.state import PlayerState, fold
from service.player_errors import PlayerNotFound
from service.store.envelopes import Envelope, HandleClaim, KeyOwner
from service.store.event_store import GameStore

#: The namespace of the players' index streams.
_NAMESPACE: Final = UUID("6b1f8f52-5a0e-4c39-9d51-0f7d3c1e2a90")


def handle_id(handle: str) -> UUID:
    """The stream of a handle's claim: one per skeleton (U3, R64)."""
    return uuid5(_NAMESPACE, "handle:" + skeleton(handle))


def key_stream(key_sha256: str) -> UUID:
    """The stream naming a key's player."""
    return uuid5(_NAMESPACE, "key:" + key_sha256)


def envelopes(player_id: UUID, after: int, events: Sequence[AnyPlayerEvent]) -> list[Envelope]:
    """The player's `events` placed after version `after`."""
    return [Envelope(player_id, after + i, event) for i, event in enumerate(events, start=1)]


def player(store: GameStore, player_id: UUID) -> PlayerState:
    """The player's state as stored now (never cached: U8), or PlayerNotFound."""
    stored = [
        (envelope.event, envelope.timestamp)
        for envelope in store.events.get(player_id)
        if isinstance(envelope, Envelope) and isinstance(envelope.event, PlayerEvent)
    ]
    if not stored:
        raise PlayerNotFound(player_id)
    return fold(stored)


def owner(store: GameStore, key_sha256: str) -> KeyOwner | None:
    """Whose key this hash is, None for a key never issued."""
    for envelope in store.events.get(key_stream(key_sha256), limit=1):
        if isinstance(envelope, Envelope) and isinstance(envelope.event, KeyOwner):
            return envelope.event
    return None


def handle_owner(store: GameStore, handle: str) -> UUID | None:
    """The player whose handle has this handle's skeleton, None when it is free."""
    for envelope in store.events.get(handle_id(handle), limit=1):
        if isinstance(envelope, Envelope) and isinstance(envelope.event, HandleClaim):
            return envelope.event.player_id
    return None
