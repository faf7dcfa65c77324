"""The exact dead check: can a seat meld or lay off now, or after swaps (P26–P30, R8).

`has_legal_move` is exact: a seat has a move when some meld or lay-off is legal now,
or becomes legal after wildcard substitutions (P29, R8). Before its passport a seat may
only meld (P27). It works on counts (`HandIndex`), never on lists of moves, so it stays
cheap enough to run after every turn (D6). `domain.penang.moves` lists the moves themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.cards import HIGH_ACE, LOW_ACE, NATURALS_BY_RANK, SUITS, Card
from domain.melds import MAX_RUN, TableMeld, position_card
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
#: One swap: the table meld's id and the natural card that replaces its joker (P23).
Swap = tuple[int, Card]


class HandIndex:
    """Counts of a hand, shaped for fast meld questions."""

    __slots__ = ("counts", "jokers", "naturals", "rank_counts", "suit_masks")

    def __init__(self, cards: Iterable[Card]) -> None:
        self.counts = [0] * 53
        for card in cards:
            self.counts[card.index] += 1
        self._derive()

    def _derive(self) -> None:
        counts = self.counts
        self.jokers = counts[52]
        self.naturals = 52 - counts[:52].count(0) > 0
        self.rank_counts = [0] * 14
        self.suit_masks = [0, 0, 0, 0]
        for index in range(52):
            if counts[index]:
                suit, rank = divmod(index, 13)
                self.rank_counts[rank + 1] += counts[index]
                self.suit_masks[suit] |= 1 << (rank + 1)
                if rank == 0:
                    self.suit_masks[suit] |= 1 << HIGH_ACE

    def swapped(self, card: Card) -> HandIndex:
        """The hand after giving `card` to the table for a joker."""
        other = object.__new__(HandIndex)
        other.counts = list(self.counts)
        other.counts[card.index] -= 1
        other.counts[52] += 1
        other._derive()
        return other

    def holds(self, card: Card) -> bool:
        return self.counts[card.index] > 0


def can_meld(hand: HandIndex, jokers: int, rules: PenangRules) -> bool:
    """Whether some meld can be made from `hand` using at most `jokers` jokers."""
    if rules.all_joker_melds and jokers >= 3:
        return True
    if not hand.naturals:
        return False
    if jokers >= 2:
        return True
    needed = 3 - jokers
    if max(hand.rank_counts) >= needed:
        return True
    # A run of three ranks in a suit with `needed` of them held. A suit's mask has bits
    # LOW_ACE..HIGH_ACE only, so every three bits in a row fit some run (a king, a low
    # and a high ace wrap round nowhere: bit 14 follows 13 alone); for one joker (two
    # held) two bits one or two apart always fit one.
    for mask in hand.suit_masks:
        if needed == 3 and mask & mask >> 1 & mask >> 2:
            return True
        if needed == 2 and mask & (mask >> 1 | mask >> 2):
            return True
    return False


def can_lay_off(
    hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: PenangRules
) -> bool:
    """Whether some card of `hand` extends some table meld."""
    joker = jokers > 0 and rules.jokers_lay_off
    for meld in table:
        if meld.kind == "set":
            if joker or hand.rank_counts[meld.low]:
                return True
            continue
        if len(meld.cards) >= MAX_RUN:
            continue
        if joker:
            return True
        suit_mask = hand.suit_masks[_SUIT_INDEX[meld.suit]]
        if (meld.low > LOW_ACE and suit_mask >> (meld.low - 1) & 1) or (
            meld.high < HIGH_ACE and suit_mask >> (meld.high + 1) & 1
        ):
            return True
    return False


def usable_jokers(state: PenangState, seat: int, hand: HandIndex) -> int:
    """Jokers the seat may play now: not those just swapped where D5's option forbids."""
    if seat == state.turn and not state.rules.swapped_joker_same_turn:
        return hand.jokers - state.swapped_jokers
    return hand.jokers


def has_legal_move(state: PenangState, seat: int) -> bool:
    """Whether `seat` can meld or lay off now, counting what swaps would open (P29).

    A dead seat (P30) and every seat of a finished game (P31, P32) has none.
    """
    if state.over or state.dead[seat]:
        return False
    hand = HandIndex(state.hands[seat])
    rules = state.rules
    jokers = usable_jokers(state, seat, hand)
    if not state.passport[seat]:
        return can_meld(hand, jokers, rules)  # P27: the passport is a meld
    if can_meld(hand, jokers, rules) or can_lay_off(hand, jokers, state.table, rules):
        return True
    if not rules.swapped_joker_same_turn:
        return False  # a swap then only gives away a natural card
    return swaps_to_a_move(hand, jokers, state.table, rules) is not None


def swaps_to_a_move(
    hand: HandIndex,
    jokers: int,
    table: tuple[TableMeld, ...],
    rules: PenangRules,
    used: frozenset[tuple[int, int]] = frozenset(),
) -> tuple[Swap, ...] | None:
    """Swaps, in order, after which `hand` can meld or lay off (R8); None when none do.

    Each swapped joker can be played the same turn (D5's default; the caller checks the
    option). `used` holds the (meld id, slot) pairs whose joker is already swapped. A
    swap leaves every meld's shape (and so what it accepts) unchanged: only the hand
    changes, one natural for one joker.
    """
    for meld in table:
        for slot in meld.joker_slots():
            if (meld.id, slot) in used:
                continue
            for card in swap_candidates(hand, meld, slot):
                after = hand.swapped(card)
                if can_meld(after, jokers + 1, rules) or can_lay_off(
                    after, jokers + 1, table, rules
                ):
                    return ((meld.id, card),)
                more = swaps_to_a_move(after, jokers + 1, table, rules, used | {(meld.id, slot)})
                if more is not None:
                    return ((meld.id, card), *more)
    return None


def swap_candidates(hand: HandIndex, meld: TableMeld, slot: int) -> list[Card]:
    """The distinct natural cards of `hand` that can replace the joker at `slot` (P23)."""
    if meld.kind == "set":
        return [card for card in NATURALS_BY_RANK[meld.low] if hand.holds(card)]
    card = position_card(meld.low + slot, meld.suit)
    return [card] if hand.holds(card) else []
