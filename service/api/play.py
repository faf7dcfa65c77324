"""The play page: a lobby to open a table, and a seat's table to play at, in the browser.

`GET /play` serves `service/static/play/index.html` with its stylesheet and ES module
(plain files shipped as package data: no build step, nothing from elsewhere); the page
draws with the viewer's `table.js`. `GET /play/games.json` tells the page what the
lobby offers: the games a match plays, from the registry, and the bots each game's
seats may hold (`domain.bots.seats`), so that the page lists no name of its own. The
page is a client of the API like any other: it opens matches, claims seats, reads the
seat's view and legal moves, sends turns, and follows the seat's stream through a
ticket.

The routes stay out of the contract (`include_in_schema=False`), as the viewer's do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, get_args

import msgspec
from litestar import Router, get
from litestar.static_files import create_static_files_router

from domain.bots.seats import bots_of
from domain.games import GAMES, MatchGameName

PLAY_PATH: Final = "/play"
PLAY_DIRECTORY: Final = Path(__file__).resolve().parent.parent / "static" / "play"


class LobbyGame(msgspec.Struct, frozen=True, kw_only=True):
    """A game the lobby offers: its name for the API, in words, its seats and bots."""

    game: str
    title: str
    min_seats: int
    max_seats: int
    bots: tuple[str, ...]
    #: The number of hands a match of it always is (Three Thirteen's eleven, T1), if any.
    fixed_hands: int | None
    #: The target a match of it is played to unless the table names another (Gin's
    #: 100, G17), if it is always played to one.
    target: int | None
    #: Whether a match of it takes a turn clock: every game's clock now ends a table
    #: everyone left (R45; R47), so every game answers true.
    turn_clock: bool
    #: Whether its rules take a number of cards per player (Penang's, basic Rummy's).
    cards_per_player: bool
    #: The scorings a match of it takes besides one column (Gin's `hollywood`, G18).
    scorings: tuple[str, ...] = ()


class Lobby(msgspec.Struct, frozen=True, kw_only=True):
    """What the lobby offers."""

    games: tuple[LobbyGame, ...]


def _offered(name: str) -> LobbyGame:
    spec = GAMES[name]
    return LobbyGame(
        game=spec.name,
        # The title begins a line on the page ("Basic Rummy against a bot").
        title=spec.title[:1].upper() + spec.title[1:],
        min_seats=spec.players.start,
        max_seats=spec.players.stop - 1,
        bots=tuple(bots_of(spec)),
        fixed_hands=spec.rules_type.MATCH_HANDS if spec.has_stock else None,
        target=spec.rules_type.MATCH_TARGET if spec.has_stock else None,
        turn_clock=spec.ends_when_abandoned,
        cards_per_player="cards_per_player" in spec.rules_type.__struct_fields__,
        scorings=spec.match_scorings,
    )


#: The games a table of the lobby can be: each a match (open seats, people and bots),
#: so the games a match plays (`MatchGameName`), from the registry.
LOBBY: Final = Lobby(games=tuple(_offered(name) for name in get_args(MatchGameName)))


@get("/play/games.json", include_in_schema=False, sync_to_thread=False)
def lobby_games() -> Lobby:
    """The games the lobby offers, with the bots each may seat."""
    return LOBBY


def play_router() -> Router:
    """`/play` (the page) and `/play/<file>` (its stylesheet and module)."""
    return create_static_files_router(
        path=PLAY_PATH,
        directories=[PLAY_DIRECTORY],
        html_mode=True,
        name="play",
        include_in_schema=False,
    )
