"""What the draw games' expert bots share (R78, R82): the greedy bot's draw, melds and
lay-offs (`domain.drawgame.bots.greedy`), played through a game whose discard is the
expert's own (`domain.rummy.expert`, `domain.three13.bots`), and the count each of those
discards weighs: the cards of the hand a card could still meld with.

An expert makes no random choice: the same view always gives the same command, and a
verifier re-derives each of them (R33).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.cards import Card
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.greedy import GreedyDrawBot
from domain.drawgame.views import HandView
from domain.game import BotPlay


def partners(card: Card, hand: Sequence[Card]) -> int:
    """The other cards of `hand` that could meld with `card`: its rank's, or its suit's
    within two ranks."""
    return sum(
        1
        for other in hand
        if other != card
        and (
            other.rank == card.rank
            or (other.suit == card.suit and abs(other.rank - card.rank) <= 2)
        )
    )


def expert_bot(game: DrawBotGame) -> BotPlay:
    """The expert bot of `game` (its play given the expert's discard), as a seat plays."""

    def play(view: Any, seed: str) -> tuple[Any, ...] | None:
        if not isinstance(view, HandView):
            raise TypeError("a draw-game bot plays from a seat's HandView")
        return tuple(GreedyDrawBot(game).command(view))  # no random choice: seed unused

    return play
