"""Legal moves and the exact dead check (P26–P30, D5, D6).

`has_legal_move` is exact: a seat has a move when some meld or lay-off is legal now,
or becomes legal after wildcard substitutions (P29). Before its passport a seat may
only meld (P27).

`legal_moves` lists, for bots and clients, a bounded and documented selection of what
a seat could do now. Its lists are not every combination (a 25-card hand holds
thousands of melds); they are:

- melds: per rank, the set of all its naturals when there are 3 or more, else its
  naturals completed with the fewest jokers; per suit, every maximal stretch of 3 or
  more consecutive naturals (one of each), and every 3-card window of 1 or 2 naturals
  completed with jokers (their stand-ins named); with D3's option and 3 jokers, one
  all-joker set of aces;
- lay_offs: every distinct natural card of the hand that extends a table meld, and a
  joker at each open end (D5 permitting);
- swaps: every distinct natural card of the hand that can replace a table joker.

Each entry is an action ready to submit. `can_move` is the exact answer; it may be
true with empty meld and lay-off lists when only a swap opens a move.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.cards import HIGH_ACE, LOW_ACE, NATURALS, SUITS, Card, rank_text
from domain.commands import LayOffAction, MeldAction, SwapAction
from domain.layoffs import open_ends
from domain.melds import MAX_RUN, TableMeld, position_card
from domain.rules import Rules
from domain.state import GameState

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


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


def can_meld(hand: HandIndex, jokers: int, rules: Rules) -> bool:
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
    for mask in hand.suit_masks:
        for position in range(LOW_ACE, HIGH_ACE - 1):
            if (mask >> position & 7).bit_count() >= needed:
                return True
    return False


def can_lay_off(hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: Rules) -> bool:
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


def usable_jokers(state: GameState, seat: int, hand: HandIndex) -> int:
    """Jokers the seat may play now: not those just swapped where D5's option forbids."""
    if seat == state.turn and not state.rules.swapped_joker_same_turn:
        return hand.jokers - state.swapped_jokers
    return hand.jokers


def has_legal_move(state: GameState, seat: int) -> bool:
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
    return _move_after_swaps(hand, jokers, state.table, rules, frozenset())


def _move_after_swaps(
    hand: HandIndex,
    jokers: int,
    table: tuple[TableMeld, ...],
    rules: Rules,
    used: frozenset[tuple[int, int]],
) -> bool:
    """Search the swaps still open (at most one per table joker) for one that opens a move.

    A swap leaves every meld's shape (and so what it accepts) unchanged: only the
    hand changes, one natural for one joker.
    """
    for meld in table:
        for slot in meld.joker_slots():
            if (meld.id, slot) in used:
                continue
            for card in _swap_candidates(hand, meld, slot):
                after = hand.swapped(card)
                if can_meld(after, jokers + 1, rules) or can_lay_off(
                    after, jokers + 1, table, rules
                ):
                    return True
                if _move_after_swaps(after, jokers + 1, table, rules, used | {(meld.id, slot)}):
                    return True
    return False


def _swap_candidates(hand: HandIndex, meld: TableMeld, slot: int) -> list[Card]:
    """The distinct natural cards of `hand` that can replace the joker at `slot` (P23)."""
    if meld.kind == "set":
        return [card for card in NATURALS if card.rank == meld.low and hand.holds(card)]
    card = position_card(meld.low + slot, meld.suit)
    return [card] if hand.holds(card) else []


class LegalMoves(msgspec.Struct, frozen=True, kw_only=True):
    """What a seat could do now: the exact answer and a bounded list of actions."""

    seat: int
    can_move: bool
    passport: bool
    melds: tuple[MeldAction, ...]
    lay_offs: tuple[LayOffAction, ...]
    swaps: tuple[SwapAction, ...]


