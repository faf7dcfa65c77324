"""Players and their keys (U1-U9): register, read, issue, list and revoke; and who acts.

A player's key is `prk_` and 256 random bits (`secrets.token_urlsafe(32)`), answered
once and stored only as its SHA-256 (U6). A request's key is checked against the
player's stream as stored now (`service.store.players.player`), so that a key revoked
by any process is refused by the next request in every process (U8). The operator key
(`Settings.operator_key`; empty: none) acts for every player with every scope (U9).
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Annotated, Literal, NamedTuple
from uuid import UUID, uuid4

import msgspec

from domain.games import GAMES
from domain.players import state as rules
from domain.players.errors import HandleTaken
from domain.players.events import ALL_SCOPES, KeyIssued, PlayerKind, PlayerRegistered, Scope
from domain.players.handles import MAX_LENGTH
from domain.players.state import PlayerKey, PlayerState
from service.errors import StreamConflict
from service.player_errors import (
    AnotherPlayersKey,
    MissingPlayerKey,
    RevokedPlayerKey,
    UnknownPlayerKey,
)
from service.settings import Settings
from service.store import GameStore
from service.store import players as stored
from service.store.envelopes import Envelope, HandleClaim, KeyOwner
from service.usecases.auth import bearer_token, token_hash
from service.usecases.bot_players import service_bot_handles

#: The start of every player's key: a key is told from a seat's token at a glance.
KEY_PREFIX = "prk_"


class CreatePlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A handle to register (U1-U5), and what registers: a person, or a bot (U14)."""

    handle: Annotated[str, msgspec.Meta(max_length=4 * MAX_LENGTH)]
    #: A bot registers as one (U14): its handle ends in `bot` (R76), and it is shown as a
    #: bot wherever it is shown.
    kind: PlayerKind = "person"


