"""Melds as pure functions over cards (P13–P18, D3, D4; B5, T5, T6 by their terms).

A run is 3–14 cards of one suit on consecutive positions 1..14, where 1 is the low
ace and 14 the high ace (P14–P16): it never wraps past the high ace. A set is 3 or
more cards of one rank, duplicate suits allowed (P17, P18). A joker stands for one
definite card in a run, or for the rank of a set, fixed when it is placed (D4).
`read_meld_as` reads any game's melds, by its `MeldTerms` (`domain.meld_terms`: the ace
low only, wild ranks, the rule ids each game names; Penang's: `domain.penang.melds`).

Nothing here knows about turns or seats' hands: these functions answer "is this a
meld, and what does each wild card stand for". Extending a meld is `domain.layoffs`;
replacing a joker is `domain.penang.wildcards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final, Literal, NoReturn

from domain.cards import (
    HIGH_ACE,
    LOW_ACE,
    SUITS,
    Card,
    format_cards,
    parse_rank,
    rank_text,
)
from domain.errors import (
    AmbiguousJoker,
    JokerMismatch,
    MalformedCard,
    NotAMeld,
)
from domain.meld_terms import MeldTerms

MeldKind = Literal["run", "set"]
End = Literal["low", "high"]
MIN_MELD = 3
MAX_RUN = 14


def position_card(position: int, suit: str) -> Card:
    """The card at run position 1..14 of `suit` (1 and 14 are both the ace)."""
    return _RUN_POSITIONS[suit][position]


#: The card at each run position of each suit: the legal-move lists read them often.
_RUN_POSITIONS: Final = {
    suit: {position: Card.natural(position, suit) for position in range(LOW_ACE, HIGH_ACE + 1)}
    for suit in SUITS
}


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: who made it, its cards, and what each card stands for.

    Runs keep their cards in position order from `low`; sets keep placement order
    and `low` holds their rank.
    """

    id: int
    owner: int
    kind: MeldKind
    cards: tuple[Card, ...]
    suit: str
    low: int

    @property
    def rank(self) -> int:
        return self.low

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def stands_for(self) -> tuple[str, ...]:
        """What each card counts as: a card for a run, the rank for a set (D4)."""
        if self.kind == "set":
            return (rank_text(self.low),) * len(self.cards)
        return tuple(position_card(self.low + i, self.suit).text for i in range(len(self.cards)))

    def joker_slots(self) -> tuple[int, ...]:
        return tuple(i for i, card in enumerate(self.cards) if card.is_joker)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class MeldShape:
    """One reading of some cards as a meld, before it has an id and an owner."""

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: str
    low: int

    def placed(self, meld_id: int, owner: int) -> TableMeld:
        return TableMeld(meld_id, owner, self.kind, self.cards, self.suit, self.low)

    def stands_for(self) -> tuple[str, ...]:
        return self.placed(-1, -1).stands_for()

    def joker_stand_ins(self) -> tuple[str, ...]:
        """What the jokers stand for, in the order they appear."""
        return tuple(
            text for card, text in zip(self.cards, self.stands_for(), strict=True) if card.is_joker
        )


def meld_from_record(
    meld_id: int, owner: int, kind: MeldKind, cards: Sequence[Card], stands_for: Sequence[str]
) -> TableMeld:
    """Rebuild a table meld from the facts an event recorded."""
    suit, low = recorded_place(kind, stands_for)
    return TableMeld(meld_id, owner, kind, tuple(cards), suit, low)


def recorded_place(kind: MeldKind, stands_for: Sequence[str]) -> tuple[str, int]:
    """A recorded meld's suit (empty for a set) and `low`, from what its first card
    stood for: a run's first card, or a set's rank."""
    if kind == "set":
        return "", parse_rank(stands_for[0])
    first = Card(stands_for[0])
    return first.suit, first.rank


# --- reading cards as a meld -------------------------------------------------------


def read_meld_as(cards: Sequence[Card], jokers: Sequence[str], terms: MeldTerms) -> MeldShape:
    """The one meld these cards make under a game's `terms`, or the rule they break.

    `jokers` says what the wild cards stand for, one entry per wild card in any order
    (they are alike): a card (`7H`) for a run or a rank (`8`) for a set. It may be empty
    when only one reading exists; where several do, an empty `jokers` is refused (D4),
    unless the game's wild cards need no name, when the lowest reading is taken.
    """
    shown = format_cards(cards)
    if len(cards) < MIN_MELD:
        raise NotAMeld(f"{shown}: a meld needs at least 3 cards", terms.meld_rule)
    naturals = [card for card in cards if not terms.is_wild(card)]
    wilds = [card for card in cards if terms.is_wild(card)]
    if not naturals and not terms.all_wild:
        raise NotAMeld(f"{shown}: a meld needs at least one natural card", terms.natural_rule)
    if jokers and len(jokers) != len(wilds):
        raise JokerMismatch(
            f"{shown}: says what {len(jokers)} joker(s) stand for, but the meld has {len(wilds)}",
            terms.joker_rule,
        )
    if not naturals and not jokers:
        if terms.name_wilds:
            raise AmbiguousJoker(f"{shown}: say what each joker stands for", terms.joker_rule)
        return MeldShape("set", tuple(wilds), "", terms.wild_rank or LOW_ACE)
    readings = _readings(naturals, wilds, jokers, terms)
    if not readings and naturals:
        _explain_not_a_meld(cards, naturals, len(wilds), terms)
    if jokers:
        wanted = tuple(sorted(_normalise_stand_in(text) for text in jokers))
        readings = [r for r in readings if tuple(sorted(r.joker_stand_ins())) == wanted]
        if not readings:
            raise JokerMismatch(
                f"{shown}: the jokers cannot stand for {' '.join(jokers)} in one run or set",
                terms.joker_rule,
            )
    distinct = _distinct_readings(readings)
    if len(distinct) > 1 and terms.name_wilds:
        options = "; ".join(" ".join(r.joker_stand_ins()) for r in distinct[:4])
        raise AmbiguousJoker(
            f"{shown}: say what each joker stands for (for example: {options})", terms.joker_rule
        )
    return distinct[0]


