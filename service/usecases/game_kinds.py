"""Which game a game of the service is, and that game's functions: the one dispatch per game.

The service plays every game of the engine (`domain.games`: Penang Rummy, basic Rummy,
Three Thirteen) through the same use cases. What differs is the game's `GameSpec`,
which this module finds for a new game (`CreateGame.game`) or a stored one (its folded
state: Penang's `GameState`, or a draw game's `DrawState` naming its rules version),
and a few service matters the spec leaves to the caller:

- a turn's actions arrive decoded as any game's action (`AnyAction`, one tagged union
  for the contract) and are read again as this game's (`decode_actions`): another
  game's action is refused naming the rule of this game that has no such move (a
  `draw` in Penang is P12, a `swap` in Three Thirteen T7);
- a draw game's stock, rebuilt from the discard pile, takes its order from the seeds
  the deal committed to (B11, T10, R20: `domain.drawgame.piles.seeded`), read from the
  game's secrets; a game dealt from an explicit deck turns the pile over;
- each event leaves as its own game's views decide (`view_event`), one function for
  every outbound path (turn answers, event pages, streams).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import msgspec

from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, Drew, HandDealt, HandEnded, StockRebuilt, WentOut
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState
from domain.drawgame.views import DrawEventView, HandView, view_draw_event
from domain.events import Event
from domain.game_spec import GameSpec, Rebuild, decode_actions
from domain.games import GAMES, GameName
from domain.penang.commands import Action
from domain.penang.moves import LegalMoves
from domain.penang.spec import PENANG
from domain.penang.views import EventView, GameView
from domain.penang.views import view_event as view_penang_event
from domain.rummy.moves import RummyMoves
from domain.three13.commands import GoOutAction
from domain.three13.moves import ThirteenMoves
from domain.views import Viewer, may_see
from service.store.game_folds import AnyGameState
from service.usecases.open_types import dec_hook

#: Every game's actions, tagged by `type`: what a turn's body may hold.
AnyAction = Action | DrawAction | DiscardAction | GoOutAction
#: A game of any game as a viewer sees it: Penang's `GameView`, a draw game's `HandView`.
AnyView = GameView | HandView
#: A seat's legal moves in any game.
AnyMoves = LegalMoves | RummyMoves | ThirteenMoves
#: An event of any game as a viewer sees it (one tagged union: no two games' tags clash).
AnyEventView = EventView | DrawEventView
#: The views' and the legal moves' types, by their names in the contract.
VIEWS: Final = tuple(cls.__name__ for cls in (GameView, HandView))
MOVES: Final = tuple(cls.__name__ for cls in (LegalMoves, RummyMoves, ThirteenMoves))
#: The events only the draw games record (the others mean the same in every game).
_DRAW_EVENTS: Final = (HandDealt, Drew, Discarded, StockRebuilt, WentOut, HandEnded)
_encoder = msgspec.json.Encoder()


def spec_named(name: GameName) -> GameSpec[Any, Any]:
    """The game `name` names (`CreateGame.game`)."""
    return GAMES[name]


def spec_of(state: AnyGameState) -> GameSpec[Any, Any]:
    """The game a stored game is a game of."""
    if not isinstance(state, DrawState):
        return PENANG
    spec = next((s for s in GAMES.values() if isinstance(state.rules, s.rules_type)), None)
    if spec is None:
        raise TypeError(f"no game plays under {state.rules_version!r}")
    return spec


def view(state: AnyGameState, viewer: Viewer, *, over: bool = False) -> AnyView:
    """The game as `viewer` may see it; `over`: it has ended since (an earlier version)."""
    return cast(AnyView, spec_of(state).view(state, viewer, over))


def view_event(event: Event, viewer: Viewer, over: bool) -> AnyEventView:
    """One event as `viewer` may see it, by its game's views; `over` once the game ended."""
    if isinstance(event, _DRAW_EVENTS):
        return view_draw_event(event, viewer, over)
    return view_penang_event(event, viewer, over)


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
    hidden = view.undealt if isinstance(view, GameView) else view.stock
    return hidden is not None and not view.over


def as_view(value: object) -> AnyView:
    """`value` as the view it is: a stored answer decoded back (`messages.View` is `Any`
    to the decoder) holds a plain object, read as `HandView` where it has a stock."""
    if isinstance(value, GameView | HandView):
        return value
    if not isinstance(value, dict):
        raise TypeError(f"not a view of a game: {type(value).__name__}")
    if "stock_size" in value:
        return msgspec.convert(value, HandView, dec_hook=dec_hook)
    return msgspec.convert(value, GameView)


def play(
    state: AnyGameState, seat: int, actions: Sequence[AnyAction], server_seed: bytes | None
) -> list[Event]:
    """One command of `seat`: its actions read as the game's own, then decided by it.

    Actions that are all of the game's own types are taken as they are; any other is
    read through `decode_actions`, which names the rule of this game that has no such
    action (or what is malformed).
    """
    spec = spec_of(state)
    own = tuple(spec.actions)
    decoded: tuple[Any, ...]
    if all(isinstance(action, own) for action in actions):
        decoded = tuple(actions)
    else:
        decoded = decode_actions(spec, msgspec.json.decode(_encoder.encode(tuple(actions))))
    events: list[Event] = spec.play(state, seat, decoded, rebuild_order(state, server_seed))
    return events


def rebuild_order(state: AnyGameState, server_seed: bytes | None) -> Rebuild | None:
    """How the game's stock is rebuilt: from the seeds its deal committed to (R20), or,
    dealt from an explicit deck, turned over as it lies (None)."""
    if not isinstance(state, DrawState) or state.proof is None or server_seed is None:
        return None
    return seeded(server_seed, state.proof.seat_seeds)


def reveal(state: AnyGameState, server_seed: bytes | None) -> list[Event]:
    """Once the game is over, publish the seed its deal committed to (`domain.fair`)."""
    if not state.over or server_seed is None or state.revealed_seed is not None:
        return []
    events: list[Event] = spec_of(state).reveal_seed(state, server_seed)
    return events


def declare_dead(state: AnyGameState, seat: int) -> list[Event]:
    """Declare `seat` dead, where its game has dead declarations (Penang's P29)."""
    events: list[Event] = spec_of(state).declare_dead(state, seat)
    return events
