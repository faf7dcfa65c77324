"""Bot seats: the seats the service plays itself, with one of their game's bots (R33).

A seat named `{"bot": "<name>"}` when a game or a match is created has no token; its
bot is kept in the game's secrets (`GameSecrets.bots`, by seat) and recorded in the
deal event (`bots`), so the record says which seats the service played and with which
bot. When a bot seat's turn comes, `service.usecases.bot_turns` decides it through the
same path as a person's turn (`service.usecases.games`: the same checks, events, views,
streams and records): the bot is shown only its seat's view and a seed from the game's
committed server seed (`domain.fair.bot_seed`), so an auditor re-derives every bot
command once the seed is revealed (`verify`).
"""

from __future__ import annotations

import msgspec

from domain.events import Event
from service.store.envelopes import GameSecrets
from service.store.game_folds import AnyGameState


def bot_on_turn(game_secrets: GameSecrets, state: AnyGameState) -> str | None:
    """The bot of the seat on turn in `state`, if that seat is a bot's and the game runs."""
    seat: int | None = state.turn
    if game_secrets.bots is None or seat is None or state.over:
        return None
    return game_secrets.bots[seat]


def with_bots(events: list[Event], bots: tuple[str | None, ...] | None) -> list[Event]:
    """The deal's events, its deal event naming the seats' bots where there are any (R33)."""
    if bots is None or not events or not hasattr(events[0], "bots"):
        return events
    return [msgspec.structs.replace(events[0], bots=bots), *events[1:]]
