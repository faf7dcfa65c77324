"""The greedy bot of the draw games: it takes the discard that makes a meld, melds and lays
off what it can, sheds its highest card, and goes out as soon as it can (B3–B8, T4–T9).

Definition, from the seat's window (`domain.drawgame.bots.window`); every action it sends is
one the game's `legal_moves` lists, so the engine accepts each. The draw is decided here;
what a game wants of the discard, and how it plays after its draw, are the game's own
(`domain.drawgame.bots.game.DrawBotGame`: `domain.rummy.bots`, `domain.three13.bots`):

- **Draw.** Basic Rummy: the top of the discard pile where, taken into the hand, it
  would be part of a listed meld or lay-off (B5, B6); Three Thirteen: where it is wild, or
  where taking it and shedding the best card would leave less deadwood than the hand has
  now (T6, T9). Otherwise the stock (the discard pile when the stock cannot be drawn).
  A game with a command of its own to open a turn says which to send first
  (`DrawBotGame.opens`: Rummy 500's take from deep in the pile, F4).
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
remembered (`domain.three13.bots`); tests/bench/bench_three13_turns.py measures its
turns in `simulate` against Penang's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from domain.cards import Card
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.window import draws, own_hand
from domain.drawgame.commands import DrawAction
from domain.drawgame.state import DrawState
from domain.drawgame.views import HandView

#: Events of a hand after which the bot varies its discard (a hand that goes round).
PATIENCE: Final = 400


class GreedyDrawBot:
    """The greedy player of this module's docstring, of the game `game` says."""

    name = "greedy"

    def __init__(self, game: DrawBotGame) -> None:
        self._game = game

    def command(self, view: HandView) -> tuple[Any, ...]:
        """The seat's next command: one listed action."""
        state, seat = own_hand(view)
        if state.phase == "draw":
            opened = None if self._game.opens is None else self._game.opens(state, seat)
            if opened is not None:
                return opened
            return (_draw(state, seat, draws(view), self._game),)
        return (self._game.play(state, seat),)


def _draw(
    state: DrawState, seat: int, listed: tuple[DrawAction, ...], game: DrawBotGame
) -> DrawAction:
    sources = {draw.source: draw for draw in listed}
    top = state.top_discard
    if "discard" in sources and top is not None:
        wanted = game.wants(state, seat, top)
        if wanted or "stock" not in sources:
            return sources["discard"]
    return sources["stock"]


def taken(state: DrawState, seat: int, card: Card) -> DrawState:
    """`state` with `card`, the top of the discard pile, taken into `seat`'s hand."""
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    return replace(
        state, hands=tuple(hands), discards=state.discards[:-1], phase="play", taken=card
    )


def varied(state: DrawState, discards: tuple[Any, ...]) -> Any | None:
    """The discard a hand that goes round takes instead (this module's docstring), once it
    has run `PATIENCE` events; else None."""
    if state.version > PATIENCE and discards:
        return discards[(state.version // 2) % len(discards)]
    return None
