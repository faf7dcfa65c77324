"""Basic Rummy as a game of the engine: its `GameSpec`, built from its own modules."""

from __future__ import annotations

from typing import Final

from domain.cards import Card, build_deck
from domain.commands import LayOffAction, MeldAction
from domain.deal import pass_left
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Discarded, HandDealt, HandEnded, WentOut
from domain.drawgame.piles import rebuild_of, reveal_seed
from domain.drawgame.state import DrawState, fold
from domain.drawgame.timeout import timed_out
from domain.drawgame.views import HandView, hidden_stock, view_draw_event, view_hand
from domain.errors import NotInThisGame
from domain.events import Event
from domain.game_spec import GameSpec
from domain.rummy import codec, game, moves
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
    state_type=DrawState,
    deal_type=HandDealt,
    deal_rule="B2",
    end_type=HandEnded,
    turn_ends=(Discarded, WentOut),  # B3: a turn ends with a discard; B7: or going out
    has_stock=True,
    actions=(DrawAction, MeldAction, LayOffAction, DiscardAction),
    foreign_actions={
        "swap": "B1",
        "go_out": "B7",
        "pass": "B3",
        "done": "B3",
        "knock": "B7",
        "show_meld": "B3",
        "lay_off_card": "B6",
    },
    validate=RummyRules.validate,
    deck=_deck,
    deal=game.start_hand,
    play=game.play,
    declare_dead=_no_dead,
    default_turn=game.default_turn,
    timed_out=timed_out,
    timeout_outcome="the clock plays its default turn",
    fold=fold,
    view=_view,
    view_types=(HandView,),
    hidden_in_view=hidden_stock,
    view_event=view_draw_event,
    legal_moves=moves.legal_moves,
    moves_type=moves.RummyMoves,
    rebuild_order=rebuild_of,
    next_dealer=pass_left,
    reveal_seed=_reveal,
    verify=codec.verify,
    end_rule="B7",
)
