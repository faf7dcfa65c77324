"""Basic Rummy as a game of the engine: its `GameSpec`, built from its own modules by the
draw games' (`domain.drawgame.spec`)."""

from __future__ import annotations

from typing import Final

from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.spec import draw_game_spec
from domain.drawgame.state import DrawState
from domain.game_spec import GameSpec
from domain.rummy import codec, game, moves
from domain.rummy.bots import RUMMY_BOTS
from domain.rummy.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION, RummyRules

RUMMY: Final[GameSpec[DrawState, RummyRules]] = draw_game_spec(
    name="rummy",
    terms=game.TERMS,
    rule_families="B",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    rules_type=RummyRules,
    rules_version=RULES_VERSION,
    validate=RummyRules.validate,
    codec=codec.RUMMY_EVENTS,
    packs=game.packs,
    deal=game.start_hand,
    play=game.play,
    default_turn=game.default_turn,
    actions=(DrawAction, MeldAction, LayOffAction, DiscardAction),
    foreign_actions={
        "swap": "B1",
        "go_out": "B7",
        "pass": "B3",
        "done": "B3",
        "knock": "B7",
        "big_gin": "B7",
        "show_meld": "B3",
        "lay_off_card": "B6",
    },
    turn_actions=codec.turn_actions,
    event_rules=codec.EVENT_RULES,
    legal_moves=moves.legal_moves,
    moves_type=moves.RummyMoves,
    bots=RUMMY_BOTS,
)
