"""Gin Rummy as a game of the engine: its `GameSpec`, built from its own modules.

Registered in `domain.games`, which is all the service needs to play it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain.columns import ScoreColumn
from domain.deal import Scored
from domain.drawgame.events import Discarded, HandDealt
from domain.errors import NotInThisGame
from domain.events import Event
from domain.game_spec import GameSpec
from domain.gin import audit, clock, game, views
from domain.gin.bots import GIN_BOTS
from domain.gin.commands import GIN_ACTIONS
from domain.gin.events import GinHandEnded
from domain.gin.fold import fold
from domain.gin.hollywood import HOLLYWOOD, hollywood_columns
from domain.gin.match import TARGET, GinMatchScore, match_score
from domain.gin.rules import RULES_VERSION, GinRules
from domain.gin.state import GinState


def _no_dead(state: GinState, seat: int) -> list[Event]:
    raise NotInThisGame("Gin Rummy has no dead declaration: a turn is a draw and a discard", "G4")


def _hidden_stock(view: views.GinView) -> object:
    return view.stock


def _no_rebuild(state: GinState, server_seed: bytes | None) -> None:
    """G13: the stock is never rebuilt; the wall ends the hand first."""
    return


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


GIN: Final[GameSpec[GinState, GinRules]] = GameSpec(
    name="gin",
    title="Gin Rummy",
    players=range(2, 3),
    rules_type=GinRules,
    rules_version=RULES_VERSION,
    codec=audit.GIN_EVENTS,
    state_type=GinState,
    deal_type=HandDealt,
    deal_rule="G2",
    rule_families="G",
    end_type=GinHandEnded,
    turn_ends=(Discarded,),  # G4: a turn is a draw and a discard (a knock discards too)
    has_stock=True,
    actions=GIN_ACTIONS,
    foreign_actions={
        "swap": "G1",
        "go_out": "G9",
        "declare_dead": "G4",
        "meld": "G10",
        "lay_off": "G11",
    },
    validate=GinRules.validate,
    deck=game.pack,
    deal=game.start_hand,
    play=game.play,
    declare_dead=_no_dead,
    default_turn=clock.default_turn,
    timed_out=clock.timed_out,
    timeout_outcome="the clock plays its default turn",
    fold=fold,
    view=views.view_hand,
    view_types=(views.GinView,),
    hidden_in_view=_hidden_stock,
    view_event=views.view_event,
    legal_moves=views.legal_moves,
    moves_type=views.GinMoves,
    rebuild_order=_no_rebuild,
    next_dealer=next_dealer,
    reveal_seed=audit.reveal_seed,
    verify=audit.verify,
    end_rule="G8",
    match_bonuses=match_bonuses,
    match_shutout=match_shutout,
    match_scorings=(HOLLYWOOD,),
    match_columns=match_columns,
    bots=GIN_BOTS,
)
