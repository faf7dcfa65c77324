"""Rummy 500's commands: deal a hand, and play one command of a seat's turn (F2–F8).

A turn is basic Rummy's (`domain.rummy.game.RummyTable`) with Rummy 500's rule ids: draw
from the stock or the top of the discard pile (F3), or take a card from deeper in the
pile with every card above it (F4), which the same command must then meld or lay off
(F4, R66: the card named goes straight to the table, the rest to the hand); meld and lay
off (F5); discard one card, not the top discard just drawn (F3). A seat goes out by
playing its last card, by meld, lay-off or discard (F6, R67). A turn that ends with the
stock empty ends the hand (F8, R69). Every end is scored by `domain.rummy500.scoring`
(F7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from domain.cards import Card, build_deck
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.deal import hand_dealer
from domain.drawgame.errors import TakenBack, WrongPhase
from domain.drawgame.events import Drew, HandEnded
from domain.drawgame.piles import DrawTerms, check_turn
from domain.drawgame.state import DrawState
from domain.errors import CardNotInHand, InvalidRules
from domain.events import Event
from domain.game import Rebuild
from domain.rummy.game import RummyTable
from domain.rummy500.commands import TakeAction
from domain.rummy500.rules import RULES_VERSION, Rummy500Rules
from domain.rummy500.scoring import hand_score

#: The rules Rummy 500 names for what the draw games share.
TERMS = DrawTerms(
    title="Rummy 500",
    seats_rule="F1",
    deal_rule="F2",
    turn_rule="F3",
    end_rule="F6",
    rebuild_rule="F8",
    taken_back_rule="F3",
    hidden_rule="R28",
    actions="draw, take, meld, lay off or discard",
)


def packs(rules: Rummy500Rules, seats: int) -> tuple[Card, ...]:
    """The deck Rummy 500 deals from: one pack, no jokers (F1, R65)."""
    return build_deck(1, 0)


def _hand_size(rules: Rummy500Rules, seats: int, number: int) -> int:
    if number < 1:
        raise InvalidRules("F8", f"hands are numbered from 1, not {number}", "number")
    return rules.hand_size_for(seats)


#: Deal `deck` (one pack, top card first) and open play left of the dealer (F1, F2).
start_hand = hand_dealer(
    RULES_VERSION,
    Rummy500Rules.validate,
    packs,
    _hand_size,
    seats_rule=TERMS.seats_rule,
    deal_rule=TERMS.deal_rule,
)


def rules_of(state: DrawState) -> Rummy500Rules:
    """The options of a hand of Rummy 500 (TypeError for another game's hand)."""
    if not isinstance(state.rules, Rummy500Rules):
        raise TypeError(f"not a hand of Rummy 500: {state.rules_version}")
    return state.rules


class Rummy500Table(RummyTable):
    """Basic Rummy's table with Rummy 500's take (F4), end (F8) and score (F7)."""

    def play(
        self,
        state: DrawState,
        seat: int,
        actions: Sequence[Any],
        rebuild: Rebuild | None = None,
    ) -> list[Event]:
        check_turn(state, seat, self.terms)
        _check_takes_played(actions)
        return super().play(state, seat, actions, rebuild)

    def act(self, state: DrawState, seat: int, action: Any, rebuild: Rebuild | None) -> list[Event]:
        if isinstance(action, TakeAction):
            return take(state, seat, action)
        return super().act(state, seat, action, rebuild)

    def turn_ended(self, state: DrawState) -> list[Event]:
        """F8, R69: a turn that leaves the stock empty ends the hand."""
        if not state.stock:
            return [hand_score(state, rules_of(state), None, "stock")]
        return super().turn_ended(state)

    def went_out(self, before: DrawState, after: DrawState, seat: int) -> HandEnded:
        return hand_score(after, rules_of(after), seat, "out")

    def no_winner(self, state: DrawState, reason: Literal["blocked", "abandoned"]) -> HandEnded:
        return hand_score(state, rules_of(state), None, reason)


def take(state: DrawState, seat: int, action: TakeAction) -> list[Event]:
    """F4: the seat takes `action.card` from the discard pile and every card above it,
    top card first, each a draw from the pile (the card named is drawn last)."""
    if state.phase != "draw":
        raise WrongPhase("you have drawn this turn already: play on, then discard", "F4")
    card = Card(action.card)
    pile = state.discards
    if card not in pile:
        raise CardNotInHand(f"{card} is not in the discard pile", "F4")
    depth = len(pile) - pile.index(card)
    return [
        Drew(seat=seat, source="discard", card=taken.text)
        for taken in reversed(pile[len(pile) - depth :])
    ]


def _check_takes_played(actions: Sequence[Any]) -> None:
    """F4, R66: the action after a take melds or lays off the card it names."""
    for index, action in enumerate(actions):
        if not isinstance(action, TakeAction):
            continue
        following = actions[index + 1] if index + 1 < len(actions) else None
        card = Card(action.card).text
        if isinstance(following, MeldAction) and card in following.cards:
            continue
        if isinstance(following, LayOffAction) and following.card == card:
            continue
        raise TakenBack(
            f"{card}, taken from the discard pile, must be melded or laid off by the "
            "next action of the same command",
            "F4",
        ).at_action(index)


#: Rummy 500's table, and its commands and clock's turn as functions.
RUMMY500_TABLE = Rummy500Table(TERMS)
play = RUMMY500_TABLE.play
default_turn = RUMMY500_TABLE.default_turn
