"""Penang Rummy as a game of the engine: its `GameSpec`, built from its own modules.

The spec wraps Penang's functions, unchanged, behind the surface every game shares
(`domain.game_spec`): a Penang game is dealt the same whatever its number in a match,
has no stock to rebuild (P5, P12), and its next dealer in a match is the winner, or the
worst loser where points are not recorded (P7, P8, R5). Another game's action is
refused naming Penang's rule that has no such move: a draw or a discard (P12), going
out (P31).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain import deal
from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.events import DealProof, Event
from domain.game_spec import GameSpec, Rebuild
from domain.penang import audit, fold, game, moves, state, views
from domain.penang.bots import PENANG_BOTS
from domain.penang.codec import PENANG_EVENTS
from domain.penang.commands import Action, SwapAction
from domain.penang.events import Dealt, DeclaredGame, GameEnded, TurnEnded
from domain.penang.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, Rules
from domain.views import Viewer


def _penang_deal(
    players: Sequence[str],
    deck: Sequence[Card],
    rules: Rules,
    dealer: int,
    *,
    proof: DealProof | None,
    number: int,
) -> list[Event]:
    """`start_game`: a Penang game is the same whatever its number in a match."""
    return game.start_game(players, deck, rules, dealer, proof)


def _penang_play(
    position: state.GameState, seat: int, actions: Sequence[Action], rebuild: Rebuild | None
) -> list[Event]:
    """`play_turn`: Penang has no stock to rebuild (P5, P12)."""
    return game.play_turn(position, seat, actions)


def _penang_view(position: state.GameState, viewer: Viewer, over: bool) -> views.GameView:
    return views.view_game(position, viewer, over=over)


def _penang_time_out(position: state.GameState, seat: int, rebuild: Rebuild | None) -> list[Event]:
    """R19: the seat whose time ran out is dead, reason `timeout`."""
    return game.time_out(position, seat)


def _penang_timed_out(position: state.GameState, seat: int) -> int | None:
    """R19: the version of the declaration that killed `seat` by timeout, if one did."""
    mark = position.timed_out[seat] if position.timed_out else 0
    return mark or None


def _undealt(view: views.GameView) -> object:
    return view.undealt


def _no_stock(position: state.GameState, server_seed: bytes | None) -> Rebuild | None:
    return None  # P5, P12: no stock to rebuild


#: Penang Rummy as a game of the engine (`domain.games` registers it).
PENANG: Final[GameSpec[state.GameState, Rules]] = GameSpec(
    name="penang",
    title="Penang Rummy",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    rules_type=Rules,
    rules_version=RULES_VERSION,
    codec=PENANG_EVENTS,
    state_type=state.GameState,
    deal_type=Dealt,
    deal_rule="P3",
    rule_families="PD",
    match_shows_hands=False,
    end_type=GameEnded,
    turn_ends=(TurnEnded, DeclaredGame),  # P10: a whole turn; P31: the turn that wins
    has_stock=False,
    actions=(MeldAction, LayOffAction, SwapAction),
    foreign_actions={
        "draw": "P12",
        "discard": "P12",
        "go_out": "P31",
        "pass": "P10",
        "done": "P10",
        "knock": "P31",
        "big_gin": "P31",
        "show_meld": "P13",
        "lay_off_card": "P19",
    },
    validate=Rules.validate,
    deck=Rules.deck_for,
    deal=_penang_deal,
    play=_penang_play,
    declare_dead=game.declare_dead,
    default_turn=_penang_time_out,
    timed_out=_penang_timed_out,
    timeout_outcome="the seat is dead by timeout",
    fold=fold.fold,
    view=_penang_view,
    view_types=(views.GameView,),
    hidden_in_view=_undealt,
    view_event=views.view_event,
    legal_moves=moves.legal_moves,
    moves_type=moves.LegalMoves,
    rebuild_order=_no_stock,
    next_dealer=deal.next_dealer,
    reveal_seed=game.reveal_seed,
    verify=audit.verify_events,
    games_word="games",
    declares_dead=True,  # P29
    bots=PENANG_BOTS,
)