class IssueKey(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new key's scopes (U7) and a label to tell it by."""

    scopes: Annotated[tuple[Scope, ...], msgspec.Meta(min_length=1, max_length=3)]
    label: Annotated[str, msgspec.Meta(max_length=60)] = ""


class IssuedKey(msgspec.Struct, frozen=True, kw_only=True):
    """A key, with its text: shown this once, never again (U6)."""

    player_id: UUID
    key_id: str
    #: Send it as `Authorization: Bearer <key>`; only its hash is kept.
    key: str
    scopes: tuple[Scope, ...]
    label: str


class CreatedPlayer(msgspec.Struct, frozen=True, kw_only=True):
    """A player registered, and its first key (every scope), shown once (U6)."""

    player_id: UUID
    handle: str
    registered_by: Literal["player", "operator"]
    #: A person, or a bot (U14).
    kind: PlayerKind = "person"
    key: IssuedKey


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """A player as anyone may see it."""

    player_id: UUID
    handle: str
    #: A person, or a bot (U14): the service's own, or one that registered to play.
    kind: PlayerKind = "person"


class KeyList(msgspec.Struct, frozen=True, kw_only=True):
    """A player's keys, revoked ones too, never their text (U8)."""

    player_id: UUID
    keys: list[PlayerKey]


class Acting(NamedTuple):
    """Who acts on a player: its own key (its id), or the operator (None); the scopes held."""

    key_id: str | None
    scopes: tuple[Scope, ...]


@cache
def bot_names() -> frozenset[str]:
    """The names of every bot the service plays (R33): no person's handle (U5)."""
    return frozenset(name for spec in GAMES.values() for name in spec.bots)


def is_operator(settings: Settings, token: str) -> bool:
    """Whether `token` is the operator key (never, where none is set: U9)."""
    expected = settings.operator_key
    return bool(expected) and hmac.compare_digest(token_hash(token), token_hash(expected))


def register(
    store: GameStore, settings: Settings, data: CreatePlayer, authorization: str | None
) -> CreatedPlayer:
    """Register a handle (U1-U5): the player's stream, its handle's and its key's, at once."""
    token = bearer_token(authorization)
    by_operator = token is not None and is_operator(settings, token)
    if token is not None and not by_operator:
        raise UnknownPlayerKey("registering takes no key, or the operator's")
    key, key_id = _new_key()
    events = rules.register(
        data.handle,
        bot_names(),
        key_id,
        token_hash(key),
        by_operator=by_operator,
        kind=data.kind,
        service_bots=service_bot_handles(),
    )
    handle = events[0].handle if isinstance(events[0], PlayerRegistered) else data.handle
    if stored.handle_owner(store, handle) is not None:
        raise _taken(handle)
    player_id = uuid4()
    records = [
        *stored.envelopes(player_id, 0, events),
        Envelope(stored.handle_id(handle), 1, HandleClaim(player_id=player_id)),
        Envelope(
            stored.key_stream(token_hash(key)), 1, KeyOwner(player_id=player_id, key_id=key_id)
        ),
    ]
    try:
        store.write(records)
    except StreamConflict:
        # Another registration of this skeleton, in this process or another, won (U3).
        raise _taken(handle) from None
    issued = IssuedKey(
        player_id=player_id, key_id=key_id, key=key, scopes=ALL_SCOPES, label="first key"
    )
    return CreatedPlayer(
        player_id=player_id,
        handle=handle,
        registered_by="operator" if by_operator else "player",
        kind=data.kind,
        key=issued,
    )


def view(store: GameStore, player_id: UUID) -> PlayerView:
    """The player as anyone sees it, or PlayerNotFound."""
    state = stored.player(store, player_id)
    return PlayerView(player_id=player_id, handle=state.handle, kind=state.kind)


def acting(
    store: GameStore, settings: Settings, player_id: UUID, authorization: str | None
) -> tuple[PlayerState, Acting]:
    """The player's state, and who acts on it by the bearer key (U6-U9)."""
    token = bearer_token(authorization)
    if token is None:
        raise MissingPlayerKey("a player's key (`Authorization: Bearer prk_…`) is required")
    if is_operator(settings, token):
        return stored.player(store, player_id), Acting(None, ALL_SCOPES)
    owner, state, key = authenticate(store, token)
    if owner != player_id:
        raise AnotherPlayersKey("this key is another player's: a player acts only as itself")
    return state, Acting(key.key_id, key.scopes)


def authenticate(store: GameStore, token: str) -> tuple[UUID, PlayerState, PlayerKey]:
    """The player whose unrevoked key `token` is, its state and the key, read now (U8)."""
    digest = token_hash(token)
    owner = stored.owner(store, digest)
    if owner is None:
        raise UnknownPlayerKey("the bearer key is not a player's key")
    state = stored.player(store, owner.player_id)
    key = state.key_of(digest)
    if key is None:
        raise RevokedPlayerKey(f"the key {owner.key_id} was revoked: it is refused from then on")
    return owner.player_id, state, key


def keys(state: PlayerState, player_id: UUID, who: Acting) -> KeyList:
    """The player's keys (U8), for a key that holds `read` (U7)."""
    rules.require(who.scopes, "read")
    return KeyList(player_id=player_id, keys=sorted(state.keys.values(), key=_issued))


def issue(
    store: GameStore, player_id: UUID, state: PlayerState, who: Acting, data: IssueKey
) -> IssuedKey:
    """A new key of the player, with scopes the acting key holds (U7)."""
    key, key_id = _new_key()
    events = rules.issue_key(who.scopes, key_id, token_hash(key), data.scopes, data.label)
    owner = KeyOwner(player_id=player_id, key_id=key_id)
    store.write(
        [
            *stored.envelopes(player_id, state.version, events),
            Envelope(stored.key_stream(token_hash(key)), 1, owner),
        ]
    )
    (issued,) = events
    assert isinstance(issued, KeyIssued)
    return IssuedKey(
        player_id=player_id, key_id=key_id, key=key, scopes=issued.scopes, label=data.label
    )


def revoke(
    store: GameStore, player_id: UUID, state: PlayerState, who: Acting, key_id: str
) -> PlayerKey:
    """Revoke one of the player's keys (U8), by a key that holds `keys` (U7)."""
    events = rules.revoke_key(state, who.scopes, key_id)
    store.write(stored.envelopes(player_id, state.version, events))
    return stored.player(store, player_id).keys[key_id]


def _new_key() -> tuple[str, str]:
    return KEY_PREFIX + secrets.token_urlsafe(32), secrets.token_hex(8)


def _taken(handle: str) -> HandleTaken:
    return HandleTaken(f"{handle!r} is taken: a registered handle reads the same (U3)")


def _issued(key: PlayerKey) -> datetime:
    return key.issued_at or datetime.min


def scopes_of(values: Sequence[str]) -> tuple[Scope, ...]:
    """`values` as scopes, in their order (unknown ones left out)."""
    return tuple(scope for scope in ALL_SCOPES if scope in values)
