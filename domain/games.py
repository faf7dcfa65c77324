"""The registry's games, imported and read: every game of the engine, by name, and every
game's events in one codec.

A game is one package ending with its registration (`domain.registry.register`), like
OpenSpiel's `register_game`: this module imports every package of `domain` that holds a
`spec` module, and builds from the registry everything the core and the service read of
the games as a whole: the names a request may give (`GameName`), the draw games' rule
options (`AnyDrawRules`), the contract's unions over every game (`AnyGameState`,
`AnyAction`, `AnyView`, `AnyMoves`, `AnyEventView`), the default game (the first
listed), and the seats' bounds. It names no game; the rest of the core, and the
service, ask a game (`domain.game.Game`) for what differs.

A type checker cannot build a union from a registry made at run time: under
`TYPE_CHECKING` the names and unions are their common supertypes, and at run time the
registry's (what msgspec and the contract read).

`spec_for_rules_version` finds the game a record or a deal names by its rules version;
`ALL_GAME_EVENTS` reads a store of every game's events (no two games tag different types
alike, and the draw games' shared `HandDealt` is read with any draw game's rules).
`decode_actions` reads a command's actions for one game, refusing another game's action
by its kind with this game's rule (`Game.refusals`). `spec_of_state` finds a game from
its folded state, and `spec_starting` from the event
its stream begins with, each by one look-up keyed by the game's rule options' type.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, Protocol, Union, cast

import msgspec

from domain.cards import Card
from domain.codec import EventCodec
from domain.errors import MalformedInput, NotInThisGame, UnreadableAction
from domain.events import Event
from domain.game import Game
from domain.registry import listed
from domain.rule_ids import RuleId


def _import_games() -> tuple[Game, ...]:
    """Import every game package (a package of `domain` with a `spec` module): each
    registers its game as it is imported; the registry's games, in order."""
    root = Path(__file__).parent
    for package in sorted(pkgutil.iter_modules([str(root)]), key=lambda found: found.name):
        if package.ispkg and (root / package.name / "spec.py").is_file():
            importlib.import_module(f"domain.{package.name}.spec")
    return listed()


#: Every game of the engine, in the registry's order.
LISTED: Final = _import_games()
#: Every game of the engine, by name.
GAMES: Final[dict[str, Game]] = {game.name: game for game in LISTED}
#: The draw games: a stock and a discard pile (B2, T1, R31), their options `draw_rules`.
DRAW_GAMES: Final = tuple(game for game in LISTED if game.has_stock)
#: The game a request that names none plays (`CreateGame.game`, `CreateMatch.game`), and
#: whose verifier reads a record of a rules version no game has: the first listed.
DEFAULT_GAME: Final = LISTED[0].name
#: The scoring every match takes: one column of totals.
SINGLE: Final = "single"
#: The scorings a match may take: `single`, or one a game lists (`Game.match_scorings`).
SCORINGS: Final = (SINGLE, *dict.fromkeys(s for game in LISTED for s in game.match_scorings))


def _union(*kinds: object) -> Any:
    """The union of `kinds` (each a type or a union), flattened, the first of each kept."""
    return Union[tuple(dict.fromkeys(kinds))]  # noqa: UP007  # built at run time


if TYPE_CHECKING:

    class _DrawRules(Protocol):
        """What the core reads of any draw game's rule options (each game's struct)."""

        MATCH_HANDS: ClassVar[int | None]
        MATCH_HANDS_RULE: ClassVar[RuleId]
        MATCH_TARGET: ClassVar[int | None]
        HIGHEST_WINS: ClassVar[bool]
        SEATS_RULE: ClassVar[RuleId]
        DEALER_RULE: ClassVar[RuleId]

        def card_points(self, card: Card) -> int: ...

        def validate(self, seats: int) -> Any: ...

    GameName = str
    MatchGameName = str
    DrawGameName = str
    MatchScoring = str
    AnyDrawRules = _DrawRules
    DefaultRules = Any
    AnyGameState = Any
    AnyAction = Any
    AnyView = Any
    AnyMoves = Any
    AnyEventView = msgspec.Struct
else:
    #: The name of each game, as a client asks for it (`CreateGame.game`); a match plays
    #: any of them (`CreateMatch.game`, R31, G17); a draw game's match deals its hands.
    GameName = Literal[tuple(GAMES)]
    MatchGameName = GameName
    DrawGameName = Literal[tuple(game.name for game in DRAW_GAMES)]
    #: How a match is scored (`MatchOptions.scoring`).
    MatchScoring = Literal[SCORINGS]
    #: Every draw game's rule options, tagged with the game (`"game": "rummy"`): what a
    #: draw game's deal, a match of one, and the contract hold.
    AnyDrawRules = _union(*(game.rules_type for game in DRAW_GAMES))
    #: The default game's rule options (`CreateGame.rules`).
    DefaultRules = LISTED[0].rules_type
    #: The folded state of a game of any game of the engine.
    AnyGameState = _union(*(game.state_type for game in LISTED))
    #: Every game's actions, tagged by `type`: what a turn's body may hold.
    AnyAction = _union(*(action for game in LISTED for action in game.actions))
    #: A game of any game as a viewer sees it.
    AnyView = _union(*(view for game in LISTED for view in game.view_types))
    #: A seat's legal moves in any game.
    AnyMoves = _union(*(game.moves_type for game in LISTED))
    #: An event of any game as a viewer sees it (one tagged union: no two games' tags clash).
    AnyEventView = _union(*(view for game in LISTED for view in game.event_view_types))

