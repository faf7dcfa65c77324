"""The search under Three Thirteen's exact deadwood (T5, T6, T9): melds of a hand's cards.

The natural cards (not of the wild rank) are taken in canonical order (suit, then rank).
The first one left is either deadwood, or in a set with other cards of its rank, or the
lowest natural of a run of its suit (every lower natural of the suit was placed
already); a set or run may take wild cards for the places no natural fills, and needs
three cards at least. Each choice leaves fewer naturals: the least points over the
choices, remembered for each position (the naturals left, the wild cards left, and how
many more wild cards the melds made so far could still take), is exact. Wild cards left
when the naturals are placed join a meld (a set takes any number, a run grows up to 13
cards, A..K), or make a meld of their own when three or more (T6); the rest is deadwood.

A position is a count for each distinct natural of the hand the search is made for, so
one search serves every hand of fewer of its cards: the hand less each discard shares
the positions it reaches with the others (`domain.three13.deadwood.ways_out`).
What a position needs of the hand (the cards of a rank, the cards of a suit by rank, the
points of each card) is worked out once, when the search is made; the melds a natural
can be in are made once for each count of the cards they may take (its rank's for a
set, its suit's above it for a run), as many positions share those counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product

from domain.cards import Card

#: The longest run, A..K (T5: the ace is low only).
LONGEST_RUN = 13
#: How many more wild cards the melds made so far could take, counted up to this.
ENOUGH = 2

Counts = tuple[int, ...]
#: A meld of the search: the naturals it takes (by index), the wild cards it needs, and
#: how many more wild cards it could take; wild cards -1 marks a card left as deadwood.
SearchMeld = tuple[tuple[int, ...], int, int]
#: A position: the naturals left, the wild cards left, the room for more wild cards.
Position = tuple[Counts, int, int]


class MeldSearch:
    """The memoised search of this module's docstring, over the naturals it is made with."""

    def __init__(
        self, naturals: Sequence[Card], points: Callable[[Card], int], wild_points: int
    ) -> None:
        self.cards = sorted(set(naturals))
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.points = points
        self.wild_points = wild_points
        self._points = tuple(points(card) for card in self.cards)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[str, list[int | None]] = {}
        for i, card in enumerate(self.cards):
            by_rank.setdefault(card.rank, []).append(i)
            by_suit.setdefault(card.suit, [None] * (LONGEST_RUN + 1))[card.rank] = i
        #: For each natural: the naturals of its rank, and of its suit by rank.
        self._alike = tuple(tuple(by_rank[card.rank]) for card in self.cards)
        self._suit = tuple(tuple(by_suit[card.suit]) for card in self.cards)
        #: For each natural: the index after the last natural of its suit.
        self._suit_end = tuple(
            max(i for i in by_suit[card.suit] if i is not None) + 1 for card in self.cards
        )
        self.memo: dict[Position, tuple[int, SearchMeld | None]] = {}
        self.complete: dict[Position, bool] = {}
        self._set_memo: dict[tuple[int, ...], tuple[SearchMeld, ...]] = {}
        self._run_memo: dict[tuple[int, int, Counts], tuple[SearchMeld, ...]] = {}

    def counts(self, naturals: Sequence[Card]) -> Counts:
        """The position's counts of `naturals`, every one a card of the search."""
        counts = [0] * len(self.cards)
        for card in naturals:
            counts[self.index[card]] += 1
        return tuple(counts)

    def best(self, counts: Counts, wilds: int, room: int) -> int:
        """The least deadwood points of the naturals `counts` with `wilds` wild cards."""
        key = (counts, wilds, room)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        first = next((i for i, count in enumerate(counts) if count), None)
        if first is None:
            left = 0 if wilds >= 3 else max(0, wilds - room)
            self.memo[key] = (left * self.wild_points, None)
            return left * self.wild_points
        least, choice = self._least(first, counts, wilds, room)
        self.memo[key] = (least, choice)
        return least

    def choice(self, counts: Counts, wilds: int, room: int) -> SearchMeld | None:
        """What `best` chose for the first natural of this position (None: none left)."""
        return self.memo[(counts, wilds, room)][1]

    def _least(self, first: int, counts: Counts, wilds: int, room: int) -> tuple[int, SearchMeld]:
        """The best choice for the first natural left: a meld, else deadwood. Ties keep
        the first choice found, deadwood before the melds, so that the arrangement of a
        hand is one function of its cards."""
        least = self._points[first] + self.best(less(counts, (first,)), wilds, room)
        choice: SearchMeld = ((first,), -1, 0)
        for meld in self.melds(first, counts, wilds):
            used, needed, more = meld
            after = self.best(less(counts, used), wilds - needed, min(ENOUGH, room + more))
            if after < least:
                least, choice = after, meld
                if not least:
                    break  # nothing is less than no deadwood at all
        return least, choice

    def melds_all(self, counts: Counts, wilds: int, room: int) -> bool:
        """Whether the naturals `counts` and `wilds` wild cards form melds, every one."""
        key = (counts, wilds, room)
        found = self.complete.get(key)
        if found is not None:
            return found
        first = next((i for i, count in enumerate(counts) if count), None)
        if first is None:
            whole = wilds == 0 or wilds >= 3 or wilds <= room
        else:
            whole = any(
                self.melds_all(less(counts, used), wilds - needed, min(ENOUGH, room + more))
                for used, needed, more in self.melds(first, counts, wilds)
            )
        self.complete[key] = whole
        return whole

    def melds(self, first: int, counts: Counts, wilds: int) -> Iterator[SearchMeld]:
        """Every meld the first natural left can be in: its sets, then its runs."""
        yield from self._sets(first, counts, wilds)
        yield from self._runs(first, counts, wilds)

    def _sets(self, first: int, counts: Counts, wilds: int) -> tuple[SearchMeld, ...]:
        """The sets of the first natural left; the same counts of its rank give the same
        sets, whatever else is left, so they are made once for each (T5, T6)."""
        alike = self._alike[first]
        key = (first, min(wilds, 2), *(counts[i] for i in alike))
        found = self._set_memo.get(key)
        if found is None:
            found = self._set_memo[key] = tuple(self._make_sets(first, counts, wilds))
        return found

    def _make_sets(self, first: int, counts: Counts, wilds: int) -> Iterator[SearchMeld]:
        # `first` is the first natural left, so the first of its rank: it is always taken.
        others = [i for i in self._alike[first] if i != first and counts[i]]
        ranges = (range(1, counts[first] + 1), *(range(counts[i] + 1) for i in others))
        for taken in product(*ranges):
            used = tuple(i for i, k in zip((first, *others), taken, strict=True) for _ in range(k))
            needed = max(0, 3 - len(used))  # at most 2: a set never needs more wild cards
            if needed <= wilds:
                yield used, needed, ENOUGH  # a set takes any number of wild cards (T6)

    def _runs(self, first: int, counts: Counts, wilds: int) -> tuple[SearchMeld, ...]:
        """The runs of the first natural left, from the cards above it in its suit: the
        naturals are in suit order, so those are the next few counts (T5)."""
        key = (first, wilds, counts[first + 1 : self._suit_end[first]])
        found = self._run_memo.get(key)
        if found is None:
            found = self._run_memo[key] = tuple(self._make_runs(first, counts, wilds))
        return found

    def _make_runs(self, first: int, counts: Counts, wilds: int) -> Iterator[SearchMeld]:
        low = self.cards[first].rank
        suit = self._suit[first]

        def extend(top: int, used: tuple[int, ...], gaps: int) -> Iterator[SearchMeld]:
            size = top - low + 1
            if size >= 2:
                needed = gaps + max(0, 3 - size)
                if needed <= wilds:
                    yield used, needed, LONGEST_RUN - max(size, 3)
            for rank in range(top + 1, LONGEST_RUN + 1):
                skipped = gaps + rank - top - 1  # wild cards for the ranks between
                if skipped > wilds:
                    return
                index = suit[rank]
                if index is not None and counts[index]:
                    yield from extend(rank, (*used, index), skipped)

        yield from extend(low, (first,), 0)


def less(counts: Counts, used: Sequence[int]) -> Counts:
    """`counts` with one fewer of each natural `used` (an index as often as it is used)."""
    left = list(counts)
    for i in used:
        left[i] -= 1
    return tuple(left)
