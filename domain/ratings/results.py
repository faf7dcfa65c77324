"""A finished game's result as a rating reads it (R70, R71, R73).

A table is rated when its deal seats a registered player at every seat (`seated`, U10),
two players at least: a name's seat makes the game unrated for every seat (R70); a
bot's seat is its bot's player's (U14). Its result is one per game, each seat's place
as its game's `final_ranks` gives it: the winners first, tied, every other seat tied
after them (R71). A game that ended
`abandoned` (R45) is no result; a seat that left while the others played on takes the
place the end gives it (R73).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.events import Event
from domain.game import Game

#: Why a finished game gives no result.
Unrated = Literal["no-players", "not-every-seat-a-player", "one-player-at-two-seats", "abandoned"]


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """One rated game: its game's name, its id, its players by seat and their places."""

    game: str
    game_id: str
    #: Each seat's player's public id, by seat.
    players: tuple[str, ...]
    #: Each seat's place: 0 first, equal places tied.
    ranks: tuple[int, ...]


def unrated(deal: object, ended: Event, spec: Game) -> Unrated | None:
    """Why the game of `deal` (its deal event, or anything holding its `seated`) and
    `ended` is not rated; None when it is (R70, R73)."""
    seated: tuple[str | None, ...] | None = getattr(deal, "seated", None)
    if not seated:
        return "no-players"
    if any(player is None for player in seated) or len(set(seated)) < 2:
        return "not-every-seat-a-player"
    if len(set(seated)) < len(seated):
        # The service's bot at two seats of one table (U14, R76): a result ranks each
        # player once.
        return "one-player-at-two-seats"
    if spec.final_ranks(ended) is None:
        return "abandoned"
    return None


def result_of(game_id: str, deal: object, ended: Event, spec: Game) -> Result | None:
    """The game's result (R71), or None where the game is not rated (`unrated`)."""
    if unrated(deal, ended, spec) is not None:
        return None
    ranks = spec.final_ranks(ended)
    seated = getattr(deal, "seated", None)
    assert ranks is not None and seated is not None  # `unrated` said so
    players = tuple(str(player) for player in seated)
    if len(ranks) != len(players):
        raise ValueError(f"game {game_id}: {len(ranks)} places for {len(players)} seats")
    return Result(game=spec.name, game_id=game_id, players=players, ranks=ranks)
