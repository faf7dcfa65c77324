"""The exact deadwood of a Three Thirteen hand (T9, R27): the least points it can leave.

A hand's deadwood is the cards in no meld; the rules arrange each hand (but the one
that went out, which declared its melds) into the melds that leave the fewest points,
wild cards counted at face value when they stay out (T9). The search is exact:

- The natural cards (not of the wild rank) are taken in canonical order (suit, then
  rank). The first one left is either deadwood, or in a set with other cards of its
  rank, or the lowest natural of a run of its suit (every lower natural of the suit was
  placed already); a set or run may take wild cards for the places no natural fills,
  and needs three cards at least. Each choice leaves fewer naturals: the least points
  over the choices, remembered for each position (the naturals left, the wild cards
  left, and how many more wild cards the melds made so far could still take), is exact.
- Wild cards left when the naturals are placed join a meld (a set takes any number, a
  run grows up to 13 cards, A..K), or make a meld of their own when three or more
  (T6); the rest is deadwood.

Ties keep the first arrangement the search finds, so the arrangement of a hand is one
function of its cards: a replay of the hand finds the same. Whether a hand can go out
(every card but its discard in a meld, T8) is the same search with deadwood ruled out,
which prunes most of it (`ways_out`). tests/bench/bench_deadwood.py
measures the worst case (13 and 14 cards, wild cards, two packs); tests/unit checks the
search against every arrangement of small hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from domain.cards import Card, sort_cards

#: The longest run, A..K (T5: the ace is low only).
LONGEST_RUN = 13
#: How many more wild cards the melds made so far could take, counted up to this.
_ENOUGH = 2

Counts = tuple[int, ...]
#: A meld of the search: the naturals it takes (by index), and the wild cards it needs.
_Meld = tuple[tuple[int, ...], int, int]  # (natural indices, wild cards, room for more)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand arranged: its melds, its deadwood and the deadwood's points."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int


def best_arrangement(
    hand: Sequence[Card], wild_rank: int, points: Callable[[Card], int]
) -> Arrangement:
    """The arrangement of `hand` into melds that leaves the least deadwood (T9)."""
    wilds = [card for card in sort_cards(hand) if card.rank == wild_rank]
    naturals = [card for card in sort_cards(hand) if card.rank != wild_rank]
    search = _Search(naturals, points, points(wilds[0]) if wilds else 0)
    counts = tuple(naturals.count(card) for card in search.cards)
    total = search.best(counts, len(wilds), 0)
    return search.arrangement(counts, wilds, total)


def ways_out(
    hand: Sequence[Card], wild_rank: int
) -> list[tuple[Card, tuple[tuple[Card, ...], ...]]]:
    """Every way `hand` goes out (T8): each card whose discard leaves a hand of melds only,
    with such melds. One search serves every discard: it leaves one card fewer each time,
    and what it finds for a hand holds for every discard that comes to that hand."""
    wilds = [card for card in sort_cards(hand) if card.rank == wild_rank]
    naturals = [card for card in sort_cards(hand) if card.rank != wild_rank]
    search = _Search(naturals, lambda card: 0, 0)
    counts = tuple(naturals.count(card) for card in search.cards)
    ways = []
    for card in sorted(set(hand)):
        left, free = counts, list(wilds)
        if card.rank == wild_rank:
            free.remove(card)
        else:
            left = _less(counts, (search.index[card],))
        if search.melds_all(left, len(free), 0):
            ways.append((card, search.whole(left, free)))
    return ways


class _Search:
    def __init__(self, naturals: list[Card], points: Callable[[Card], int], wild_points: int):
        self.cards = sorted(set(naturals))
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.points = points
        self.wild_points = wild_points
        self.memo: dict[tuple[Counts, int, int], tuple[int, _Meld | None]] = {}
        self.complete: dict[tuple[Counts, int, int], bool] = {}

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

    def _least(self, first: int, counts: Counts, wilds: int, room: int) -> tuple[int, _Meld]:
        """The best choice for the first natural left: a meld, else deadwood."""
        least = self.points(self.cards[first]) + self.best(_less(counts, (first,)), wilds, room)
        choice: _Meld = ((first,), -1, 0)  # -1: the card is deadwood
        for meld in self._melds(first, counts, wilds):
            used, needed, more = meld
            after = self.best(_less(counts, used), wilds - needed, min(_ENOUGH, room + more))
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
                self.melds_all(_less(counts, used), wilds - needed, min(_ENOUGH, room + more))
                for used, needed, more in self._melds(first, counts, wilds)
            )
        self.complete[key] = whole
        return whole

    def _melds(self, first: int, counts: Counts, wilds: int) -> Iterator[_Meld]:
        yield from self._sets(first, counts, wilds)
        yield from self._runs(first, counts, wilds)

    def _sets(self, first: int, counts: Counts, wilds: int) -> Iterator[_Meld]:
        rank = self.cards[first].rank
        alike = [i for i, card in enumerate(self.cards) if card.rank == rank and counts[i]]
        for taken in product(*(range(counts[i] + 1) for i in alike)):
            if not taken[alike.index(first)]:
                continue
            used = tuple(i for i, k in zip(alike, taken, strict=True) for _ in range(k))
            needed = max(0, 3 - len(used))
            if needed <= wilds:
                yield used, needed, _ENOUGH  # a set takes any number of wild cards (T6)

    def _runs(self, first: int, counts: Counts, wilds: int) -> Iterator[_Meld]:
        low = self.cards[first]
        suit = [self.index.get(Card.natural(rank, low.suit)) for rank in range(LONGEST_RUN + 1)]
        held = [i is not None and counts[i] > 0 for i in suit]

        def extend(top: int, used: tuple[int, ...], gaps: int) -> Iterator[_Meld]:
            size = top - low.rank + 1
            if size >= 2:
                needed = gaps + max(0, 3 - size)
                if needed <= wilds:
                    yield used, needed, LONGEST_RUN - max(size, 3)
            for rank in range(top + 1, LONGEST_RUN + 1):
                skipped = gaps + rank - top - 1  # wild cards for the ranks between
                if skipped > wilds:
                    return
                index = suit[rank]
                if held[rank] and index is not None:
                    yield from extend(rank, (*used, index), skipped)

        yield from extend(low.rank, (first,), 0)

    def arrangement(self, counts: Counts, wilds: list[Card], total: int) -> Arrangement:
        """The melds and deadwood the search chose, wild cards placed."""
        melds: list[list[Card]] = []
        rooms: list[int] = []
        deadwood: list[Card] = []
        free = list(wilds)
        room = 0
        while True:
            _, choice = self.memo[(counts, len(free), room)]
            if choice is None:
                break
            used, needed, more = choice
            if needed < 0:
                deadwood.append(self.cards[used[0]])
            else:
                melds.append([self.cards[i] for i in used] + [free.pop() for _ in range(needed)])
                rooms.append(more)
                room = min(_ENOUGH, room + more)
            counts = _less(counts, used)
        _place(free, melds, rooms, deadwood)
        placed = Arrangement(
            melds=tuple(tuple(meld) for meld in melds),
            deadwood=sort_cards(deadwood),
            points=sum(self.points(card) for card in deadwood),
        )
        if placed.points != total:
            raise AssertionError("the arrangement does not score what the search found")
        return placed

    def whole(self, counts: Counts, free: list[Card]) -> tuple[tuple[Card, ...], ...]:
        """Melds of every card (`melds_all` found they exist): the first it found."""
        melds: list[list[Card]] = []
        rooms: list[int] = []
        room = 0
        while (first := next((i for i, count in enumerate(counts) if count), None)) is not None:
            for used, needed, more in self._melds(first, counts, len(free)):
                after = _less(counts, used)
                if self.melds_all(after, len(free) - needed, min(_ENOUGH, room + more)):
                    melds.append(
                        [self.cards[i] for i in used] + [free.pop() for _ in range(needed)]
                    )
                    rooms.append(more)
                    room, counts = min(_ENOUGH, room + more), after
                    break
            else:
                raise AssertionError("the search found melds of every card, and now none")
        deadwood: list[Card] = []
        _place(free, melds, rooms, deadwood)
        if deadwood:
            raise AssertionError("wild cards are left out of melds of every card")
        return tuple(tuple(meld) for meld in melds)


def _place(
    free: list[Card], melds: list[list[Card]], rooms: list[int], deadwood: list[Card]
) -> None:
    """Wild cards left over: a meld of their own (3+), or into melds with room (T6)."""
    if len(free) >= 3:
        melds.append(free)
        return
    for meld, room in zip(melds, rooms, strict=True):
        taken = min(room, len(free))
        meld.extend(free.pop() for _ in range(taken))
    deadwood.extend(free)


def _less(counts: Counts, used: Sequence[int]) -> Counts:
    left = list(counts)
    for i in used:
        left[i] -= 1
    return tuple(left)
