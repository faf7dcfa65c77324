"""The errors of players and their keys (U6-U9), beside `service.errors`' (raised in
`service.usecases.players`, answered by the one problem table)."""

from __future__ import annotations

from uuid import UUID

from service.errors import InvalidRequest, ServiceError


class PlayerNotFound(ServiceError):
    """No player has this id."""

    code = "player-not-found"

    def __init__(self, player_id: UUID) -> None:
        super().__init__(f"there is no player {player_id}")


class MissingPlayerKey(ServiceError):
    """The request has no player's key (or the operator's) where one is needed (U6)."""

    code = "missing-token"
    rule = "U6"


class UnknownPlayerKey(ServiceError):
    """The bearer key is no player's key, nor the operator's (U6, U9)."""

    code = "invalid-token"
    rule = "U6"


class RevokedPlayerKey(ServiceError):
    """The bearer key was revoked: refused at once, in every process (U8)."""

    code = "revoked-key"
    rule = "U8"


class AnotherPlayersKey(ServiceError):
    """The bearer key is another player's: a player never acts as another (U7)."""

    code = "another-players-key"
    rule = "U7"


class NotSeatedHere(ServiceError):
    """The player's key holds no seat of this table (U10)."""

    code = "invalid-token"
    rule = "U10"


class PlayerSeatedTwice(InvalidRequest):
    """One player named for two seats of one table (U10)."""

    code = "player-seated-twice"
    rule = "U10"
