"""The registry: every game of the engine, by name, and every game's events in one codec.

A game is one package and one registration, like OpenSpiel's `REGISTER_SPIEL_GAME`: it
builds its `GameSpec` (`domain.game_spec`) from its own modules (`domain.penang.spec`,
`domain.rummy.spec`, `domain.three13.spec`, `domain.gin.spec`), and this module lists
them. It is the one module of the core that names the games; the rest of the core, and
the service, ask a game's spec for what differs.

`GAMES` maps each game's name (`GameName`) to its spec; `spec_for_rules_version` finds
the game a record or a deal names by its rules version; `ALL_GAME_EVENTS` reads a store
of every game's events (no two games tag different types alike, and the draw games'
shared `HandDealt` is read with either game's rules). `spec_of_state` finds a game's
spec from its folded state, and `spec_starting` from the event its stream begins with,
each by one look-up keyed by the game's rule options' type. `AnyDrawRules` is every draw
game's rule options, tagged with the game: what the draw core reads as `DrawRules`
(`domain.drawgame.events`) is one of these wherever a stored deal, a match of a draw
game or the contract is read.

The contract's unions over every game (`AnyGameState`, `AnyAction`, `AnyView`,
`AnyMoves`, `AnyEventView`) are spelled out here, the one place that names them: a
type checker cannot build a union from a registry made at run time. A unit test keeps
them equal to what the registered specs declare.
"""

from __future__ import annotations

from typing import Any, Final, Literal, Protocol, cast, get_args

from domain.codec import EventCodec
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.state import DrawState
from domain.drawgame.views import DrawEventView, HandView
from domain.events import Event
from domain.game_spec import GameSpec
from domain.gin import events as gin_events
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.rules import GinRules
from domain.gin.spec import GIN
from domain.gin.state import GinState
from domain.gin.views import GinMoves, GinView
from domain.penang.commands import Action
from domain.penang.moves import LegalMoves
from domain.penang.rules import Rules as PenangRules
from domain.penang.spec import PENANG
from domain.penang.state import GameState
from domain.penang.views import EventView, GameView
from domain.rummy.moves import RummyMoves
from domain.rummy.rules import RummyRules
from domain.rummy.spec import RUMMY
from domain.three13.commands import GoOutAction
from domain.three13.moves import ThirteenMoves
from domain.three13.rules import ThirteenRules
from domain.three13.spec import THREE_THIRTEEN

#: The name of each game of the engine, as a client asks for it (`CreateGame.game`).
GameName = Literal["penang", "rummy", "three-thirteen", "gin"]
#: The games a match plays (`CreateMatch.game`): every game of the engine (R31, G17).
MatchGameName = Literal["penang", "rummy", "three-thirteen", "gin"]
#: The games a match deals hands of a draw game of (`DrawMatchOptions.game`, R31).
DrawGameName = Literal["rummy", "three-thirteen", "gin"]
#: How a match is scored (`MatchOptions.scoring`): `single`, one column of totals (every
#: game's), or a scoring in columns a game's spec lists (`GameSpec.match_scorings`):
#: Gin's `hollywood`, three games at once (G18).
MatchScoring = Literal["single", "hollywood"]
#: The scoring every match takes: one column of totals.
SINGLE: Final = "single"
#: Every draw game's rule options, tagged with the game (`"game": "rummy"`): what a draw
#: game's deal, a match of one, and the contract hold (`domain.drawgame.events.DrawRules`).
AnyDrawRules = RummyRules | ThirteenRules | GinRules
#: The contract's example of a draw game's rule options, tagged with its game
#: (`CreateGame.draw_rules`, `CreateMatch.draw_rules`).
DRAW_RULES_EXAMPLE: Final[dict[str, object]] = {"game": "rummy", "ace_high": True}
#: Every game of the engine, by name.
GAMES: Final[dict[str, GameSpec[Any, Any]]] = {
    spec.name: spec for spec in (PENANG, RUMMY, THREE_THIRTEEN, GIN)
}
#: The game a request that names none plays (`CreateGame.game`, `CreateMatch.game`), and
#: whose verifier reads a record of a rules version no game has.
DEFAULT_GAME: Final[GameName] = "penang"
#: The games a request may name, in words (the contract's description of `game`).
GAMES_TEXT: Final = ", ".join(
    f"`{name}` ({spec.title}{', the default' if name == DEFAULT_GAME else ''})"
    for name, spec in GAMES.items()
)
#: The default game's rule options (`CreateGame.rules`): a contract type, spelled out here.
DefaultRules = PenangRules
#: The fewest and the most seats any game takes (P2, B1, T2, G1): what a request's seats
#: are bounded by before its game's rules check them.
MIN_SEATS: Final = min(spec.players.start for spec in GAMES.values())
MAX_SEATS: Final = max(spec.players.stop - 1 for spec in GAMES.values())
#: The most hands a match of a game of a fixed number of hands deals (Three Thirteen's
#: eleven, T1): the bound of a draw game's hand number.
MOST_HANDS: Final[int] = max(rules.MATCH_HANDS or 1 for rules in get_args(AnyDrawRules))
#: Every game's events in one codec: a store that holds them all reads them with it.
ALL_GAME_EVENTS: Final = EventCodec.merged(spec.codec for spec in GAMES.values())
#: Each game by the type of its rule options, which its state and its deal hold.
_BY_RULES: Final[dict[type, GameSpec[Any, Any]]] = {
    spec.rules_type: spec for spec in GAMES.values()
}
#: The events that begin and end a game of any game.
DEAL_TYPES: Final = tuple(dict.fromkeys(spec.deal_type for spec in GAMES.values()))
END_TYPES: Final = tuple(dict.fromkeys(spec.end_type for spec in GAMES.values()))

