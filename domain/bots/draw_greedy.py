"""The greedy bot of the draw games: it takes the discard that makes a meld, melds and lays
off what it can, sheds its highest card, and goes out as soon as it can (B3–B8, T4–T9).

Definition, from the seat's window (`domain.bots.draw_window`); every action it sends is
one the game's `legal_moves` lists, so the engine accepts each:

- **Draw.** Basic Rummy: the top of the discard pile where, taken into the hand, it
  would be part of a listed meld or lay-off (B5, B6); Three Thirteen: where it is wild, or
  where taking it and shedding the best card would leave less deadwood than the hand has
  now (T6, T9). Otherwise the stock (the discard pile when the stock cannot be drawn).
- **Play, basic Rummy.** The listed meld with the most points (ties: the most cards, then
  the first listed); else the first listed lay-off; else the discard of the highest card
  (B8's points, then rank; ties: the first listed). Melding and laying off whatever it can
  empties its hand, and goes out, whenever the hand allows (B7).
- **Play, Three Thirteen.** The first listed way to go out (T8); else the discard that
  leaves the least deadwood (`domain.three13.deadwood.deadwood_after_discards`; ties: the
  card with the most points, then the first by its text: `10S` before `JH`).

- **A hand that goes round.** Seats that each keep what the others need (every greedy
  seat of five holding pairs of low cards and shedding the high card it drew) can pass the
  same high cards round for ever. Once the hand has run `PATIENCE` events, the bot
  discards the listed card at place (events // 2) mod (cards listed) instead: the hands
  change, and some seat's cards come to meld.

It uses no randomness: the same view always gives the same command. Weighing a Three
Thirteen hand is one deadwood search for every discard, and the last hand weighed is
remembered; tests/bench/bench_three13_turns.py measures its turns in `simulate` against
Penang's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from domain.bots.draw_window import draws, is_rummy, own_hand
from domain.cards import Card, sort_cards
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.state import DrawState
from domain.drawgame.views import HandView
from domain.rummy import moves as rummy_moves
from domain.three13 import moves as thirteen_moves
from domain.three13.deadwood import deadwood_after_discards
from domain.three13.rules import wild_rank

#: Events of a hand after which the bot varies its discard (a hand that goes round).
PATIENCE: Final = 400


class GreedyDrawBot:
    """The greedy player of this module's docstring."""

    name = "greedy"

    def __init__(self) -> None:
        # Shared by every instance: a bot seat (R33) and `simulate` make a bot for
        # each command, and the discard after a draw weighs the hand the draw weighed.
        self._weighing = _WEIGHING

    def command(self, view: HandView) -> tuple[Any, ...]:
        """The seat's next command: one listed action."""
        state, seat = own_hand(view)
        rummy = is_rummy(state)
        if state.phase == "draw":
            return (_draw(state, seat, draws(view), rummy, self._weighing),)
        if rummy:
            return (_rummy_play(state, seat),)
        return (_thirteen_play(state, seat, self._weighing),)


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


#: The one memo of every greedy draw bot (`GreedyDrawBot`).
_WEIGHING: Final = _Weighing()


def _draw(
    state: DrawState, seat: int, listed: tuple[DrawAction, ...], rummy: bool, weighing: _Weighing
) -> DrawAction:
    sources = {draw.source: draw for draw in listed}
    top = state.top_discard
    if "discard" in sources and top is not None:
        if rummy:
            wanted = _rummy_wants(state, seat, top)
        else:
            wanted = _thirteen_wants(state, seat, top, weighing)
        if wanted or "stock" not in sources:
            return sources["discard"]
    return sources["stock"]


def _taken(state: DrawState, seat: int, card: Card) -> DrawState:
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    return replace(
        state, hands=tuple(hands), discards=state.discards[:-1], phase="play", taken=card
    )


def _rummy_wants(state: DrawState, seat: int, card: Card) -> bool:
    moves = rummy_moves.legal_moves(_taken(state, seat, card), seat)
    return any(card.text in meld.cards for meld in moves.melds) or any(
        lay_off.card == card.text for lay_off in moves.lay_offs
    )


def _rummy_play(state: DrawState, seat: int) -> MeldAction | LayOffAction | DiscardAction:
    moves = rummy_moves.legal_moves(state, seat)
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
        return moves.melds[best]
    if moves.lay_offs:
        return moves.lay_offs[0]
    if state.version > PATIENCE and moves.discards:
        return moves.discards[(state.version // 2) % len(moves.discards)]
    return _highest(moves.discards, state)


def _highest(discards: tuple[DiscardAction, ...], state: DrawState) -> DiscardAction:
    if not discards:
        raise ValueError("a seat that has drawn always has a discard (B3, T4)")
    points = state.rules.card_points
    order = range(len(discards))
    best = max(
        order, key=lambda i: (points(Card(discards[i].card)), Card(discards[i].card).rank, -i)
    )
    return discards[best]


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


def _thirteen_wants(state: DrawState, seat: int, card: Card, weighing: _Weighing) -> bool:
    if card.rank == wild_rank(state.number):
        return True
    # The hand as it is now is the hand with the card taken, less that card.
    after = weighing.after_discards(state, [*state.hands[seat], card])
    with_card, _ = _least_after_discard(state, after)
    return with_card < after[card]


def _thirteen_play(state: DrawState, seat: int, weighing: _Weighing) -> Any:
    moves = thirteen_moves.legal_moves(state, seat)
    if moves.go_outs:
        return moves.go_outs[0]
    if state.version > PATIENCE and moves.discards:
        return moves.discards[(state.version // 2) % len(moves.discards)]
    listed = {discard.card: discard for discard in moves.discards}
    _, card = _least_after_discard(state, weighing.after_discards(state, state.hands[seat]))
    return listed[card.text]
