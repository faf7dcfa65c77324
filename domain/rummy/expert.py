"""Basic Rummy's expert bot (B3–B8, R78): the greedy bot's draw, melds and lay-offs
(`domain.drawgame.bots.greedy`, `domain.rummy.bots`), with a discard that keeps the
cards that could still meld.

- **Discard** (`keeper`). Of the listed discards, the card with the most points less
  `KEEP` points for each other card of the hand it could meld with (one of its rank, or
  of its suit within two ranks); ties to the higher rank, then the first listed. The
  greedy bot sheds its highest card even where it holds a pair of it; the expert sheds a
  lone card first, so its hand comes to meld sooner.

It uses no randomness: the same view always gives the same command, and a verifier
re-derives each of them (R33); a seat plays it through `domain.drawgame.bots.expert`.
"""

from __future__ import annotations

from typing import Final

from domain.cards import Card
from domain.drawgame.bots.expert import partners
from domain.drawgame.commands import DiscardAction
from domain.drawgame.state import DrawState

#: Points one card of the hand the discard could meld with is worth: more than any
#: card's points, so a lone card always goes first (measured, R78: 3, 6 and 10 won 54.4%,
#: 56.8% and 59.2% of 600 two-seat hands against greedy; 15 and 30 the same as 10).
KEEP: Final = 10


def keeper(discards: tuple[DiscardAction, ...], state: DrawState, seat: int) -> DiscardAction:
    """The expert's discard of this module's docstring."""
    if not discards:
        raise ValueError("a seat that has drawn always has a discard (B3)")
    points = state.rules.card_points
    hand = state.hands[seat]

    def worth(i: int) -> tuple[int, int, int]:
        card = Card(discards[i].card)
        return (points(card) - KEEP * partners(card, hand), card.rank, -i)

    return discards[max(range(len(discards)), key=worth)]