#: The contract's example of a draw game's rule options, tagged with its game
#: (`CreateGame.draw_rules`, `CreateMatch.draw_rules`): the first a draw game gives.
DRAW_RULES_EXAMPLE: Final[dict[str, object]] = dict(
    next(game.rules_example for game in DRAW_GAMES if game.rules_example is not None)
)
#: The games a request may name, in words (the contract's description of `game`).
GAMES_TEXT: Final = ", ".join(
    f"`{name}` ({game.title}{', the default' if name == DEFAULT_GAME else ''})"
    for name, game in GAMES.items()
)


def in_words(words: list[str]) -> str:
    """`words` as a list in prose: "a", "a and b", "a, b and c"."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


#: The contract's names of the types a game names otherwise (`Game.contract_names`).
CONTRACT_NAMES: Final[dict[type, str]] = {
    kind: name for game in LISTED for kind, name in game.contract_names.items()
}


def contract_name(kind: type) -> str:
    """The contract's name of `kind`: its class's, unless its game kept another."""
    return CONTRACT_NAMES.get(kind, kind.__name__)


#: The fewest and the most seats any game takes (P2, B1, T2, G1): what a request's seats
#: are bounded by before its game's rules check them.
MIN_SEATS: Final = min(game.players.start for game in LISTED)
MAX_SEATS: Final = max(game.players.stop - 1 for game in LISTED)
#: The most hands a match of a game of a fixed number of hands deals (Three Thirteen's
#: eleven, T1): the bound of a draw game's hand number.
MOST_HANDS: Final[int] = max(game.rules_type.MATCH_HANDS or 1 for game in DRAW_GAMES)
#: Every game's events in one codec: a store that holds them all reads them with it.
ALL_GAME_EVENTS: Final = EventCodec.merged(game.codec for game in LISTED)
#: Each game by the type of its rule options, which its state and its deal hold.
_BY_RULES: Final[dict[type, Game]] = {game.rules_type: game for game in LISTED}
#: The events that begin and end a game of any game.
DEAL_TYPES: Final = tuple(dict.fromkeys(game.deal_type for game in LISTED))
END_TYPES: Final = tuple(dict.fromkeys(game.end_type for game in LISTED))
#: The views' and the legal moves' types, by their names in the contract.
VIEWS: Final = tuple(
    dict.fromkeys(contract_name(view) for game in LISTED for view in game.view_types)
)
MOVES: Final = tuple(dict.fromkeys(contract_name(game.moves_type) for game in LISTED))


def spec_of_state(state: AnyGameState) -> Game:
    """The game whose folded state `state` is (one look-up, by its rule options' type)."""
    game = _BY_RULES.get(type(state.rules))
    if game is None:
        raise TypeError(f"no game plays under {state.rules_version!r}")
    return game


def spec_starting(event: Event) -> Game:
    """The game whose stream begins with `event`: its deal, naming its rule options."""
    game = _BY_RULES.get(type(getattr(event, "rules", None)))
    if game is None or not isinstance(event, game.deal_type):
        raise ValueError(f"no game begins with {type(event).__name__}")
    return game


class _Seated(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...


def dealt_players(event: Event) -> tuple[str, ...] | None:
    """The players a game's deal seats (every game's deal names them), or None where
    `event` deals no game of the engine."""
    return cast(_Seated, event).players if isinstance(event, DEAL_TYPES) else None


def spec_for_rules_version(rules_version: str) -> Game | None:
    """The game played under `rules_version` (a deal's or a record header's), if any."""
    return next((game for game in LISTED if game.rules_version == rules_version), None)


def decode_actions(spec: Game, raw: object) -> tuple[Any, ...]:
    """A command's actions (JSON builtins) as `spec`'s action types.

    An action of another registered game is refused naming the rule of this game that
    refuses its kind (`Game.refusals`, `NotInThisGame`); anything else unreadable is
    `UnreadableAction`. Both carry the action's index, as the service's own decoder
    gives it.
    """
    if not isinstance(raw, list | tuple):
        raise MalformedInput("the actions are a list")
    known = {_tag(action): action for action in spec.actions}
    decoded = []
    for index, item in enumerate(raw):
        kind = item.get("type") if isinstance(item, dict) else None
        if not isinstance(kind, str) or kind not in known:
            rule = _refusal(spec, kind)
            if rule is not None:
                raise NotInThisGame(f"{spec.title} has no {kind!r} action", rule).at_action(index)
            raise UnreadableAction(
                f"action {index}: not an action of {spec.title}: {kind!r}", index
            )
        try:
            decoded.append(msgspec.convert(item, type=known[kind]))
        except msgspec.ValidationError as error:
            raise UnreadableAction(f"action {index}: {error}", index) from None
    return tuple(decoded)


def _refusal(spec: Game, tag: object) -> RuleId | None:
    """The rule of `spec` that refuses the registered action tagged `tag`, if any."""
    for game in LISTED:
        for action in game.actions:
            if _tag(action) == tag:
                return spec.refusals.get(action.kind)  # type: ignore[attr-defined]
    return None


def _tag(action: type[msgspec.Struct]) -> str:
    return str(action.__struct_config__.tag)
