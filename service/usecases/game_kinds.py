"""Which game a game of the service is, and that game's functions: the one dispatch per game.

The service plays every game of the engine (each registered in `domain.games`) through
the same use cases. What differs is the game's `Game`,
which this module finds for a new game (`CreateGame.game`) or a stored one (its folded
state, by one registry look-up: `domain.games.spec_of_state`), and a few service
matters the spec leaves to the caller:

- a turn's actions arrive decoded as any game's action (`AnyAction`, one tagged union
  for the contract) and are read again as this game's (`decode_actions`): another
  game's action is refused naming the rule of this game that has no such move (a
  `draw` in Penang is P12, a `swap` in Three Thirteen T7);
- a draw game's stock, rebuilt from the discard pile, takes its order from the seeds
  the deal committed to (B11, T10, R20), read from the game's secrets: the spec's
  `rebuild_order`; a game dealt from an explicit deck turns the pile over;
- each event leaves as its own game's views decide (`view_event`), one function for
  every outbound path (turn answers, event pages, streams).

No function here asks what kind of game it holds: each asks the game's spec.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import msgspec

from domain.composing import Composed
from domain.events import Event
from domain.game import Game
from domain.games import (
    GAMES,
    MOVES,
    VIEWS,
    AnyAction,
    AnyEventView,
    AnyGameState,
    AnyMoves,
    AnyView,
    GameName,
    decode_actions,
    spec_for_rules_version,
    spec_of_state,
)
from domain.views import Viewer, may_see
from service.usecases.open_types import dec_hook

__all__ = [
    "MOVES",
    "VIEWS",
    "AnyAction",
    "AnyEventView",
    "AnyMoves",
    "AnyView",
]

#: Each event type of any game, and the game whose views show it. An event every game
#: records (`Melded`, `SeedRevealed`) is shown alike by each: the first game's views.
_VIEWS_OF_EVENT: Final[dict[type, Game]] = {}
for _spec in GAMES.values():
    for _type in _spec.codec.types.values():
        _VIEWS_OF_EVENT.setdefault(getattr(_type, "__origin__", _type), _spec)
#: Each view type, and the game whose view it is (a stored answer read back).
_VIEW_TYPES: Final[dict[str, type[msgspec.Struct]]] = {
    view.__name__: view for spec in GAMES.values() for view in spec.view_types
}
_GAME_OF_VIEW: Final[dict[type, Game]] = {
    view: spec for spec in GAMES.values() for view in spec.view_types
}
_encoder = msgspec.json.Encoder()


def spec_named(name: GameName) -> Game:
    """The game `name` names (`CreateGame.game`)."""
    return GAMES[name]


def spec_of(state: AnyGameState) -> Game:
    """The game a stored game is a game of (one dictionary look-up)."""
    return spec_of_state(state)


def view(
    state: AnyGameState,
    viewer: Viewer,
    *,
    over: bool = False,
    spec: Game | None = None,
) -> AnyView:
    """The game as `viewer` may see it; `over`: it has ended since (an earlier version).
    `spec`: the game's, where the caller has looked it up already."""
    return cast(AnyView, (spec or spec_of(state)).view(state, viewer, over))


def view_event(event: Event, viewer: Viewer, over: bool) -> AnyEventView:
    """One event as `viewer` may see it, by its game's views; `over` once the game ended."""
    spec = _VIEWS_OF_EVENT.get(type(event))
    if spec is None:
        raise TypeError(f"{type(event).__name__} is not an event of any game")
    return spec.view_event(event, viewer, over)


def legal_moves(state: AnyGameState, seat: int) -> AnyMoves:
    """The seat's legal moves now, as its game lists them."""
    return cast(AnyMoves, spec_of(state).legal_moves(state, seat))


def shows_everything(state: AnyGameState, viewer: Viewer) -> bool:
    """Whether `viewer` may see every hand and the hidden cards (Penang's undealt cards, a
    draw game's stock): what a record shows, as the one rule decides (`may_see`)."""
    hidden = (*range(state.seats), None)
    return all(may_see(viewer, owner, state.over) for owner in hidden)


