"""Basic Rummy as a game of the engine: its `GameSpec`, built from its own modules."""

from __future__ import annotations

from typing import Final

from domain.cards import Card, build_deck
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import HandDealt
from domain.drawgame.piles import reveal_seed
from domain.drawgame.state import DrawState, fold
from domain.drawgame.views import HandView, view_draw_event, view_hand
from domain.errors import NotInThisGame
from domain.events import Event
from domain.game_spec import GameSpec
from domain.rummy import codec, game, hands, moves
from domain.rummy.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, RummyRules
from domain.views import Viewer


def _deck(rules: RummyRules, seats: int) -> tuple[Card, ...]:
    return build_deck(1, 0)  # B1: one pack, no jokers


def _no_dead(state: DrawState, seat: int) -> list[Event]:
    raise NotInThisGame("basic Rummy has no dead declaration: a turn is a draw and a discard", "B3")


def _view(state: DrawState, viewer: Viewer, over: bool) -> HandView:
    return view_hand(state, viewer, over=over)


def _reveal(state: DrawState, server_seed: bytes) -> list[Event]:
    return reveal_seed(state, server_seed, game.TERMS)


RUMMY: Final[GameSpec[DrawState, RummyRules]] = GameSpec(
    name="rummy",
    title="basic Rummy",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    rules_type=RummyRules,
    rules_version=RULES_VERSION,
    codec=codec.RUMMY_EVENTS,
    deal_type=HandDealt,
    actions=(DrawAction, MeldAction, LayOffAction, DiscardAction),
    foreign_actions={"swap": "B1", "go_out": "B7"},
    validate=RummyRules.validate,
    deck=_deck,
    deal=game.start_hand,
    play=game.play,
    declare_dead=_no_dead,
    fold=fold,
    view=_view,
    view_event=view_draw_event,
    legal_moves=moves.legal_moves,
    next_dealer=hands.next_dealer,
    reveal_seed=_reveal,
    verify=codec.verify,
)
