"""Builders for the draw games' unit tests: stacked decks, hands, actions in short."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import msgspec

from domain.cards import Card, build_deck, parse_cards
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState
from domain.rummy.game import RummyAction, play, start_hand
from domain.rummy.rules import RummyRules
from domain.three13.commands import GoOutAction
from domain.three13.game import ThirteenAction
from domain.three13.game import play as thirteen_play
from domain.three13.game import start_hand as thirteen_start
from domain.three13.rules import ThirteenRules


def stacked(
    hands: Mapping[int, str], dealer: int, upcard: str, stock: str = "", packs: int = 1
) -> list[Card]:
    """A deck dealing `hands` (seat -> cards in the order received) from `dealer`'s left,
    then turning up `upcard`, with `stock` on top of the stock, the rest below in order."""
    seats = len(hands)
    held = {seat: parse_cards(text) for seat, text in hands.items()}
    size = len(held[0])
    order = [held[(dealer + 1 + i) % seats][i // seats] for i in range(seats * size)]
    top = [*order, Card(upcard), *parse_cards(stock)]
    rest = Counter(build_deck(packs, 0)) - Counter(top)
    return top + sorted(rest.elements())


def rummy_hand(
    hands: Mapping[int, str],
    *,
    dealer: int = 0,
    upcard: str = "9C",
    stock: str = "",
    rules: RummyRules | None = None,
) -> DrawState:
    """A hand of basic Rummy dealt as given, `cards_per_player` from the hands."""
    size = len(hands[0].split())
    rules = replace_rules(rules or RummyRules(), cards_per_player=size)
    names = [f"p{seat}" for seat in range(len(hands))]
    return fold(start_hand(names, stacked(hands, dealer, upcard, stock), rules, dealer))


def thirteen_hand(
    hands: Mapping[int, str],
    *,
    number: int = 1,
    dealer: int = 0,
    upcard: str = "9C",
    stock: str = "",
    rules: ThirteenRules | None = None,
) -> DrawState:
    """Hand `number` of Three Thirteen dealt as given (its size is `number` + 2)."""
    rules = rules or ThirteenRules()
    names = [f"p{seat}" for seat in range(len(hands))]
    deck = stacked(hands, dealer, upcard, stock, packs=rules.packs_for(len(hands)))
    return fold(thirteen_start(names, deck, rules, dealer, number=number))


def go_out(melds: str, discard: str | None) -> GoOutAction:
    """`go_out("5H 6H 7H | 8C 8D 3S", "9C")`: melds separated by `|` (None: no discard)."""
    return GoOutAction(melds=tuple(tuple(m.split()) for m in melds.split("|")), discard=discard)


def thirteen_after(state: DrawState, seat: int, *actions: ThirteenAction) -> DrawState:
    """The state after `seat`'s command of `actions` in Three Thirteen (accepted)."""
    return fold(thirteen_play(state, seat, actions), state)


def replace_rules(rules: RummyRules, **changes: object) -> RummyRules:
    return msgspec.structs.replace(rules, **changes)


def draw(source: str = "stock") -> DrawAction:
    return DrawAction(source="stock" if source == "stock" else "discard")


def meld(text: str) -> MeldAction:
    return MeldAction(cards=tuple(text.split()))


def lay(meld_id: int, card: str) -> LayOffAction:
    return LayOffAction(meld=meld_id, card=card)


def throw(card: str) -> DiscardAction:
    return DiscardAction(card=card)


def after(state: DrawState, seat: int, *actions: RummyAction) -> DrawState:
    """The state after `seat`'s command of `actions` (which must be accepted)."""
    return fold(play(state, seat, actions), state)


def texts(cards: tuple[Card, ...]) -> str:
    return " ".join(card.text for card in cards)
