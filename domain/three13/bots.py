"""Three Thirteen's bots: the draw games' bots (`domain.drawgame.bots`), given this game's
legal moves and the greedy bot's play of it (T4–T9; `domain.drawgame.bots.greedy`):

- **Draw.** The top of the discard pile where it is wild, or where taking it and shedding
  the best card would leave less deadwood than the hand has now (T6, T9).
- **Play.** The first listed way to go out (T8); else, in a hand that goes round, the
  varied discard; else the discard that leaves the least deadwood
  (`domain.three13.deadwood.deadwood_after_discards`; ties: the card with the most points,
  then the first by its text: `10S` before `JH`).

Weighing a hand is one deadwood search for every discard, and the last hand weighed is
remembered (`_Weighing`), by every bot and thread alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from domain.cards import Card, sort_cards
from domain.drawgame.bots import draw_bots
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.greedy import varied
from domain.drawgame.state import DrawState
from domain.game import BotPlay
from domain.three13 import moves as thirteen_moves
from domain.three13.deadwood import deadwood_after_discards
from domain.three13.rules import wild_rank


def listed_actions(state: DrawState, seat: int) -> tuple[Any, ...]:
    """The single actions `legal_moves` lists for the seat, after its draw."""
    return tuple(c.actions[0] for c in thirteen_moves.legal_moves(state, seat).commands)


class _Weighing:
    """What hands leave after each discard (T9), the last hand weighed remembered: a seat
    that takes the top discard weighs the same cards again to choose its discard. The
    answer is a pure function of the key (the hand's number, its rules and its cards), so
    one memo serves every bot and thread: each reads the pair it finds once."""

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], Mapping[Card, int]] | None = None

    def after_discards(self, state: DrawState, hand: Sequence[Card]) -> Mapping[Card, int]:
        """The least deadwood `hand` leaves after each discard, from one search."""
        key = (state.number, state.rules, *sort_cards(hand))
        last = self._last
        if last is None or last[0] != key:
            wild = wild_rank(state.number)
            last = (key, deadwood_after_discards(hand, wild, state.rules.card_points))
            self._last = last
        return last[1]


#: The one memo of every greedy Three Thirteen bot.
_WEIGHING: Final = _Weighing()


def _least_after_discard(state: DrawState, after: Mapping[Card, int]) -> tuple[int, Card]:
    """The least deadwood of `after` (`_Weighing.after_discards`), and its discard: of the cards
    that leave it, the one with the most points, then the first by its text."""
    points = state.rules.card_points
    best: tuple[int, int, Card] | None = None
    for card in sorted(after, key=lambda c: c.text):
        key = (after[card], -points(card), card)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        raise ValueError("an empty hand has nothing to discard")
    return best[0], best[2]


def _wants(state: DrawState, seat: int, card: Card) -> bool:
    if card.rank == wild_rank(state.number):
        return True
    # The hand as it is now is the hand with the card taken, less that card.
    after = _WEIGHING.after_discards(state, [*state.hands[seat], card])
    with_card, _ = _least_after_discard(state, after)
    return with_card < after[card]


def _play(state: DrawState, seat: int) -> Any:
    moves = thirteen_moves.legal_moves(state, seat)
    if moves.go_outs:
        return moves.go_outs[0]
    other = varied(state, moves.discards)
    if other is not None:
        return other
    listed = {discard.card: discard for discard in moves.discards}
    _, card = _least_after_discard(state, _WEIGHING.after_discards(state, state.hands[seat]))
    return listed[card.text]


#: Three Thirteen as its bots play it.
THIRTEEN_BOT_GAME: Final = DrawBotGame(listed=listed_actions, wants=_wants, play=_play)
#: Three Thirteen's bots, by name (`domain.drawgame.bots.DRAW_BOT_NAMES`).
THIRTEEN_BOTS: Final[Mapping[str, BotPlay]] = draw_bots(THIRTEEN_BOT_GAME)
