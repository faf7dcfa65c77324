"""The service's bots as players (U14, R76): each bot the service plays has a player of
kind bot per game, registered by the service, recorded in `seated` where it sits.

A bot's player has a fixed id (uuid5 of the game and the bot) and a fixed handle,
`<bot>-<game>-bot` (`greedy-rummy-bot`), reserved: no one else registers it (U14). It is
registered the first time a table seats it, in whichever process deals that table; two
processes registering it at once write it once (the store's unique stream version), the
loser reading the winner's. It holds no key: the service plays its seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final
from uuid import UUID, uuid5
from weakref import WeakKeyDictionary

from domain.games import GAMES
from domain.players.events import PlayerRegistered
from service.errors import StreamConflict
from service.player_errors import PlayerNotFound
from service.store import GameStore
from service.store import players as stored
from service.store.envelopes import Envelope, HandleClaim

#: The namespace of the service's bots' player ids.
_NAMESPACE: Final = UUID("0c3e9a4e-8f3c-4d55-a7f6-2b8a1d6e5c11")
#: The bots' players this process knows are registered in each store (each is registered
#: once, for ever).
_REGISTERED: WeakKeyDictionary[GameStore, set[UUID]] = WeakKeyDictionary()


def bot_handle(game: str, bot: str) -> str:
    """The handle of the service's bot `bot` of `game` (U14): it reads as a bot's."""
    return f"{bot}-{game}-bot"


def bot_player_id(game: str, bot: str) -> UUID:
    """The public id of the service's bot `bot` of `game`: the same in every process."""
    return uuid5(_NAMESPACE, f"bot:{game}:{bot}")


@cache
def service_bot_handles() -> frozenset[str]:
    """Every handle the service's bots hold, of every game: no one else's (U14)."""
    return frozenset(bot_handle(name, bot) for name, spec in GAMES.items() for bot in spec.bots)


def ensure(store: GameStore, game: str, bot: str) -> UUID:
    """The bot's player id, its player registered first where it is not yet."""
    player_id = bot_player_id(game, bot)
    known = _REGISTERED.setdefault(store, set())
    if player_id in known:
        return player_id
    try:
        stored.player(store, player_id)
    except PlayerNotFound:
        handle = bot_handle(game, bot)
        registered = PlayerRegistered(handle=handle, by="service", kind="bot")
        records = [
            *stored.envelopes(player_id, 0, [registered]),
            Envelope(stored.handle_id(handle), 1, HandleClaim(player_id=player_id)),
        ]
        try:
            store.write(records)
        except StreamConflict:
            stored.player(store, player_id)  # another process registered it first
    known.add(player_id)
    return player_id


def seated_with_bots(
    store: GameStore,
    game: str,
    seat_bots: Sequence[str | None],
    players: Sequence[str | None] | None,
) -> tuple[str | None, ...] | None:
    """Who holds each seat (U10, U14): the players seated, and each bot seat's bot player;
    None where no seat is either's (the deal then records no `seated`)."""
    held = list(players or (None,) * len(seat_bots))
    for seat, bot in enumerate(seat_bots):
        if bot is not None:
            held[seat] = str(ensure(store, game, bot))
    return tuple(held) if any(held) else None
