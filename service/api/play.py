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
from domain.game import Game, TableOption
from domain.games import ALL_GAME_EVENTS, DEFAULT_GAME, GAMES, MatchGameName

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
    #: The `POST /matches` body a table of it starts from: its `game`, and a draw game's
    #: `draw_rules` tagged with it; the page adds the seats and the options chosen.
    body: dict[str, object] = msgspec.field(default_factory=dict)
    #: Where each option of the lobby's form goes in that body, as a path of keys, by the
    #: form's name for it (`games`, `target`, `scoring`, `cards_per_player`, and each of
    #: `options`' fields): an option the game does not take is absent, and the page does
    #: not show it.
    fields: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    #: The rule options its table offers as it opens, each with its words and choices,
    #: the table's default first (its rules' `TABLE_OPTIONS`: Gin's big gin, spades
    #: double, wall and shutout, G13, G16, G19–G21); the page shows one choice for each.
    options: tuple[TableOption, ...] = ()
    #: Whether the seat on turn may declare itself dead (P29): the page offers it then.
    declares_dead: bool = False
    #: The event its games begin with and the one they end with (a viewer's "over").
    deal_type: str = ""
    end_type: str = ""
    #: What a match calls one game of it: Penang's game, a draw game's hand.
    game_word: str = "game"


class Lobby(msgspec.Struct, frozen=True, kw_only=True):
    """What the lobby offers."""

    games: tuple[LobbyGame, ...]
    #: The game a match that names none plays (a match view of it names no `game`).
    default_game: str = DEFAULT_GAME
    #: Every game's event types, each arriving on a stream as an SSE event of its name.
    event_types: tuple[str, ...] = ()


def _fields(spec: Game) -> dict[str, tuple[str, ...]]:
    """Where the lobby's options go in a `POST /matches` body of `spec`'s game: a draw
    game's rules are its `draw_rules`, the default game's its match options' `rules`
    (`CreateMatch`); a match of a fixed number of hands (T1) takes no `games`, and one
    played to a target (G17) takes its target instead (R16)."""
    rules_at = ("draw_rules",) if spec.has_stock else ("options", "rules")
    fixed = spec.has_stock and spec.rules_type.MATCH_HANDS is not None
    target = spec.has_stock and spec.rules_type.MATCH_TARGET is not None
    fields: dict[str, tuple[str, ...]] = {}
    if not fixed and not target:
        fields["games"] = ("options", "games")
    if target:
        fields["target"] = ("options", "target")
    if spec.match_scorings:
        fields["scoring"] = ("options", "scoring")
    if "cards_per_player" in spec.rules_type.__struct_fields__:
        fields["cards_per_player"] = (*rules_at, "cards_per_player")
    for option in _options(spec):
        fields[option.field] = (*rules_at, option.field)
    return fields


def _options(spec: Game) -> tuple[TableOption, ...]:
    """The rule options a table of `spec`'s game offers (its rules' `TABLE_OPTIONS`)."""
    options: tuple[TableOption, ...] = getattr(spec.rules_type, "TABLE_OPTIONS", ())
    return options


def _offered(name: str) -> LobbyGame:
    spec = GAMES[name]
    body: dict[str, object] = {"game": spec.name}
    if spec.has_stock:
        body["draw_rules"] = {"game": spec.name}
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
        body=body,
        fields=_fields(spec),
        options=_options(spec),
        declares_dead=spec.declares_dead,
        deal_type=spec.deal_type.__name__,
        end_type=spec.end_type.__name__,
        game_word=spec.games_word.removesuffix("s"),
    )


#: The games a table of the lobby can be: each a match (open seats, people and bots),
#: so the games a match plays (`MatchGameName`), from the registry.
LOBBY: Final = Lobby(
    games=tuple(_offered(name) for name in get_args(MatchGameName)),
    event_types=tuple(ALL_GAME_EVENTS.types),
)


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
