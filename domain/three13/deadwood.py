"""The exact deadwood of a Three Thirteen hand (T9, R27): the least points it can leave.

A hand's deadwood is the cards in no meld; the rules arrange each hand (but the one
that went out, which declared its melds) into the melds that leave the fewest points,
wild cards counted at face value when they stay out (T9). The search is exact
(`domain.three13.search`): each natural in turn is deadwood, or in a set of its rank,
or the lowest card of a run of its suit, the least points over those choices
remembered for each position; wild cards left over join a meld, or make one of their
own when three or more (T6).

Ties keep the first arrangement the search finds, so the arrangement of a hand is one
function of its cards: a replay of the hand finds the same. Whether a hand can go out
(every card but its discard in a meld, T8) is the same search with deadwood ruled out,
which prunes most of it (`ways_out`). What a hand leaves after each discard
(`deadwood_after_discards`) is one search too, every discard's hand sharing the
positions it reaches. tests/bench/bench_deadwood.py measures the worst case (13 and 14
cards, wild cards, two packs); tests/unit checks the search against every arrangement
of small hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.cards import Card, sort_cards
from domain.three13.search import ENOUGH, Counts, MeldSearch, less


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
    search, counts, wilds = _searched(hand, wild_rank, points)
    total = search.best(counts, len(wilds), 0)
    return _arrangement(search, counts, wilds, total)


def deadwood_after_discards(
    hand: Sequence[Card], wild_rank: int, points: Callable[[Card], int]
) -> dict[Card, int]:
    """For each card of `hand`, the least deadwood the hand leaves without it (T9): the
    points `best_arrangement` finds for that hand, from one search for every discard."""
    search, counts, wilds = _searched(hand, wild_rank, points)
    after = {}
    for card in sorted(set(hand)):
        if card.rank == wild_rank:
            after[card] = search.best(counts, len(wilds) - 1, 0)
        else:
            after[card] = search.best(less(counts, (search.index[card],)), len(wilds), 0)
    return after


def ways_out(
    hand: Sequence[Card], wild_rank: int
) -> list[tuple[Card, tuple[tuple[Card, ...], ...]]]:
    """Every way `hand` goes out (T8): each card whose discard leaves a hand of melds only,
    with such melds. One search serves every discard: it leaves one card fewer each time,
    and what it finds for a hand holds for every discard that comes to that hand."""
    search, counts, wilds = _searched(hand, wild_rank, lambda card: 0)
    ways = []
    for card in sorted(set(hand)):
        left, free = counts, list(wilds)
        if card.rank == wild_rank:
            free.remove(card)
        else:
            left = less(counts, (search.index[card],))
        if search.melds_all(left, len(free), 0):
            ways.append((card, _whole(search, left, free)))
    return ways


def _searched(
    hand: Sequence[Card], wild_rank: int, points: Callable[[Card], int]
) -> tuple[MeldSearch, Counts, list[Card]]:
    """A search for `hand`, the counts of its naturals, and its wild cards (in order)."""
    ordered = sort_cards(hand)
    wilds = [card for card in ordered if card.rank == wild_rank]
    naturals = [card for card in ordered if card.rank != wild_rank]
    # Every wild card has the wild rank, so every one scores alike (T9).
    search = MeldSearch(naturals, points, points(wilds[0]) if wilds else 0)
    return search, search.counts(naturals), wilds


def _arrangement(search: MeldSearch, counts: Counts, wilds: list[Card], total: int) -> Arrangement:
    """The melds and deadwood the search chose, wild cards placed."""
    melds: list[list[Card]] = []
    rooms: list[int] = []
    deadwood: list[Card] = []
    free = list(wilds)
    room = 0
    while (choice := search.choice(counts, len(free), room)) is not None:
        used, needed, more = choice
        if needed < 0:
            deadwood.append(search.cards[used[0]])
        else:
            melds.append([search.cards[i] for i in used] + [free.pop() for _ in range(needed)])
            rooms.append(more)
            room = min(ENOUGH, room + more)
        counts = less(counts, used)
    _place(free, melds, rooms, deadwood)
    placed = Arrangement(
        melds=tuple(tuple(meld) for meld in melds),
        deadwood=sort_cards(deadwood),
        points=sum(search.points(card) for card in deadwood),
    )
    if placed.points != total:
        raise AssertionError("the arrangement does not score what the search found")
    return placed


def _whole(search: MeldSearch, counts: Counts, free: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Melds of every card (`melds_all` found they exist): the first it found."""
    melds: list[list[Card]] = []
    rooms: list[int] = []
    room = 0
    while (first := next((i for i, count in enumerate(counts) if count), None)) is not None:
        for used, needed, more in search.melds(first, counts, len(free)):
            after = less(counts, used)
            if search.melds_all(after, len(free) - needed, min(ENOUGH, room + more)):
                melds.append([search.cards[i] for i in used] + [free.pop() for _ in range(needed)])
                rooms.append(more)
                room, counts = min(ENOUGH, room + more), after
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
