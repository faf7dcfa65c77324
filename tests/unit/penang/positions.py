"""Random small positions for the dead check: a hand of at most 7 cards against at most
4 table melds, drawn from one real deck (two packs and the jokers), so every card
exists no more often than the deck holds it.

Hands are biased towards near misses: the cards a table joker stands for, the cards
just past (or two past, or wrapping past) a run's ends, cards of a set's rank, and
neighbours of other hand cards; most hold no joker or one.
"""

from __future__ import annotations

import random
from collections import Counter

from domain.cards import Card, build_deck
from domain.melds import TableMeld
from domain.penang.rules import RULES_VERSION, PenangRules
from domain.penang.state import PenangState

from ..support import texts

JOKER = Card("JK")
SUITS = ("S", "H", "D", "C")


def random_position(rng: random.Random) -> PenangState:
    """Seat 0 to play: its hand, the table, passport and options drawn from `rng`."""
    rules = PenangRules(
        jokers=rng.choice((6, 8)),
        jokers_lay_off=rng.random() < 0.7,
        swapped_joker_same_turn=rng.random() < 0.7,
        all_joker_melds=rng.random() < 0.15,
    )
    pool = Counter(build_deck(2, rules.jokers))
    melds: list[TableMeld] = []
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 3, 4))):
        made = _table_meld(rng, pool, len(melds))
        if made is not None:
            melds.append(made)
    swap_heavy = rng.random() < 0.3  # no joker in hand: moves hinge on swaps
    hand = _hand(
        rng, pool, melds, near_rate=0.8 if swap_heavy else 0.45, with_jokers=not swap_heavy
    )
    passport = rng.random() < 0.85
    taken = 0
    if passport and hand.count(JOKER) and rng.random() < 0.3:
        taken = rng.randint(1, hand.count(JOKER))  # mid-turn: jokers just swapped out
    other = tuple(sorted(pool.elements()))[:3]
    return PenangState(
        rules=rules,
        rules_version=RULES_VERSION,
        players=("ann", "bob"),
        dealer=1,
        hands=(tuple(sorted(hand)), other),
        undealt=(),
        table=tuple(melds),
        passport=(passport, True),
        dead=(False, False),
        turn=0,
        swapped_jokers=taken,
    )


def describe(state: PenangState, seat: int = 0) -> str:
    """The position in the game's notation, for failure messages and reports."""
    rules = state.rules
    lines = [
        f"hand: {' '.join(texts(state.hands[seat]))}",
        f"passport: {state.passport[seat]}, jokers taken this turn: {state.swapped_jokers}",
        f"options: jokers_lay_off={rules.jokers_lay_off} "
        f"swapped_joker_same_turn={rules.swapped_joker_same_turn} "
        f"all_joker_melds={rules.all_joker_melds}",
    ]
    for meld in state.table:
        lines.append(
            f"meld {meld.id} ({meld.kind}): {meld} standing for {' '.join(meld.stands_for())}"
        )
    return "\n".join(lines)


def _take(pool: Counter[Card], card: Card) -> bool:
    if pool[card] <= 0:
        return False
    pool[card] -= 1
    return True


def _table_meld(rng: random.Random, pool: Counter[Card], meld_id: int) -> TableMeld | None:
    owner = rng.randint(0, 1)
    joker_rate = rng.choice((0.0, 0.2, 0.4, 0.4))
    if rng.random() < 0.6:
        suit = rng.choice(SUITS)
        size = 14 if rng.random() < 0.12 else rng.choice((3, 3, 4, 5, 6, 9))
        low = rng.randint(1, 15 - size)
        slots: list[Card] = []
        for position in range(low, low + size):
            natural = Card.natural(position, suit)
            if rng.random() < joker_rate and _take(pool, JOKER):
                slots.append(JOKER)
            elif _take(pool, natural):
                slots.append(natural)
            elif _take(pool, JOKER):
                slots.append(JOKER)
            else:
                return None
        if all(card is JOKER for card in slots):
            return None
        return TableMeld(meld_id, owner, "run", tuple(slots), suit, low)
    rank = rng.randint(1, 13)
    cards: list[Card] = []
    for _ in range(rng.choice((3, 3, 4, 5))):
        if rng.random() < joker_rate and _take(pool, JOKER):
            cards.append(JOKER)
            continue
        natural = Card.natural(rank, rng.choice(SUITS))
        if _take(pool, natural):
            cards.append(natural)
    if len(cards) < 3 or all(card is JOKER for card in cards):
        return None
    return TableMeld(meld_id, owner, "set", tuple(cards), "", rank)


def _near_misses(melds: list[TableMeld]) -> list[Card]:
    near: list[Card] = []
    for meld in melds:
        stands_for = meld.stands_for()
        for slot in meld.joker_slots():
            if meld.kind == "run":
                near.append(Card(stands_for[slot]))
            else:
                near += [Card.natural(meld.low, suit) for suit in SUITS]
        if meld.kind == "set":
            near.append(Card.natural(meld.low, _free_suit(meld)))
            continue
        for position in (meld.low - 2, meld.low - 1, meld.high + 1, meld.high + 2):
            if 1 <= position <= 14:
                near.append(Card.natural(position, meld.suit))
        if meld.low == 1:
            near.append(Card.natural(13, meld.suit))  # would wrap (P15)
        if meld.high == 14:
            near.append(Card.natural(2, meld.suit))
    return near


def _free_suit(meld: TableMeld) -> str:
    """A suit the set does not hold yet, or its first suit (P17 allows repeats)."""
    held = {card.suit for card in meld.cards}
    return next((suit for suit in SUITS if suit not in held), meld.cards[0].suit or "S")


def _hand(
    rng: random.Random,
    pool: Counter[Card],
    melds: list[TableMeld],
    near_rate: float,
    with_jokers: bool,
) -> list[Card]:
    hand: list[Card] = []
    jokers = rng.choices((0, 1, 2, 3), weights=(50, 32, 13, 5))[0] if with_jokers else 0
    for _ in range(jokers):
        if _take(pool, JOKER):
            hand.append(JOKER)
    size = rng.randint(max(1, len(hand)), 7)
    near = _near_misses(melds)
    tries = 0
    while len(hand) < size and tries < 50:
        tries += 1
        roll = rng.random()
        naturals = [card for card in hand if card is not JOKER]
        if near and roll < near_rate:
            card = rng.choice(near)
            if len(hand) + 2 <= size and rng.random() < 0.3 and _take(pool, card):
                hand.append(card)  # both copies of a near miss (two packs)
        elif naturals and roll < (1 + near_rate) / 2 + 0.05:
            base = rng.choice(naturals)
            if rng.random() < 0.5:
                card = Card.natural(base.rank, rng.choice(SUITS))
            else:
                step = rng.choice((-2, -1, 1, 2))
                card = Card.natural(min(14, max(1, base.rank + step)), base.suit)
        else:
            card = Card.natural(rng.randint(1, 13), rng.choice(SUITS))
        if _take(pool, card):
            hand.append(card)
    return hand
