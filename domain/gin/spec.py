"""Gin Rummy as a game of the engine: its `GameSpec`, built from its own modules.

Not registered in `domain.games` yet: the registration and the service's wiring follow
the service's game dispatch.
"""

from __future__ import annotations

from typing import Final

from domain.cards import Card, build_deck
from domain.drawgame.events import HandDealt
from domain.errors import NotInThisGame
from domain.events import Event
from domain.game_spec import GameSpec
from domain.gin import audit, game, views
from domain.gin.commands import GIN_ACTIONS
from domain.gin.rules import RULES_VERSION, GinRules
from domain.gin.state import GinState, fold


def _deck(rules: GinRules, seats: int) -> tuple[Card, ...]:
    return build_deck(1, 0)  # G1: one pack, no jokers


def _no_dead(state: GinState, seat: int) -> list[Event]:
    raise NotInThisGame("Gin Rummy has no dead declaration: a turn is a draw and a discard", "G4")


def next_dealer(state: GinState, points_recorded: bool = True) -> int:
    """R43: the winner of a hand deals the next; after a draw the same dealer deals."""
    ended = state.ended
    if ended is not None and len(ended.winners) == 1:
        return ended.winners[0]
    return state.dealer


GIN: Final[GameSpec[GinState, GinRules]] = GameSpec(
    name="gin",
    title="Gin Rummy",
    players=range(2, 3),
    rules_type=GinRules,
    rules_version=RULES_VERSION,
    codec=audit.GIN_EVENTS,
    deal_type=HandDealt,
    actions=GIN_ACTIONS,
    foreign_actions={"swap": "G1", "go_out": "G9", "declare_dead": "G4"},
    validate=GinRules.validate,
    deck=_deck,
    deal=game.start_hand,
    play=game.play,
    declare_dead=_no_dead,
    fold=fold,
    view=views.view_hand,
    view_event=views.view_event,
    legal_moves=views.legal_moves,
    next_dealer=next_dealer,
    reveal_seed=audit.reveal_seed,
    verify=audit.verify,
)
