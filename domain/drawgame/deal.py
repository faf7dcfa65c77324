"""Dealing a hand of a draw game, and the deck a recorded deal was dealt from (B2, T1).

`hand_dealer` builds a game's deal from what it names: its rules version, terms,
packs and hand size.

The dealer deals one card at a time, starting with the seat on their left and going
clockwise (as Penang's P4: `domain.deal.deal`), until each seat holds its hand; the next
card is turned up, the upcard, and starts the discard pile; the rest is the stock, face
down (B2, T1). The shuffle enters as input, as in Penang.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from domain.cards import Card, parse_cards, sort_cards, texts
from domain.deal import deal
from domain.drawgame.events import DrawRules, HandDealt
from domain.errors import InvalidRules
from domain.events import DealProof, Event
from domain.game import Deal
from domain.rule_ids import RuleId


def deal_hand(
    deck: Sequence[Card], seats: int, dealer: int, size: int, rule: RuleId
) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """The hands (by seat), the upcard and the stock (top first), dealt from `deck`;
    `rule` is the game's rule of the deal, named where these cannot be dealt."""
    if not 0 <= dealer < seats:
        raise InvalidRules(rule, f"the dealer must be one of seats 0..{seats - 1}", "dealer")
    if seats * size >= len(deck):
        raise InvalidRules(rule, "no card is left to turn up and start the discard pile", "deck")
    hands, rest = deal(deck, seats, dealer, size)
    return hands, rest[0], tuple(rest[1:])


def check_deck(deck: Sequence[Card], packs: Sequence[Card], rule: RuleId) -> None:
    """`deck` holds exactly the cards of `packs`, in any order."""
    if Counter(deck) != Counter(packs):
        raise InvalidRules(rule, "the deck is not the packs the rules call for", "deck")


def deck_dealing(dealt: HandDealt[Any], rule: RuleId) -> list[Card]:
    """The deck (top card first) that deals `dealt`'s hands, upcard and stock.

    Every hand must hold as many cards (else InvalidRules naming the game's rule of the
    deal): the rules then check the size they call for, by dealing this deck again.
    """
    seats = len(dealt.players)
    sizes = {len(hand) for hand in dealt.hands}
    if len(dealt.hands) != seats or len(sizes) != 1:
        raise InvalidRules(rule, "every seat is dealt one hand of the same size", "hands")
    size = sizes.pop()
    if not 0 <= dealt.dealer < seats:
        raise InvalidRules(rule, f"there is no seat {dealt.dealer} to deal", "dealer")
    hands = [parse_cards(hand) for hand in dealt.hands]
    order = [hands[(dealt.dealer + 1 + i) % seats][i // seats] for i in range(seats * size)]
    return [*order, *parse_cards((dealt.upcard, *dealt.stock))]


_R = TypeVar("_R", bound=DrawRules)


def hand_dealer(
    rules_version: str,
    validate: Callable[[_R, int], object],
    packs: Callable[[_R, int], tuple[Card, ...]],
    hand_size: Callable[[_R, int, int], int],
    *,
    seats_rule: RuleId,
    deal_rule: RuleId,
) -> Deal[Any]:
    """A draw game's deal (`domain.game.Deal`): the rules checked for the seats
    (`validate`), the hand's size (`hand_size(rules, seats, number)`, which refuses a
    number the game does not deal), the deck exactly the game's `packs` (`seats_rule`),
    and one `HandDealt`, dealt from the seat left of the dealer with the next card turned
    up (`deal_rule`)."""

    def start_hand(
        players: Sequence[str],
        deck: Sequence[Card],
        rules: _R,
        dealer: int,
        *,
        proof: DealProof | None = None,
        number: int = 1,
    ) -> list[Event]:
        seats = len(players)
        validate(rules, seats)
        size = hand_size(rules, seats, number)
        check_deck(deck, packs(rules, seats), seats_rule)
        hands, upcard, stock = deal_hand(deck, seats, dealer, size, deal_rule)
        dealt = HandDealt(
            rules=rules,
            rules_version=rules_version,
            players=tuple(players),
            dealer=dealer,
            hands=tuple(texts(sort_cards(hand)) for hand in hands),
            upcard=upcard.text,
            stock=texts(stock),
            proof=proof,
            hand=number,
        )
        return [dealt]

    return start_hand
