"""A player's events (U6-U8): its stream's facts, past tense, evolved by adding fields."""

from __future__ import annotations

from typing import Literal

import msgspec

#: What a key may do (U7): take and play seats, read the player, issue and revoke keys.
Scope = Literal["play", "read", "keys"]
#: Every scope, in their order: the first key's (U6), and the operator's (U9).
ALL_SCOPES: tuple[Scope, ...] = ("play", "read", "keys")
#: What a player is (U14): a person, or a bot (shown as one wherever it is shown).
PlayerKind = Literal["person", "bot"]


class PlayerEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of a player's events."""


class PlayerRegistered(PlayerEvent, frozen=True, tag="PlayerRegistered"):
    """A player registered its handle (U1-U5), itself or through the operator (U9)."""

    #: The handle as written, after NFKC (U1).
    handle: str
    #: Who registered it: the player itself, a site with the operator key (U9), or the
    #: service, for a bot it plays (U14).
    by: Literal["player", "operator", "service"] = "player"
    #: A person, or a bot (U14): the service's own bots, and bots that register to play.
    kind: PlayerKind = "person"


class KeyIssued(PlayerEvent, frozen=True, tag="KeyIssued"):
    """A key was issued to the player (U6, U7): its id and its hash, never its text."""

    key_id: str
    #: SHA-256 (hex) of the key's text.
    key_sha256: str
    scopes: tuple[Scope, ...]
    label: str = ""


class KeyRevoked(PlayerEvent, frozen=True, tag="KeyRevoked"):
    """A key of the player was revoked (U8): refused from then on."""

    key_id: str


AnyPlayerEvent = PlayerRegistered | KeyIssued | KeyRevoked
