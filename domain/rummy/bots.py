"""Basic Rummy's bots: the draw games' bots (`domain.drawgame.bots`), given this game's
legal moves and the greedy bot's play of it (B3–B8; `domain.drawgame.bots.greedy`):

- **Draw.** The top of the discard pile where, taken into the hand, it would be part of a
  listed meld or lay-off (B5, B6).
- **Play.** The listed meld with the most points (ties: the most cards, then the first
  listed); else the first listed lay-off; else the discard of the highest card (B8's
  points, then rank; ties: the first listed), or, in a hand that goes round, the varied
  discard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.bots import draw_bots
from domain.drawgame.bots.expert import expert_bot
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.greedy import taken, varied
from domain.drawgame.commands import DiscardAction
from domain.drawgame.state import DrawState
from domain.game import BotPlay
from domain.rummy import moves as rummy_moves
from domain.rummy.expert import keeper

#: A game's legal moves in basic Rummy's family (`domain.rummy.moves.RummyMoves`' fields).
Moves = Callable[[DrawState, int], Any]


def rummy_bot_game(legal_moves: Moves, *, keeps: bool = False) -> DrawBotGame:
    """Basic Rummy's family as its bots play it, from a game's `legal_moves`: the single
    actions it lists, the top discard it wants, and its greedy play; with `keeps`, the
    expert's discard (`domain.rummy.expert.keeper`) in place of the highest card."""

    def listed_actions(state: DrawState, seat: int) -> tuple[Any, ...]:
        """The single actions `legal_moves` lists for the seat, after its draw."""
        return tuple(c.actions[0] for c in legal_moves(state, seat).commands if len(c.actions) == 1)

    def wants(state: DrawState, seat: int, card: Card) -> bool:
        moves = legal_moves(taken(state, seat, card), seat)
        return any(card.text in meld.cards for meld in moves.melds) or any(
            lay_off.card == card.text for lay_off in moves.lay_offs
        )

    def play(state: DrawState, seat: int) -> MeldAction | LayOffAction | DiscardAction:
        moves = legal_moves(state, seat)
        points = state.rules.card_points
        if moves.melds:
            order = range(len(moves.melds))
            best = max(
                order,
                key=lambda i: (
                    sum(points(Card(c)) for c in moves.melds[i].cards),
                    len(moves.melds[i].cards),
                    -i,
                ),
            )
            return moves.melds[best]  # type: ignore[no-any-return]
        if moves.lay_offs:
            return moves.lay_offs[0]  # type: ignore[no-any-return]
        other = varied(state, moves.discards)
        if other is not None:
            return other  # type: ignore[no-any-return]
        if keeps:
            return keeper(moves.discards, state, seat)
        return _highest(moves.discards, state)

    return DrawBotGame(listed=listed_actions, wants=wants, play=play)


def _highest(discards: tuple[DiscardAction, ...], state: DrawState) -> DiscardAction:
    if not discards:
        raise ValueError("a seat that has drawn always has a discard (B3, T4)")
    points = state.rules.card_points
    order = range(len(discards))
    best = max(
        order, key=lambda i: (points(Card(discards[i].card)), Card(discards[i].card).rank, -i)
    )
    return discards[best]


#: Basic Rummy as its bots play it.
RUMMY_BOT_GAME: Final = rummy_bot_game(rummy_moves.legal_moves)
#: Basic Rummy as its expert bot plays it (`domain.rummy.expert`, R78).
EXPERT_RUMMY_BOT_GAME: Final = rummy_bot_game(rummy_moves.legal_moves, keeps=True)
#: Basic Rummy's bots, by name (`domain.drawgame.bots.DRAW_BOT_NAMES`, and `expert`).
RUMMY_BOTS: Final[Mapping[str, BotPlay]] = {
    **draw_bots(RUMMY_BOT_GAME),
    "expert": expert_bot(EXPERT_RUMMY_BOT_GAME),
}