def _normalise_stand_in(text: str) -> str:
    try:
        return Card(text).text
    except MalformedCard:
        return rank_text(parse_rank(text))


def _distinct_readings(readings: list[MeldShape]) -> list[MeldShape]:
    """Readings that differ in what the jokers stand for.

    Two runs whose jokers stand for the same cards differ only in which end a
    natural or joker ace sits (A..K against 2..A); they play the same from then on,
    so the lower one is taken.
    """
    if len(readings) < 2:
        return readings  # most melds read one way only
    chosen: dict[tuple[str, tuple[str, ...]], MeldShape] = {}
    for reading in sorted(readings, key=lambda r: (r.kind, r.low)):
        key = (reading.kind, tuple(sorted(reading.joker_stand_ins())))
        chosen.setdefault(key, reading)
    return list(chosen.values())


def _readings(
    naturals: list[Card], wilds: list[Card], jokers: Sequence[str], terms: MeldTerms
) -> list[MeldShape]:
    readings: list[MeldShape] = []
    size = len(naturals) + len(wilds)
    ranks = {card.rank for card in naturals}
    if len(ranks) == 1 and terms.fits_set(size):
        rank = next(iter(ranks))
        readings.append(MeldShape("set", (*naturals, *wilds), "", rank))
    elif not naturals and terms.fits_set(size):
        readings.extend(_all_joker_sets(wilds, jokers))
    suits = {card.suit for card in naturals}
    if len(suits) == 1 and size <= terms.max_run:
        readings.extend(_run_readings(naturals, wilds, next(iter(suits)), terms))
    elif not naturals and size <= terms.max_run:
        for suit in {Card(text).suit for text in jokers if _is_card(text)}:
            readings.extend(_run_readings([], wilds, suit, terms))
    return readings


def _is_card(text: str) -> bool:
    try:
        Card(text)
    except MalformedCard:
        return False
    return True


def _all_joker_sets(wilds: list[Card], jokers: Sequence[str]) -> list[MeldShape]:
    # D3 option: an all-joker set stands for the rank its command names.
    ranks = {text for text in jokers if not _is_card(text)}
    return [MeldShape("set", tuple(wilds), "", parse_rank(rank)) for rank in ranks]


def _run_readings(
    naturals: list[Card], wilds: list[Card], suit: str, terms: MeldTerms
) -> list[MeldShape]:
    size = len(naturals) + len(wilds)
    top = terms.top
    fixed = [card.rank for card in naturals if card.rank != 1]
    aces = len(naturals) - len(fixed)
    ace_ends = (LOW_ACE, HIGH_ACE) if terms.high_ace else (LOW_ACE,)
    readings = []
    for ace_positions in product(ace_ends, repeat=aces):
        positions = fixed + list(ace_positions)
        if len(set(positions)) != len(positions):
            continue
        lowest = min(positions, default=top)
        highest = max(positions, default=LOW_ACE)
        for low in range(max(LOW_ACE, highest - size + 1), min(lowest, top - size + 1) + 1):
            slots: list[Card | None] = [None] * size
            for card, position in zip(naturals, _positions(naturals, ace_positions), strict=True):
                slots[position - low] = card
            fill = iter(wilds)
            placed = tuple(card if card is not None else next(fill) for card in slots)
            readings.append(MeldShape("run", placed, suit, low))
    return readings


def _positions(naturals: list[Card], ace_positions: tuple[int, ...]) -> list[int]:
    aces = iter(ace_positions)
    return [next(aces) if card.rank == 1 else card.rank for card in naturals]


def _explain_not_a_meld(
    cards: Sequence[Card], naturals: list[Card], wild_count: int, terms: MeldTerms
) -> NoReturn:
    ranks = [card.rank for card in naturals]
    wraps = _fits_when_wrapped(ranks, len(cards))
    suits = {card.suit for card in naturals}
    raise terms.refusal(format_cards(cards), ranks, len(suits), wild_count, wraps)


def _fits_when_wrapped(ranks: list[int], size: int) -> bool:
    """Whether the ranks would fit a run of `size` if K-A-2 were allowed.

    A wrapped run of at most 13 cards holds each rank once, so ranks that repeat (two
    aces of one suit) fit none: wrapping is not what keeps them out of a run.
    """
    if size > 13 or len(set(ranks)) != len(ranks):
        return False
    for start in range(1, 14):
        window = {((start - 1 + i) % 13) + 1 for i in range(size)}
        if set(ranks) <= window:
            return True
    return False


def replace_cards(meld: TableMeld, cards: tuple[Card, ...], low: int) -> TableMeld:
    """The same meld holding `cards` from position (or rank) `low`."""
    return TableMeld(meld.id, meld.owner, meld.kind, cards, meld.suit, low)
