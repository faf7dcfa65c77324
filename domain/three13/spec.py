"""Three Thirteen as a game of the engine: its `GameSpec`, built from its own modules by
the draw games' (`domain.drawgame.spec`)."""

from __future__ import annotations

from typing import Final

from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.spec import draw_game_spec
from domain.drawgame.state import DrawState
from domain.game_spec import GameSpec
from domain.three13 import codec, game, moves
from domain.three13.bots import THIRTEEN_BOTS
from domain.three13.commands import GoOutAction
from domain.three13.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    ThirteenRules,
    wild_rank,
)

THREE_THIRTEEN: Final[GameSpec[DrawState, ThirteenRules]] = draw_game_spec(
    name="three-thirteen",
    terms=game.TERMS,
    rule_families="T",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    rules_type=ThirteenRules,
    rules_version=RULES_VERSION,
    validate=ThirteenRules.validate,
    codec=codec.THIRTEEN_EVENTS,
    packs=game.packs,
    deal=game.start_hand,
    play=game.play,
    default_turn=game.default_turn,
    actions=(DrawAction, DiscardAction, GoOutAction),
    foreign_actions={
        "meld": "T7",
        "lay_off": "T7",
        "swap": "T7",
        "pass": "T4",
        "done": "T4",
        "knock": "T8",
        "big_gin": "T8",
        "show_meld": "T7",
        "lay_off_card": "T7",
    },
    turn_actions=codec.turn_actions,
    event_rules=codec.EVENT_RULES,
    legal_moves=moves.legal_moves,
    moves_type=moves.ThirteenMoves,
    wild_rank=wild_rank,
    bots=THIRTEEN_BOTS,
)
