"""Penang Rummy as a game of the engine: its `Game`, of its own modules, registered.

The class wraps Penang's functions, unchanged, behind the surface every game shares
(`domain.game`): a Penang game is dealt the same whatever its number in a match,
has no stock to rebuild (P5, P12), and its next dealer in a match is the winner, or the
worst loser where points are not recorded (P7, P8, R5). Another game's action is
refused naming Penang's rule that has no such move: a draw or a discard (P12), going
out (P31).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from domain import deal
from domain.cards import Card
from domain.commands import ActionKind, LayOffAction, MeldAction
from domain.composing import Composed
from domain.deal import Scored
from domain.events import DealProof, Event
from domain.game import Game, Rebuild
from domain.penang import audit, fold, game, moves, state, views
from domain.penang.bots import PENANG_BOTS
from domain.penang.codec import PENANG_EVENTS
from domain.penang.commands import Action, SwapAction
from domain.penang.events import Dealt, DeclaredGame, GameEnded, TurnEnded
from domain.penang.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, PenangRules
from domain.registry import register
from domain.rule_ids import RuleId
from domain.views import Viewer


class Penang(Game):
    """Penang Rummy: meld, lay off and swap, no stock (P1 to P31)."""

    name = GAME
    title = "Penang Rummy"
    order = 0
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    rules_type = PenangRules
    rules_version = RULES_VERSION
    codec = PENANG_EVENTS
    state_type = state.PenangState
    deal_type = Dealt
    deal_rule = "P3"
    turn_rule = "P10"
    rule_families = "PD"
    match_shows_hands = False
    end_type = GameEnded
    turn_ends = (TurnEnded, DeclaredGame)  # P10: a whole turn; P31: the turn that wins
    has_stock = False
    actions = (MeldAction, LayOffAction, SwapAction)
    refusals: ClassVar[Mapping[ActionKind, RuleId]] = {
        "draw": "P12",
        "discard": "P12",
        "go_out": "P31",
        "pass": "P10",
        "meld": "P13",
        "lay_off": "P19",
    }
    timeout_outcome = "the seat is dead by timeout"
    view_types = (views.PenangView,)
    event_view_types = (views.EventView,)
    moves_type = moves.PenangMoves
    end_rule = "P31"
    # The contract's names from before Penang's types carried its name.
    contract_names: ClassVar[Mapping[type, str]] = {
        PenangRules: "Rules",
        views.PenangView: "GameView",
        moves.PenangMoves: "LegalMoves",
    }
    games_word = "games"
    declares_dead = True  # P29
    turn_words = (
        "one whole turn of melds (`meld`), lay-offs (`lay_off`) and joker swaps (`swap`), "
        "with no draw and no discard (P12, D8)"
    )
    dead_words = (
        "Penang Rummy's dead declaration (P29), refused while the seat has a legal move (D6)"
    )
    bots = PENANG_BOTS
    declare_dead = staticmethod(game.declare_dead)
    fold = staticmethod(fold.fold)
    view_event = staticmethod(views.view_event)
    legal_moves = staticmethod(moves.legal_moves)
    reveal_seed = staticmethod(game.reveal_seed)
    verify = staticmethod(audit.verify_events)

    def deck(self, rules: PenangRules, seats: int) -> tuple[Card, ...]:
        return rules.deck_for(seats)

    def deal(
        self,
        players: Sequence[str],
        deck: Sequence[Card],
        rules: PenangRules,
        dealer: int,
        *,
        proof: DealProof | None,
        number: int,
    ) -> list[Event]:
        """`start_game`: a Penang game is the same whatever its number in a match."""
        return game.start_game(players, deck, rules, dealer, proof)

    def play(
        self,
        position: state.PenangState,
        seat: int,
        actions: Sequence[Action],
        rebuild: Rebuild | None,
    ) -> list[Event]:
        """`play_turn`: Penang has no stock to rebuild (P5, P12)."""
        return game.play_turn(position, seat, actions)

    def compose(
        self, position: state.PenangState, seat: int, actions: Sequence[Action]
    ) -> Composed:
        """`compose_turn`: a Penang turn is one command, its actions chosen one by one."""
        return game.compose_turn(position, seat, actions)

    def view(self, position: state.PenangState, viewer: Viewer, over: bool) -> views.PenangView:
        return views.view_game(position, viewer, over=over)

    def default_turn(
        self, position: state.PenangState, seat: int, rebuild: Rebuild | None
    ) -> list[Event]:
        """R19: the seat whose time ran out is dead, reason `timeout`."""
        return game.time_out(position, seat)

    def timed_out(self, position: state.PenangState, seat: int) -> int | None:
        """R19: the version of the declaration that killed `seat` by timeout, if one did."""
        mark = position.timed_out[seat] if position.timed_out else 0
        return mark or None

    def hidden_in_view(self, view: views.PenangView) -> object:
        return view.undealt

    def next_dealer(self, previous_dealer: int, ended: Scored, points_recorded: bool) -> int:
        """P7, P8: the winner deals, or the worst loser where points are not recorded."""
        return deal.next_dealer(previous_dealer, ended, points_recorded)


#: Penang Rummy as a game of the engine.
PENANG: Final = register(Penang())