def revealed_when_over(view: AnyView) -> bool:
    """Whether `view` shows what only the end reveals while its own version ran (R3, R28):
    a past version of a game that has ended since."""
    hidden = _GAME_OF_VIEW[type(view)].hidden_in_view(view)
    return hidden is not None and not view.over


def as_view(value: object) -> AnyView:
    """`value` as the view it is: a stored answer decoded back (`messages.View` is `Any`
    to the decoder) holds a plain object, read as the view type whose fields it has
    (the first whose required fields it holds, in the registry's order reversed: a
    draw game's `HandView` has a `stock_size`)."""
    if isinstance(value, tuple(_GAME_OF_VIEW)):
        return cast(AnyView, value)
    if not isinstance(value, dict):
        raise TypeError(f"not a view of a game: {type(value).__name__}")
    if "game" not in value:  # stored before views named their game: its rules version does
        spec = spec_for_rules_version(str(value.get("rules_version")))
        value = value if spec is None else {"game": spec.name, **value}
    return cast(AnyView, msgspec.convert(value, _view_type_of(value), dec_hook=dec_hook))


def _view_type_of(value: dict[str, Any]) -> type[msgspec.Struct]:
    for view_type in reversed(_VIEW_TYPES.values()):
        required = _required_fields(view_type)
        if required <= value.keys():
            return view_type
    return next(iter(_VIEW_TYPES.values()))  # refused by its decoder, naming what lacks


def _required_fields(view_type: type[msgspec.Struct]) -> set[str]:
    info = msgspec.inspect.type_info(view_type)
    if not isinstance(info, msgspec.inspect.StructType):
        return set()
    return {field.encode_name for field in info.fields if field.required}


def play(
    spec: Game,
    state: AnyGameState,
    seat: int,
    actions: Sequence[AnyAction],
    server_seed: bytes | None,
) -> list[Event]:
    """One command of `seat` in a game of `spec`: its actions read as the game's own,
    then decided by it.

    Actions that are all of the game's own types are taken as they are; any other is
    read through `decode_actions`, which names the rule of this game that has no such
    action (or what is malformed).
    """
    decoded = own_actions(spec, actions)
    events: list[Event] = spec.play(state, seat, decoded, spec.rebuild_order(state, server_seed))
    return events


def own_actions(spec: Game, actions: Sequence[AnyAction]) -> tuple[Any, ...]:
    """`actions` as the game's own action types (`play`'s reading of them)."""
    own = tuple(spec.actions)
    if all(isinstance(action, own) for action in actions):
        return tuple(actions)
    return decode_actions(spec, msgspec.json.decode(_encoder.encode(tuple(actions))))


def compose(spec: Game, state: AnyGameState, seat: int, actions: Sequence[AnyAction]) -> Composed:
    """The position after the actions of `seat`'s turn chosen so far, as its game checks
    them, recorded nowhere (`domain.composing`)."""
    return spec.compose(state, seat, own_actions(spec, actions))


def default_turn(
    spec: Game, state: AnyGameState, seat: int, server_seed: bytes | None
) -> list[Event]:
    """What the turn clock records for `seat`, whose time ran out (R19, R36)."""
    events: list[Event] = spec.default_turn(state, seat, spec.rebuild_order(state, server_seed))
    return events


def reveal(spec: Game, state: AnyGameState, server_seed: bytes | None) -> list[Event]:
    """Once the game is over, publish the seed its deal committed to (`domain.fair`)."""
    if not state.over or server_seed is None or state.revealed_seed is not None:
        return []
    events: list[Event] = spec.reveal_seed(state, server_seed)
    return events


def declare_dead(spec: Game, state: AnyGameState, seat: int) -> list[Event]:
    """Declare `seat` dead, where its game has dead declarations (Penang's P29)."""
    events: list[Event] = spec.declare_dead(state, seat)
    return events
