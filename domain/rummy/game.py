"""Basic Rummy's commands: deal a hand, and play one command of a seat's turn (B2–B9).

A turn is: draw one card, from the stock or the top of the discard pile (B3); meld and
lay off as the seat likes, onto any meld on the table (B5, B6); then discard one card,
not the one just taken from the discard pile (B4). A seat goes out by playing its last
card, by meld, lay-off or discard (B7; with the `last_card_discard` option only by
discard); the hand ends at once and is scored (B8, B9, `domain.rummy.scoring`). A turn
may be sent as several commands, each checked action by action against the state as it
evolves and recorded whole or not at all (R22); a command may not leave the seat
holding only the card it took from the discard pile, which it could never discard (B4,
R21). A turn that leaves a hand nobody can ever go out of ends it, blocked (R30).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from domain.cards import Card, build_deck, texts
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.deal import hand_dealer
from domain.drawgame.errors import LastCardDiscard, TakenBack
from domain.drawgame.events import HandEnded, WentOut
from domain.drawgame.fold import evolve, fold
from domain.drawgame.piles import (
    DrawTerms,
    check_drawn,
    discard,
    draw,
    play_command,
    take_from_hand,
)
from domain.drawgame.state import DrawState
from domain.drawgame.timeout import abandoned
from domain.drawgame.timeout import default_turn as play_for_the_clock
from domain.errors import (
    InvalidRules,
    NotInThisGame,
    UnknownMeld,
)
from domain.events import Event, LaidOff, Melded
from domain.game import Rebuild
from domain.layoffs import lay_off_as
from domain.melds import read_meld_as
from domain.rummy.rules import RULES_VERSION, RummyRules
from domain.rummy.scoring import blocked, blocked_end, hand_ended

RummyAction = DrawAction | MeldAction | LayOffAction | DiscardAction
#: The rules basic Rummy names for what the draw games share.
TERMS = DrawTerms(
    title="basic Rummy",
    seats_rule="B1",
    deal_rule="B2",
    turn_rule="B3",
    end_rule="B7",
    rebuild_rule="B11",
    taken_back_rule="B4",
    hidden_rule="R28",
    actions="draw, meld, lay off or discard",
)


def packs(rules: RummyRules, seats: int) -> tuple[Card, ...]:
    """The deck basic Rummy deals from: one pack, no jokers (B1)."""
    return build_deck(1, 0)


def _hand_size(rules: RummyRules, seats: int, number: int) -> int:
    if number < 1:
        raise InvalidRules("B12", f"hands are numbered from 1, not {number}", "number")
    return rules.hand_size_for(seats)


#: Deal `deck` (one pack, top card first) and open play left of the dealer (B1, B2).
start_hand = hand_dealer(
    RULES_VERSION,
    RummyRules.validate,
    packs,
    _hand_size,
    seats_rule=TERMS.seats_rule,
    deal_rule=TERMS.deal_rule,
)


class RummyTable:
    """How a hand of basic Rummy plays, command by command (this module's docstring): its
    rules' names (`terms`) and how a hand is scored. A variant subclasses it, overriding
    what differs (its terms, its actions, the hand's end and its score)."""

    def __init__(self, terms: DrawTerms) -> None:
        self.terms = terms

    def play(
        self,
        state: DrawState,
        seat: int,
        actions: Sequence[Any],
        rebuild: Rebuild | None = None,
    ) -> list[Event]:
        """The events of one command of `seat`'s turn, or the first rule it breaks (B3–B9).

        `rebuild` orders a stock rebuilt from the discard pile (B11, R20).
        """
        events, working = play_command(
            state,
            seat,
            actions,
            self.terms,
            lambda now, who, action: self.act(now, who, action, rebuild),
        )
        _check_can_discard(working, seat, len(actions) - 1, self.terms)
        if not working.over and working.turn != seat:
            events += self.turn_ended(working)
        return events

    def turn_ended(self, state: DrawState) -> list[Event]:
        """What ends the hand once a turn is over: a blocked hand's end (R30), if so."""
        if blocked(state, rummy_rules(state)):
            return [self.no_winner(state, "blocked")]
        return []

    def act(self, state: DrawState, seat: int, action: Any, rebuild: Rebuild | None) -> list[Event]:
        """The events of one action of a command, decided on `state`."""
        if isinstance(action, DrawAction):
            return draw(state, seat, action, rebuild, self.terms)
        if isinstance(action, MeldAction):
            event: Event = self.meld(state, seat, action)
        elif isinstance(action, LayOffAction):
            event = self.lay_off(state, seat, action)
        else:
            event = discard(state, seat, Card(action.card), self.terms)
        return self.going_out(state, seat, event)

    def meld(self, state: DrawState, seat: int, action: MeldAction) -> Melded:
        check_drawn(state, self.terms)
        if action.jokers:
            raise NotInThisGame(
                f"{self.terms.title} is played with one pack and no jokers", self.terms.seats_rule
            )
        cards = tuple(Card(text) for text in action.cards)
        terms = rummy_rules(state).meld_terms
        take_from_hand(state, seat, cards, terms.meld_rule)
        shape = read_meld_as(cards, (), terms)
        return Melded(
            seat=seat,
            meld=len(state.table),
            kind=shape.kind,
            cards=texts(shape.cards),
            stands_for=shape.stands_for(),
        )

    def lay_off(self, state: DrawState, seat: int, action: LayOffAction) -> LaidOff:
        check_drawn(state, self.terms)
        terms = rummy_rules(state).meld_terms
        if not 0 <= action.meld < len(state.table):
            raise UnknownMeld(
                f"there is no meld {action.meld} on the table ({len(state.table)} melds)",
                terms.extend_rule,
            )
        # B6, R32: any meld on the table takes a lay-off, the seat's own included.
        meld = state.table[action.meld]
        card = Card(action.card)
        take_from_hand(state, seat, (card,), terms.extend_rule)
        _, stands_for, end = lay_off_as(meld, card, action.end, terms, jokers_lay_off=False)
        return LaidOff(seat=seat, meld=meld.id, card=card.text, stands_for=stands_for, end=end)

    def going_out(self, state: DrawState, seat: int, event: Event) -> list[Event]:
        """`event`, and where it plays the seat's last card, going out and the score (B7–B9)."""
        after = evolve(state, event)
        if after.hands[seat]:
            return [event]
        if isinstance(event, Melded | LaidOff) and rummy_rules(state).last_card_discard:
            raise LastCardDiscard(
                "at this table the last card must be discarded, not played", self.terms.end_rule
            )
        went = WentOut(seat=seat)
        return [event, went, self.went_out(state, evolve(after, went), seat)]

    def went_out(self, before: DrawState, after: DrawState, seat: int) -> HandEnded:
        """The score of the hand `seat` went out of (`after`; `before` its last act)."""
        rummy = not before.played[seat]  # B9, R23: no meld or lay-off in an earlier turn
        return hand_ended(after, rummy_rules(before), seat, rummy=rummy)

    def no_winner(self, state: DrawState, reason: Literal["blocked", "abandoned"]) -> HandEnded:
        """The end of a hand nobody went out of (R30, R45)."""
        return blocked_end(state, reason=reason)

    def default_turn(
        self, state: DrawState, seat: int, rebuild: Rebuild | None = None
    ) -> list[Event]:
        """The turn the clock plays for `seat`, whose time ran out (R19, R36): B4 keeps a
        card taken from the discard pile from going back on it (R21). A turn that leaves
        every person's last turn the clock's ends the hand abandoned, scored as a blocked
        one (R45)."""
        events = play_for_the_clock(state, seat, rebuild, self.play, take_back=False)
        after = fold(events, state)
        if abandoned(after):
            events.append(self.no_winner(after, "abandoned"))
        return events


def rummy_rules(state: DrawState) -> RummyRules:
    """The options of a hand of basic Rummy (TypeError for another game's hand)."""
    if not isinstance(state.rules, RummyRules):
        raise TypeError(f"not a hand of basic Rummy: {state.rules_version}")
    return state.rules


def _check_can_discard(state: DrawState, seat: int, index: int, terms: DrawTerms) -> None:
    """B4, R21: the turn must still be able to end with a discard."""
    if state.over or state.turn != seat or state.phase != "play":
        return
    hand = state.hands[seat]
    if hand and all(card is state.taken for card in hand):
        raise TakenBack(
            f"you would hold only {hand[0]}, taken from the discard pile this turn, "
            "and could not discard it",
            terms.taken_back_rule or terms.turn_rule,
        ).at_action(index)


#: Basic Rummy's table, and its commands and clock's turn as functions.
RUMMY_TABLE = RummyTable(TERMS)
play = RUMMY_TABLE.play
default_turn = RUMMY_TABLE.default_turn
