"""Rummy 500's bots: basic Rummy's (`domain.rummy.bots`) over Rummy 500's legal moves
(F3–F7), every command they send one the legal moves list.

The greedy bot opens its turn with a take from the discard pile (F4) where one pays: of
the listed takes with their play, the one whose played cards score the most less the
points of the other cards it takes into the hand (F7), where that is more than nothing
(ties: the first listed); else it draws as basic Rummy's does. The random bot draws from
the stock or the top of the pile, as basic Rummy's does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.bots import draw_bots
from domain.drawgame.bots.expert import expert_bot
from domain.drawgame.state import DrawState
from domain.game import BotPlay
from domain.rummy.bots import rummy_bot_game
from domain.rummy500.commands import TakeAction
from domain.rummy500.moves import legal_moves


def _opens(state: DrawState, seat: int) -> tuple[Any, ...] | None:
    """The listed take worth the most, where it is worth more than nothing."""
    points = state.rules.card_points
    best: tuple[Any, ...] | None = None
    most = 0
    for command in legal_moves(state, seat).commands:
        first = command.actions[0]
        if not isinstance(first, TakeAction):
            continue
        follow = command.actions[1]
        if isinstance(follow, MeldAction):
            played = follow.cards
        elif isinstance(follow, LayOffAction):
            played = (follow.card,)
        else:
            continue
        pile = [card.text for card in state.discards]
        taken = pile[pile.index(first.card) :]
        kept = [card for card in taken if card not in played]
        worth = sum(points(Card(card)) for card in played) - sum(points(Card(c)) for c in kept)
        if worth > most:
            best, most = command.actions, worth
    return best


#: Rummy 500 as its bots play it.
RUMMY500_BOT_GAME: Final = replace(rummy_bot_game(legal_moves), opens=_opens)
#: Rummy 500 as its expert bot plays it: basic Rummy's expert discard (R78).
EXPERT_RUMMY500_BOT_GAME: Final = replace(rummy_bot_game(legal_moves, keeps=True), opens=_opens)
#: Rummy 500's bots, by name (`domain.drawgame.bots.DRAW_BOT_NAMES`, and `expert`).
RUMMY500_BOTS: Final[Mapping[str, BotPlay]] = {
    **draw_bots(RUMMY500_BOT_GAME),
    "expert": expert_bot(EXPERT_RUMMY500_BOT_GAME),
}
