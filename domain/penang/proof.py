"""Checking a recorded Penang deal: the deck that deals it (P1–P4) and its proof (P6).

A `Dealt` event records sorted hands and the undealt cards in deck order. Dealing is
one card at a time from the top, starting left of the dealer (P4), so the deck that
dealt it can be rebuilt (each hand's cards in any order deal the same sorted hand)
and the deal run again through the rules (`domain.penang.audit`). When the deal names a
proof (`domain.fair`, `domain.proof`), the deck shuffled from the seeds must deal
exactly the recorded dealer, hands and undealt cards, in order.
"""

from __future__ import annotations

from domain import fair
from domain.cards import Card, parse_cards, sort_cards, texts
from domain.deal import deal
from domain.events import DealProof
from domain.penang.events import Dealt
from domain.proof import DealMismatch


def deck_dealing(dealt: Dealt) -> list[Card]:
    """The deck (top card first) that deals `dealt`'s hands, then its undealt cards."""
    seats = len(dealt.players)
    dealt.rules.validate(seats)
    size = dealt.rules.hand_size_for(seats)
    if len(dealt.hands) != seats:
        raise DealMismatch(f"{len(dealt.hands)} hands for {seats} seats", "P3")
    for seat, hand in enumerate(dealt.hands):
        if len(hand) != size:
            raise DealMismatch(f"seat {seat} holds {len(hand)} cards, not {size}", "P3")
    if not 0 <= dealt.dealer < seats:
        raise DealMismatch(f"there is no seat {dealt.dealer} to deal", "P4")
    hands = [parse_cards(hand) for hand in dealt.hands]
    deck = [hands[(dealt.dealer + 1 + i) % seats][i // seats] for i in range(seats * size)]
    return deck + list(parse_cards(dealt.undealt))


def check_fair_deal(dealt: Dealt, proof: DealProof, seed: bytes) -> None:
    """The deck shuffled from the seeds deals exactly what `dealt` records (P4, P6)."""
    seats = len(dealt.players)
    rules = dealt.rules
    deck, drawn, _ = fair.fair_deal_of(rules.deck_for(seats), seats, seed, proof.seat_seeds)
    dealer = drawn if proof.dealer_drawn else dealt.dealer
    if dealer != dealt.dealer:
        raise DealMismatch(
            f"the seeds choose seat {dealer} to deal; the record says seat {dealt.dealer}", "P6"
        )
    hands, undealt = deal(deck, seats, dealer, rules.hand_size_for(seats))
    for seat, hand in enumerate(hands):
        if texts(sort_cards(hand)) != dealt.hands[seat]:
            raise DealMismatch(f"the seeds deal seat {seat} another hand than the record's", "P4")
    if texts(undealt) != dealt.undealt:
        raise DealMismatch("the seeds leave other undealt cards than the record's", "P4")
