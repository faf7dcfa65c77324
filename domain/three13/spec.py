"""Three Thirteen as a game of the engine: its `GameSpec`, built from its own modules."""

from __future__ import annotations

from typing import Final

from domain.cards import Card, build_deck
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
from domain.three13 import codec, game, moves
from domain.three13.commands import GoOutAction
from domain.three13.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    ThirteenRules,
    wild_rank,
)
from domain.views import Viewer


def _deck(rules: ThirteenRules, seats: int) -> tuple[Card, ...]:
    return build_deck(rules.packs_for(seats), 0)  # T2: a pack per two players, no jokers


def _no_dead(state: DrawState, seat: int) -> list[Event]:
    raise NotInThisGame(
        "Three Thirteen has no dead declaration: a turn is a draw and a discard", "T4"
    )


def _view(state: DrawState, viewer: Viewer, over: bool) -> HandView:
    return view_hand(state, viewer, over=over, wild_rank=wild_rank(state.number))


def _reveal(state: DrawState, server_seed: bytes) -> list[Event]:
    return reveal_seed(state, server_seed, game.TERMS)


THREE_THIRTEEN: Final[GameSpec[DrawState, ThirteenRules]] = GameSpec(
    name="three-thirteen",
    title="Three Thirteen",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    rules_type=ThirteenRules,
    rules_version=RULES_VERSION,
    codec=codec.THIRTEEN_EVENTS,
    state_type=DrawState,
    deal_type=HandDealt,
    deal_rule="T1",
    end_type=HandEnded,
    turn_ends=(Discarded, WentOut),  # T4: a turn ends with a discard; T8: or going out
    has_stock=True,
    actions=(DrawAction, DiscardAction, GoOutAction),
    foreign_actions={
        "meld": "T7",
        "lay_off": "T7",
        "swap": "T7",
        "pass": "T4",
        "done": "T4",
        "knock": "T8",
        "show_meld": "T7",
        "lay_off_card": "T7",
    },
    validate=ThirteenRules.validate,
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
    moves_type=moves.ThirteenMoves,
    rebuild_order=rebuild_of,
    next_dealer=pass_left,
    reveal_seed=_reveal,
    verify=codec.verify,
    end_rule="T8",
)
