"""Gin Rummy's melds, deadwood and lay-offs as pure functions over card codes (G5–G8, G11).

A meld is 3 or 4 cards of one rank, or 3 or more cards of one suit in sequence, the ace
low only (G5). Deadwood is the value of the cards in no meld: ace 1, 2–10 face value,
J Q K 10 (G6). The functions work on card codes 0–51, suit by suit in the order
spades, clubs, diamonds, hearts and ace to king within a suit: OpenSpiel's own order,
so that the `openspiel` preset can follow its meld search step by step (its meld
order decides one figure, `openspiel_deadwood`, where the best arrangement is tied).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from domain.cards import Card

#: OpenSpiel's suit order (s c d h) in our suit letters.
SUIT_ORDER: Final = "SCDH"
RANKS: Final = 13
Meld = tuple[int, ...]


def code(card: Card) -> int:
    """The card's code: suit index times 13 plus rank − 1."""
    return SUIT_ORDER.index(card.suit) * RANKS + card.rank - 1


def card_of(number: int) -> Card:
    return Card.natural(number % RANKS + 1, SUIT_ORDER[number // RANKS])


def codes(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(sorted(code(card) for card in cards))


def value(number: int) -> int:
    """G6: ace 1, 2–10 face value, J Q K 10."""
    return min(10, number % RANKS + 1)


def total(cards: Iterable[int]) -> int:
    return sum(value(number) for number in cards)


def _rank_key(number: int) -> tuple[int, int]:
    return (number % RANKS, number)


def rank_melds(cards: Sequence[int]) -> list[Meld]:
    """Every set in `cards`: a four of a kind, and each of its three-card sets."""
    melds: list[Meld] = []
    if len(cards) < 3:
        return melds
    ordered = sorted(cards, key=_rank_key)
    rank = [number % RANKS for number in ordered]
    for i in range(len(ordered) - 3):
        if rank[i] == rank[i + 3]:
            melds.append(tuple(ordered[i : i + 4]))
            melds.append((ordered[i], ordered[i + 1], ordered[i + 3]))
            melds.append((ordered[i], ordered[i + 2], ordered[i + 3]))
    for i in range(len(ordered) - 2):
        if rank[i] == rank[i + 2]:
            melds.append(tuple(ordered[i : i + 3]))
    return melds


def suit_melds(cards: Sequence[int], max_run: int) -> list[Meld]:
    """Every run in `cards` of 3 up to `max_run` cards, the longest first."""
    melds: list[Meld] = []
    ordered = sorted(cards)
    for length in range(max_run, 2, -1):
        for i in range(len(ordered) - length + 1):
            low, high = ordered[i], ordered[i + length - 1]
            if high - low == length - 1 and low // RANKS == high // RANKS:
                melds.append(tuple(ordered[i : i + length]))
    return melds


@lru_cache(maxsize=32_768)
def all_melds(cards: tuple[int, ...], max_run: int) -> tuple[Meld, ...]:
    return tuple(rank_melds(cards) + suit_melds(cards, max_run))


@lru_cache(maxsize=8_192)
def meld_groups(cards: tuple[int, ...], max_run: int) -> tuple[tuple[Meld, ...], ...]:
    """Every maximal sequence of non-overlapping melds, in OpenSpiel's search order."""
    melds = all_melds(cards, max_run)
    groups: list[tuple[Meld, ...]] = []
    path: list[Meld] = []

    def walk(meld: Meld, pool: Sequence[Meld]) -> None:
        path.append(meld)
        taken = set(meld)
        children = [other for other in pool if taken.isdisjoint(other)]
        if not children:
            groups.append(tuple(path))
        for child in children:
            walk(child, children)
        path.pop()

    for meld in melds:
        walk(meld, melds)
    return tuple(groups)


@lru_cache(maxsize=200_000)
def best_deadwood(cards: tuple[int, ...]) -> int:
    """G6: the least deadwood any arrangement of `cards` leaves (exact)."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = value(first) + best_deadwood(rest)
    for meld in all_melds(cards, RANKS):
        if first in meld:
            left = tuple(number for number in rest if number not in meld)
            best = min(best, best_deadwood(left))
            if best == 0:
                break
    return best


def best_discard_deadwood(cards: tuple[int, ...], keep: int | None = None) -> int:
    """The least deadwood after discarding one card, never `keep` (G9: exact)."""
    return min(
        best_deadwood(tuple(number for number in cards if number != discard))
        for discard in cards
        if discard != keep
    )


@lru_cache(maxsize=32_768)
def openspiel_deadwood(cards: tuple[int, ...], hand_size: int = 10) -> int:
    """OpenSpiel's figure: the first best meld group found; of an 11-card hand it then
    drops the highest-ranked card left (R40: not always the least deadwood)."""
    best_value = 0
    best_group: tuple[Meld, ...] = ()
    for group in meld_groups(cards, 5):
        group_value = sum(total(meld) for meld in group)
        if group_value > best_value:
            best_value, best_group = group_value, group
    melded = {number for meld in best_group for number in meld}
    deadwood = [number for number in cards if number not in melded]
    if len(cards) == hand_size + 1 and deadwood:
        deadwood.sort(key=_rank_key)
        deadwood.pop()
    return total(deadwood)


def best_arrangement(cards: tuple[int, ...], max_run: int) -> tuple[Meld, ...]:
    """G6, R62: the melds of the first arrangement, in OpenSpiel's search order, that
    leaves `cards` the least deadwood (runs of at most `max_run` cards)."""
    best: tuple[Meld, ...] = ()
    best_value = 0
    for group in meld_groups(cards, max_run):
        group_value = sum(total(meld) for meld in group)
        if group_value > best_value:
            best_value, best = group_value, group
    return best


def all_melded(cards: tuple[int, ...]) -> bool:
    """G19: whether every card of `cards` belongs to one arrangement of melds."""
    return bool(cards) and best_deadwood(cards) == 0


def legal_melds(cards: tuple[int, ...], limit: int, max_run: int) -> tuple[Meld, ...]:
    """G10: the melds that belong to some arrangement leaving at most `limit` deadwood."""
    hand_value = total(cards)
    found: set[Meld] = set()
    for group in meld_groups(cards, max_run):
        if hand_value - sum(total(meld) for meld in group) <= limit:
            found.update(group)
    return tuple(sorted(found))


def is_meld(cards: Sequence[int], max_run: int) -> bool:
    ordered = tuple(sorted(cards))
    return ordered in all_melds(ordered, max_run)


def set_layoff(meld: Meld) -> int | None:
    """The card a three-card set takes (its missing suit); a four is complete (G11)."""
    if len({number % RANKS for number in meld}) != 1 or len(meld) != 3:
        return None
    suits = {number // RANKS for number in meld}
    missing = next(suit for suit in range(4) if suit not in suits)
    return missing * RANKS + meld[0] % RANKS


def _run_ends(run: Sequence[int]) -> list[int]:
    low, high = min(run), max(run)
    ends = []
    if low % RANKS > 0:
        ends.append(low - 1)
    if high % RANKS < RANKS - 1:
        ends.append(high + 1)
    return ends


def layoffs(melds: Iterable[Meld], laid: Sequence[int], reach: int | None) -> set[int]:
    """G11: the cards the knocker's `melds` take after the lay-offs `laid`.

    `reach` None: a run grows at either end as far as the cards laid off reach; 2
    (OpenSpiel, R39): a run takes at most two cards beyond each end.
    """
    found: set[int] = set()
    for meld in melds:
        if len({number % RANKS for number in meld}) == 1:
            card = set_layoff(meld)
            if card is not None:
                found.add(card)
            continue
        run = list(meld)
        steps = 1 if reach is not None else RANKS
        for _ in range(steps):
            grown = [card for card in laid if card in _run_ends(run) and card not in run]
            if not grown:
                break
            run.extend(grown)
        found.update(card for card in _run_ends(run) if card not in run)
    return found
