"""A brute-force oracle for the dead check (P26–P29, D3–D5, R8, R15).

It answers "can this seat meld or lay off now, or after some swaps?" by trying every
action the rules allow, through the pure meld functions only (`read_meld`, `lay_off`,
`swap_slot`), and never through `domain.penang.moves`:

- every sub-multiset of the hand of 3 or more cards, as a meld, with no stand-ins and
  with every multiset of stand-ins (a joker stands for a card of the run's suit or for
  the set's rank, D4; with no natural in the meld, for any card or rank);
- every (card, meld, end) lay-off, with end None, "low" and "high";
- every swap of a hand card for a table joker, followed recursively by all of the above.

Before its passport a seat may only meld (P27); jokers taken by substitution wait for
the next turn under `swapped_joker_same_turn=False` (R15). A found move comes back as
a witness: the swaps and the final action, ready for `play_turn`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement, product

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.errors import RuleViolation
from domain.melds import End, TableMeld
from domain.penang.commands import Action, SwapAction
from domain.penang.melds import lay_off, read_meld
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState
from domain.penang.wildcards import swap_slot

JOKER = Card("JK")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
ENDS: tuple[End | None, ...] = (None, "low", "high")


@dataclass(frozen=True)
class Witness:
    """A way to move: swaps first, then one meld or lay-off."""

    swaps: tuple[SwapAction, ...]
    action: MeldAction | LayOffAction

    def actions(self) -> list[Action]:
        return [*self.swaps, self.action]


def find_move(state: PenangState, seat: int) -> Witness | None:
    """A meld or lay-off the seat can reach this turn, or None when it is dead."""
    if state.over or state.dead[seat]:
        return None  # P30, R11: a dead seat, or any seat of a finished game
    hand = Counter(state.hands[seat])
    taken = state.swapped_jokers
    if not state.passport[seat]:
        action = _meld(hand, _usable(hand, taken, state.rules), state.rules)
        return None if action is None else Witness((), action)
    return _search(hand, state.table, taken, (), rules=state.rules, seen=set())


def _usable(hand: Counter[Card], taken: int, rules: PenangRules) -> int:
    if rules.swapped_joker_same_turn:
        return hand[JOKER]
    return max(0, hand[JOKER] - taken)


def _search(
    hand: Counter[Card],
    table: tuple[TableMeld, ...],
    taken: int,
    swaps: tuple[SwapAction, ...],
    *,
    rules: PenangRules,
    seen: set[object],
) -> Witness | None:
    key = (tuple(sorted(hand.elements())), tuple(meld.cards for meld in table), taken)
    if key in seen:
        return None
    seen.add(key)
    usable = _usable(hand, taken, rules)
    action = _meld(hand, usable, rules) or _lay_off(hand, usable, table, rules)
    if action is not None:
        return Witness(swaps, action)
    for card in sorted(+hand):
        for meld in table:
            try:
                slot = swap_slot(meld, card)
            except RuleViolation:
                continue
            cards = meld.cards[:slot] + (card,) + meld.cards[slot + 1 :]
            after_table = table[: meld.id] + (replace(meld, cards=cards),) + table[meld.id + 1 :]
            after_hand = hand - Counter([card]) + Counter([JOKER])
            swap = SwapAction(meld=meld.id, card=card.text)
            found = _search(
                after_hand, after_table, taken + 1, (*swaps, swap), rules=rules, seen=seen
            )
            if found is not None:
                return found
    return None


def _lay_off(
    hand: Counter[Card], usable: int, table: tuple[TableMeld, ...], rules: PenangRules
) -> LayOffAction | None:
    for card in sorted(+hand):
        if card is JOKER and usable < 1:
            continue
        for meld in table:
            for end in ENDS:
                try:
                    lay_off(meld, card, end, rules)
                except RuleViolation:
                    continue
                return LayOffAction(meld=meld.id, card=card.text, end=end)
    return None


def _meld(hand: Counter[Card], usable: int, rules: PenangRules) -> MeldAction | None:
    for cards in _sub_multisets(hand, usable):
        naturals = [card for card in cards if card is not JOKER]
        if not naturals and not rules.all_joker_melds:
            continue  # D3: no stand-in makes jokers alone a meld
        jokers = len(cards) - len(naturals)
        for stand_ins in _declarations(naturals, jokers):
            try:
                read_meld(cards, stand_ins, rules)
            except RuleViolation:
                continue
            return MeldAction(cards=tuple(card.text for card in cards), jokers=stand_ins)
    return None


def _sub_multisets(hand: Counter[Card], usable: int) -> Iterator[tuple[Card, ...]]:
    kinds = sorted(hand)
    limits = [min(hand[card], usable) if card is JOKER else hand[card] for card in kinds]
    picks = sorted(
        product(*(range(limit + 1) for limit in limits)), key=lambda pick: (sum(pick), pick)
    )
    for pick in picks:
        if sum(pick) >= 3:
            yield tuple(card for card, count in zip(kinds, pick, strict=True) for _ in range(count))


def _declarations(naturals: list[Card], jokers: int) -> Iterator[tuple[str, ...]]:
    """No stand-ins, then every multiset of stand-ins the jokers could be given."""
    yield ()
    if not jokers:
        return
    if naturals:
        ranks = sorted({card.rank for card in naturals})
        suits = sorted({card.suit for card in naturals})
    else:
        ranks, suits = list(range(1, 14)), list(SUITS)
    universe = [RANKS[rank - 1] for rank in ranks]
    universe += [text + suit for suit in suits for text in RANKS]
    yield from combinations_with_replacement(universe, jokers)
