"""A player's state, folded from its events, and its commands (U6-U8).

Decide, then evolve: a command checks the player's state and the acting key's scopes
and returns new events; `fold` is the one way a state is rebuilt. The key's hash, its id
and the time each event was stored enter as inputs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import msgspec

from domain.players.errors import KeyNotFound, KeyRevokedAlready, ScopeNotHeld
from domain.players.events import (
    ALL_SCOPES,
    AnyPlayerEvent,
    KeyIssued,
    KeyRevoked,
    PlayerEvent,
    PlayerKind,
    PlayerRegistered,
    Scope,
)
from domain.players.handles import check


class PlayerKey(msgspec.Struct, frozen=True, kw_only=True):
    """One key of a player, as its list shows it (U8): never its text."""

    key_id: str
    scopes: tuple[Scope, ...]
    label: str
    issued_at: datetime | None
    revoked_at: datetime | None = None


class PlayerState(msgspec.Struct, frozen=True, kw_only=True):
    """A player: its handle, its keys by id, and the hash of each key by id."""

    handle: str
    by: str
    version: int
    #: A person, or a bot (U14).
    kind: PlayerKind = "person"
    keys: dict[str, PlayerKey]
    hashes: dict[str, str]

    def key_of(self, key_sha256: str) -> PlayerKey | None:
        """The unrevoked key whose hash is `key_sha256`, or None."""
        for key_id, stored in self.hashes.items():
            key = self.keys[key_id]
            if stored == key_sha256 and key.revoked_at is None:
                return key
        return None


def evolve(state: PlayerState | None, event: PlayerEvent, at: datetime | None) -> PlayerState:
    """The state after `event`, stored at `at`."""
    if isinstance(event, PlayerRegistered):
        return PlayerState(
            handle=event.handle, by=event.by, version=1, keys={}, hashes={}, kind=event.kind
        )
    if state is None:
        raise ValueError(f"a player's stream begins with PlayerRegistered, not {event!r}")
    keys, hashes = dict(state.keys), dict(state.hashes)
    if isinstance(event, KeyIssued):
        keys[event.key_id] = PlayerKey(
            key_id=event.key_id, scopes=event.scopes, label=event.label, issued_at=at
        )
        hashes[event.key_id] = event.key_sha256
    elif isinstance(event, KeyRevoked):
        keys[event.key_id] = msgspec.structs.replace(keys[event.key_id], revoked_at=at)
    return msgspec.structs.replace(state, version=state.version + 1, keys=keys, hashes=hashes)


def fold(stored: Iterable[tuple[PlayerEvent, datetime | None]]) -> PlayerState:
    """The state of a player's stream, from its events and their stored times."""
    state = None
    for event, at in stored:
        state = evolve(state, event, at)
    if state is None:
        raise ValueError("a player's stream holds no events")
    return state


def register(
    handle: str,
    bots: Iterable[str],
    key_id: str,
    key_sha256: str,
    *,
    by_operator: bool = False,
    kind: PlayerKind = "person",
    service_bots: Iterable[str] = (),
) -> list[AnyPlayerEvent]:
    """A new player's events: its handle checked (U1, U2, U4, U5, U14) and its first key
    with every scope (U6). Whether the handle is taken (U3) is the store's to say."""
    written = check(handle, bots, kind=kind, service_bots=service_bots)
    return [
        PlayerRegistered(handle=written, by="operator" if by_operator else "player", kind=kind),
        KeyIssued(key_id=key_id, key_sha256=key_sha256, scopes=ALL_SCOPES, label="first key"),
    ]


def require(held: Sequence[Scope], needed: Scope) -> None:
    """Refuse an operation whose scope the acting key does not hold (U7)."""
    if needed not in held:
        raise ScopeNotHeld(f"this key does not hold the scope `{needed}` this operation needs")


def issue_key(
    held: Sequence[Scope], key_id: str, key_sha256: str, scopes: Sequence[Scope], label: str
) -> list[AnyPlayerEvent]:
    """A new key's event: the acting key holds `keys` and every scope it gives (U7)."""
    require(held, "keys")
    beyond = [scope for scope in scopes if scope not in held]
    if beyond:
        raise ScopeNotHeld(f"a key issues no scope it lacks itself: {', '.join(beyond)}")
    ordered = tuple(scope for scope in ALL_SCOPES if scope in scopes)
    return [KeyIssued(key_id=key_id, key_sha256=key_sha256, scopes=ordered, label=label)]


def revoke_key(state: PlayerState, held: Sequence[Scope], key_id: str) -> list[AnyPlayerEvent]:
    """The revocation of one of the player's keys (U8), by a key that holds `keys` (U7)."""
    require(held, "keys")
    key = state.keys.get(key_id)
    if key is None:
        raise KeyNotFound(f"the player has no key {key_id}")
    if key.revoked_at is not None:
        raise KeyRevokedAlready(f"the key {key_id} was revoked already")
    return [KeyRevoked(key_id=key_id)]
