"""Three Thirteen's commands: deal a hand, and play one command of a seat's turn (T1–T8).

A turn is: take the top card of the discard pile or of the stock, then discard one card
(T4); the card just taken may be discarded again (R21). Melds stay in the hand until it
ends, and nobody lays off (T7): a seat whose hand, less the card it discards, forms
melds goes out with that discard, naming the melds (T8, R27: `GoOutAction`). Each other
seat, from the one on its left, then takes one last turn, a draw and a discard; when the
last has discarded the hand ends and every hand is scored (T9, `domain.three13.scoring`).
A turn may be sent as several commands, each recorded whole or not at all (R22).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from domain.cards import Card, build_deck, format_cards, sort_cards, texts
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.deal import hand_dealer
from domain.drawgame.errors import CannotGoOut
from domain.drawgame.events import WentOut
from domain.drawgame.fold import evolve, fold
from domain.drawgame.piles import DrawTerms, check_drawn, discard, draw, play_command
from domain.drawgame.state import DrawState
from domain.drawgame.timeout import abandoned
from domain.drawgame.timeout import default_turn as play_for_the_clock
from domain.events import Event
from domain.game import Rebuild
from domain.melds import read_meld_as
from domain.three13.commands import GoOutAction
from domain.three13.rules import RULES_VERSION, ThirteenRules, hand_size, meld_terms
from domain.three13.scoring import hand_ended

ThirteenAction = DrawAction | DiscardAction | GoOutAction
#: The rules Three Thirteen names for what the draw games share.
TERMS = DrawTerms(
    title="Three Thirteen",
    seats_rule="T2",
    deal_rule="T1",
    turn_rule="T4",
    end_rule="T8",
    rebuild_rule="T10",
    taken_back_rule=None,
    hidden_rule="R28",
    actions="draw, discard or go out",
)


def packs(rules: ThirteenRules, seats: int) -> tuple[Card, ...]:
    """The deck Three Thirteen deals from: a pack per two players, no jokers (T2)."""
    return build_deck(rules.packs_for(seats), 0)


def _hand_size(rules: ThirteenRules, seats: int, number: int) -> int:
    return hand_size(number)


#: Deal hand `number` from `deck` (top card first) and open play left of the dealer.
start_hand = hand_dealer(
    RULES_VERSION,
    ThirteenRules.validate,
    packs,
    _hand_size,
    seats_rule=TERMS.seats_rule,
    deal_rule=TERMS.deal_rule,
)


def thirteen_rules(state: DrawState) -> ThirteenRules:
    """The options of a hand of Three Thirteen (TypeError for another game's hand)."""
    if not isinstance(state.rules, ThirteenRules):
        raise TypeError(f"not a hand of Three Thirteen: {state.rules_version}")
    return state.rules


def play(
    state: DrawState, seat: int, actions: Sequence[ThirteenAction], rebuild: Rebuild | None = None
) -> list[Event]:
    """The events of one command of `seat`'s turn, or the first rule it breaks (T4–T10).

    `rebuild` orders a stock rebuilt from the discard pile (T10, R20).
    """
    events, _ = play_command(
        state, seat, actions, TERMS, lambda now, who, action: _act(now, who, action, rebuild)
    )
    return events


def _act(
    state: DrawState, seat: int, action: ThirteenAction, rebuild: Rebuild | None
) -> list[Event]:
    if isinstance(action, DrawAction):
        return draw(state, seat, action, rebuild, TERMS)
    if isinstance(action, GoOutAction):
        return _go_out(state, seat, action)
    discarded = discard(state, seat, Card(action.card), TERMS)
    after = evolve(state, discarded)
    if state.went_out is not None and after.turn is None:
        return [discarded, hand_ended(after, thirteen_rules(state))]  # T8: the last turn
    return [discarded]


def _go_out(state: DrawState, seat: int, action: GoOutAction) -> list[Event]:
    """Discard, and go out with the melds the rest of the hand forms (T8, R27)."""
    check_drawn(state, TERMS)
    if state.went_out is not None:
        raise CannotGoOut(
            f"seat {state.went_out} went out: this is your last turn, draw and discard", "T8"
        )
    if action.discard is None:
        raise CannotGoOut("a player goes out with a discard: name the card to discard", "T8")
    discarded = discard(state, seat, Card(action.discard), TERMS)
    terms = meld_terms(state.number)
    melds = tuple(
        read_meld_as(tuple(Card(text) for text in meld), (), terms) for meld in action.melds
    )
    rest = list(state.hands[seat])
    rest.remove(Card(action.discard))
    declared = [card for meld in melds for card in meld.cards]
    if Counter(declared) != Counter(rest):
        raise CannotGoOut(
            f"the melds hold {format_cards(sort_cards(declared))}, not the rest of your hand, "
            f"{format_cards(sort_cards(rest))}",
            "T8",
        )
    went = WentOut(seat=seat, melds=tuple(texts(meld.cards) for meld in melds))
    return [discarded, went]


def default_turn(state: DrawState, seat: int, rebuild: Rebuild | None = None) -> list[Event]:
    """The turn the clock plays for `seat`, whose time ran out (R19, R36): T4 lets a
    card taken from the discard pile go back on it (R21). A turn that leaves every person's
    last turn the clock's ends the hand abandoned, every hand scored as at T9's end (R45)."""
    events = play_for_the_clock(state, seat, rebuild, play, take_back=True)
    after = fold(events, state)
    if abandoned(after):
        ended = hand_ended(after, thirteen_rules(after))
        events.append(msgspec.structs.replace(ended, reason="abandoned"))
    return events