# --- the contract's unions over every game (see the module's docstring) ----------------

#: The folded state of a game of any game of the engine.
AnyGameState = GameState | DrawState | GinState
#: Every game's actions, tagged by `type`: what a turn's body may hold.
AnyAction = (
    Action
    | DrawAction
    | DiscardAction
    | GoOutAction
    | PassAction
    | KnockAction
    | ShowMeldAction
    | LayOffCardAction
    | DoneAction
    | BigGinAction
)
#: A game of any game as a viewer sees it: Penang's `GameView`, a draw game's `HandView`.
AnyView = GameView | HandView | GinView
#: A seat's legal moves in any game.
AnyMoves = LegalMoves | RummyMoves | ThirteenMoves | GinMoves
#: An event of any game as a viewer sees it (one tagged union: no two games' tags clash).
AnyEventView = (
    EventView
    | DrawEventView
    | gin_events.UpcardPassed
    | gin_events.Knocked
    | gin_events.MeldShown
    | gin_events.CardLaidOff
    | gin_events.ShowingDone
    | gin_events.GinHandEnded
)
#: The views' and the legal moves' types, by their names in the contract.
VIEWS: Final = tuple(
    dict.fromkeys(view.__name__ for spec in GAMES.values() for view in spec.view_types)
)
MOVES: Final = tuple(dict.fromkeys(spec.moves_type.__name__ for spec in GAMES.values()))


def spec_of_state(state: AnyGameState) -> GameSpec[Any, Any]:
    """The game whose folded state `state` is (one look-up, by its rule options' type)."""
    spec = _BY_RULES.get(type(state.rules))
    if spec is None:
        raise TypeError(f"no game plays under {state.rules_version!r}")
    return spec


def spec_starting(event: Event) -> GameSpec[Any, Any]:
    """The game whose stream begins with `event`: its deal, naming its rule options."""
    spec = _BY_RULES.get(type(getattr(event, "rules", None)))
    if spec is None or not isinstance(event, spec.deal_type):
        raise ValueError(f"no game begins with {type(event).__name__}")
    return spec


class _Seated(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...


def dealt_players(event: Event) -> tuple[str, ...] | None:
    """The players a game's deal seats (every game's deal names them), or None where
    `event` deals no game of the engine."""
    return cast(_Seated, event).players if isinstance(event, DEAL_TYPES) else None


def spec_for_rules_version(rules_version: str) -> GameSpec[Any, Any] | None:
    """The game played under `rules_version` (a deal's or a record header's), if any."""
    return next((spec for spec in GAMES.values() if spec.rules_version == rules_version), None)
