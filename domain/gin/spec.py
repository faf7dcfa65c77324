"""Gin Rummy as a game of the engine: its `Game`, of its own modules, registered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from domain.columns import ScoreColumn
from domain.commands import ActionKind
from domain.deal import Scored
from domain.drawgame.events import Discarded, HandDealt
from domain.drawgame.views import DrawEventView
from domain.game import Game
from domain.gin import audit, clock, game, views
from domain.gin import events as gin_events
from domain.gin.bots import GIN_BOTS
from domain.gin.commands import GIN_ACTIONS
from domain.gin.events import GinHandEnded
from domain.gin.fold import fold
from domain.gin.hollywood import HOLLYWOOD, hollywood_columns
from domain.gin.match import TARGET, GinMatchScore, match_score
from domain.gin.rules import RULES_VERSION, GinRules
from domain.gin.state import GinState
from domain.registry import register
from domain.rule_ids import RuleId


def next_dealer(previous_dealer: int, ended: Scored, points_recorded: bool = True) -> int:
    """R43: the winner of a hand deals the next; after a draw the same dealer deals."""
    if len(ended.winners) == 1:
        return ended.winners[0]
    return previous_dealer


def _score(scored: Sequence[Scored], target: int | None, rules: GinRules) -> GinMatchScore:
    """G17, G21: the match's score after its hands, with the shutout its rules name."""
    return match_score(
        [(game.points[0], game.points[1]) for game in scored],
        target=target or TARGET,
        shutout=rules.shutout_rule(columns=False),
        boxes=[getattr(game, "boxes", ()) for game in scored],
    )


def match_bonuses(scored: Sequence[Scored], target: int | None, rules: GinRules) -> tuple[int, ...]:
    """G17: at the target the winner's game bonus and each seat's box bonuses, with the
    shutout's doubling (G21, R46, R60); none where the match ended short of it (closed,
    or abandoned, R45)."""
    score = _score(scored, target, rules)
    if not score.over:
        return ()
    return tuple(final - total for final, total in zip(score.final, score.points, strict=True))


def match_shutout(scored: Sequence[Scored], target: int | None, rules: GinRules) -> bool:
    """G21: whether the match reached its target with the loser having scored nothing,
    where its rules play a shutout (R60)."""
    return _score(scored, target, rules).shutout


def match_columns(
    scored: Sequence[Scored], target: int | None, scoring: str, rules: GinRules
) -> tuple[ScoreColumn, ...]:
    """G18: a Hollywood match's three columns; none for another scoring."""
    if scoring != HOLLYWOOD:
        return ()
    return hollywood_columns(
        [(game.points[0], game.points[1]) for game in scored],
        target=target or TARGET,
        shutout=rules.shutout_rule(columns=True),
        boxes=[getattr(game, "boxes", ()) for game in scored],
    )


class Gin(Game):
    """Gin Rummy, as the tables play it (G1 to G21)."""

    name = "gin"
    title = "Gin Rummy"
    order = 30
    players = range(2, 3)
    rules_type = GinRules
    rules_version = RULES_VERSION
    codec = audit.GIN_EVENTS
    state_type = GinState
    deal_type = HandDealt
    deal_rule = "G2"
    turn_rule = "G4"
    rule_families = "G"
    end_type = GinHandEnded
    turn_ends = (Discarded,)  # G4: a turn is a draw and a discard (a knock discards too)
    actions = GIN_ACTIONS
    refusals: ClassVar[Mapping[ActionKind, RuleId]] = {
        "swap": "G1",
        "go_out": "G9",
        "meld": "G10",
        "lay_off": "G11",
    }
    view_types = (views.GinView,)
    event_view_types = (
        DrawEventView,
        gin_events.UpcardPassed,
        gin_events.Knocked,
        gin_events.MeldShown,
        gin_events.CardLaidOff,
        gin_events.ShowingDone,
        gin_events.GinHandEnded,
    )
    moves_type = views.GinMoves
    end_rule = "G8"
    match_scorings = (HOLLYWOOD,)
    bots = GIN_BOTS
    turn_words = (
        "one action a command: taking (`draw`) or passing (`pass`) the first upcard, a draw "
        "and a discard, or a knock (`knock`), its discard, its melds (`show_meld`) and "
        "`done`, or big gin (`big_gin`: eleven cards melded, no discard, G19); the "
        "defender's lay-offs (`lay_off_card`), `done`, its melds and `done` (G3-G11)"
    )
    deck = staticmethod(game.pack)
    deal = staticmethod(game.start_hand)
    play = staticmethod(game.play)
    default_turn = staticmethod(clock.default_turn)
    timed_out = staticmethod(clock.timed_out)
    fold = staticmethod(fold)
    view = staticmethod(views.view_hand)
    view_event = staticmethod(views.view_event)
    legal_moves = staticmethod(views.legal_moves)
    next_dealer = staticmethod(next_dealer)
    reveal_seed = staticmethod(audit.reveal_seed)
    verify = staticmethod(audit.verify)
    match_bonuses = staticmethod(match_bonuses)
    match_shutout = staticmethod(match_shutout)
    match_columns = staticmethod(match_columns)

    def hidden_in_view(self, view: views.GinView) -> object:
        return view.stock

    def rebuild_order(self, state: GinState, server_seed: bytes | None) -> None:
        """G13: the stock is never rebuilt; the wall ends the hand first."""
        return


GIN: Final = register(Gin())