def legal_moves(state: GameState, seat: int) -> LegalMoves:
    """The bounded list of moves described in this module's docstring.

    Empty for a dead seat (P30) and for every seat once the game is over (P31, P32).
    """
    passport = state.passport[seat]
    if state.over or state.dead[seat]:
        return LegalMoves(
            seat=seat, can_move=False, passport=passport, melds=(), lay_offs=(), swaps=()
        )
    hand = HandIndex(state.hands[seat])
    rules = state.rules
    jokers = usable_jokers(state, seat, hand)
    melds = tuple(_melds(hand, jokers, rules))
    lay_offs: tuple[LayOffAction, ...] = ()
    swaps: tuple[SwapAction, ...] = ()
    if passport:
        lay_offs = tuple(_lay_offs(hand, jokers, state.table, rules))
        swaps = tuple(
            SwapAction(meld=meld.id, card=card.text)
            for meld in state.table
            for card in dict.fromkeys(
                card for slot in meld.joker_slots() for card in _swap_candidates(hand, meld, slot)
            )
        )
    return LegalMoves(
        seat=seat,
        can_move=has_legal_move(state, seat),
        passport=passport,
        melds=melds,
        lay_offs=lay_offs,
        swaps=swaps,
    )


def _melds(hand: HandIndex, jokers: int, rules: Rules) -> Iterable[MeldAction]:
    counts = hand.counts
    for rank in range(1, 14):
        have = [
            card.text for card in NATURALS if card.rank == rank for _ in range(counts[card.index])
        ]
        if len(have) >= 3:
            yield MeldAction(cards=tuple(have))
        elif have and len(have) + jokers >= 3:
            filler = 3 - len(have)
            yield MeldAction(cards=(*have, *("JK",) * filler), jokers=(rank_text(rank),) * filler)
    for suit_index, suit in enumerate(SUITS):
        mask = hand.suit_masks[suit_index]
        yield from _natural_runs(mask, suit, counts[suit_index * 13])
        if jokers:
            yield from _joker_windows(mask, suit, jokers)
    if rules.all_joker_melds and jokers >= 3:
        yield MeldAction(cards=("JK", "JK", "JK"), jokers=("A", "A", "A"))


def _natural_runs(mask: int, suit: str, aces: int) -> Iterable[MeldAction]:
    position = LOW_ACE
    while position <= HIGH_ACE:
        end = position
        while end <= HIGH_ACE and mask >> end & 1:
            end += 1
        stretches = [(position, end)]
        if position == LOW_ACE and end > HIGH_ACE and aces < 2:
            # One ace cannot sit at both ends (P16): A..K, or 2..A.
            stretches = [(LOW_ACE, HIGH_ACE), (LOW_ACE + 1, HIGH_ACE + 1)]
        for low, stop in stretches:
            if stop - low >= 3:
                yield MeldAction(cards=tuple(position_card(p, suit).text for p in range(low, stop)))
        position = end + 1


def _joker_windows(mask: int, suit: str, jokers: int) -> Iterable[MeldAction]:
    for low in range(LOW_ACE, HIGH_ACE - 1):
        present = [p for p in range(low, low + 3) if mask >> p & 1]
        if not present or len(present) == 3 or 3 - len(present) > jokers:
            continue
        cards = [position_card(p, suit).text if p in present else "JK" for p in range(low, low + 3)]
        stand_ins = tuple(
            position_card(p, suit).text for p in range(low, low + 3) if p not in present
        )
        yield MeldAction(cards=tuple(cards), jokers=stand_ins)


def _lay_offs(
    hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: Rules
) -> Iterable[LayOffAction]:
    joker = jokers > 0 and rules.jokers_lay_off
    for meld in table:
        if meld.kind == "set":
            for card in NATURALS:
                if card.rank == meld.low and hand.holds(card):
                    yield LayOffAction(meld=meld.id, card=card.text)
            if joker:
                yield LayOffAction(meld=meld.id, card="JK")
            continue
        ends = open_ends(meld)
        for end, position in ends.items():
            card = position_card(position, meld.suit)
            if hand.holds(card):
                yield LayOffAction(meld=meld.id, card=card.text, end=end)
            if joker:
                yield LayOffAction(meld=meld.id, card="JK", end=end)


def describe(moves: LegalMoves) -> str:
    """One move in words, for refusals (D6): the first meld, lay-off or swap listed."""
    if moves.melds:
        first = moves.melds[0]
        return "meld " + " ".join(first.cards)
    if moves.lay_offs:
        lay_off = moves.lay_offs[0]
        return f"lay off {lay_off.card} on meld {lay_off.meld}"
    if moves.swaps:
        swap = moves.swaps[0]
        return f"swap {swap.card} for the joker of meld {swap.meld}, then play the joker"
    return "no move"
