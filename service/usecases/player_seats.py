"""Seats held by players (U10): a game dealt with players at its seats, and a seat's
operations taken with its player's key as well as with the seat's token.

The deal event records each seat's player (`seated`, by seat: the player's public id,
absent where no seat is a player's, so older records keep their bytes), and the seat
is named by the player's handle. Seating a player takes that player's key with the
scope `play`, or the operator key (U9), which seats any players. A seat's operation
with a player's key (`prk_…`: a bearer that is no seat's token) is the seat's where
the deal seated that player there; the key is read from the player's stream on every
request (U8), the deal from the game's first event.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import msgspec

from domain.events import Event
from domain.players.state import require
from service.errors import InvalidRequest, WrongSeat
from service.player_errors import (
    AnotherPlayersKey,
    MissingPlayerKey,
    NotSeatedHere,
    PlayerSeatedTwice,
)
from service.settings import Settings
from service.store import GameStore
from service.store import players as stored
from service.usecases.auth import bearer_token
from service.usecases.players import KEY_PREFIX, authenticate, is_operator


class Seated(msgspec.Struct, frozen=True):
    """The players holding seats, by seat (their ids as text), and their handles."""

    ids: tuple[str | None, ...]
    handles: tuple[str | None, ...]


def seat_players(
    store: GameStore,
    settings: Settings,
    wanted: Sequence[UUID | None],
    seat_bots: Sequence[str | None],
    authorization: str | None,
) -> Seated:
    """The players a new table seats (`seat_players`), checked against the bearer (U10)."""
    field = "seat_players"
    if len(wanted) != len(seat_bots):
        raise InvalidRequest(f"give one entry per seat ({len(seat_bots)}), or none", field)
    for seat, (player, bot) in enumerate(zip(wanted, seat_bots, strict=True)):
        if player is not None and bot is not None:
            raise InvalidRequest(f"seat {seat} is a bot's: no player holds it", f"{field}[{seat}]")
        if player is not None and wanted.index(player) != seat:
            raise PlayerSeatedTwice(
                f"player {player} is named for seats {wanted.index(player)} and {seat}: a "
                "player holds one seat of a table (U10)",
                f"{field}[{seat}]",
            )
    check_bearer(store, settings, wanted, authorization)
    handles = tuple(
        None if player is None else stored.player(store, player).handle for player in wanted
    )
    return Seated(tuple(None if p is None else str(p) for p in wanted), handles)


def check_bearer(
    store: GameStore,
    settings: Settings,
    wanted: Sequence[UUID | None],
    authorization: str | None,
) -> None:
    """Require the bearer may seat `wanted`: their own key with `play`, or the operator's."""
    token = bearer_token(authorization)
    if token is None:
        raise MissingPlayerKey("seating a player takes its key (scope `play`) or the operator's")
    if not is_operator(settings, token):
        owner, _, key = authenticate(store, token)
        require(key.scopes, "play")
        for seat, player in enumerate(wanted):
            if player is not None and player != owner:
                raise AnotherPlayersKey(
                    f"seat {seat}: a player's key seats only its player; the operator's any"
                )


def with_seated(events: list[Event], seated: Sequence[str | None] | None) -> list[Event]:
    """The deal's events, its deal event naming the players who hold seats (U10)."""
    if seated is None or not events or not hasattr(events[0], "seated"):
        return events
    return [msgspec.structs.replace(events[0], seated=tuple(seated)), *events[1:]]


def named(players: Sequence[str], seated: Seated | None) -> tuple[str, ...]:
    """The seats' names: a player's seat is named by its handle."""
    if seated is None:
        return tuple(players)
    return tuple(h or name for name, h in zip(players, seated.handles, strict=True))


def is_player_key(authorization: str | None) -> bool:
    """Whether the bearer looks like a player's key (it is no seat's token)."""
    token = bearer_token(authorization)
    return token is not None and token.startswith(KEY_PREFIX)


def player_seat(store: GameStore, game_id: UUID, authorization: str | None) -> int:
    """The seat of this game the bearer's player holds (U10), its key holding `play`."""
    dealt = store.game_events(game_id, 0, 1)
    return held_seat(store, getattr(dealt[0], "seated", None) if dealt else None, authorization)


def held_seat(
    store: GameStore, seated: Sequence[str | None] | None, authorization: str | None
) -> int:
    """The seat the bearer's player holds among `seated` (a deal's or a match's, U10,
    U13), its key holding `play`."""
    token = bearer_token(authorization)
    assert token is not None  # is_player_key was asked first
    owner, _, key = authenticate(store, token)
    require(key.scopes, "play")
    if not seated or str(owner) not in seated:
        raise NotSeatedHere("this player holds no seat of this table")
    return list(seated).index(str(owner))


def authorize(store: GameStore, game_id: UUID, authorization: str | None, seat: int) -> None:
    """Require the player holding `seat` (U10): 401 for no seat here, 403 for another."""
    held = player_seat(store, game_id, authorization)
    if held != seat:
        raise WrongSeat(f"this player holds seat {held}, not seat {seat}")
