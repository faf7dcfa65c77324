"""Melds as pure functions over cards (P13–P18, D3, D4).

A run is 3–14 cards of one suit on consecutive positions 1..14, where 1 is the low
ace and 14 the high ace (P14–P16): it never wraps past the high ace. A set is 3 or
more cards of one rank, duplicate suits allowed (P17, P18). A joker stands for one
definite card in a run, or for the rank of a set, fixed when it is placed (D4).

Nothing here knows about turns or seats' hands: these functions answer "is this a
meld, and what does each joker stand for". Extending a meld is `domain.layoffs`;
replacing a joker is `domain.wildcards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final, Literal

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
from domain.rules import Rules

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
    if kind == "set":
        return TableMeld(meld_id, owner, kind, tuple(cards), "", parse_rank(stands_for[0]))
    first = Card(stands_for[0])
    return TableMeld(meld_id, owner, kind, tuple(cards), first.suit, first.rank)


# --- reading cards as a meld -------------------------------------------------------


def read_meld(cards: Sequence[Card], jokers: Sequence[str], rules: Rules) -> MeldShape:
    """The one meld these cards make, or the rule they break.

    `jokers` says what the jokers stand for, one entry per joker in any order (jokers
    are alike): a card (`7H`) for a run or a rank (`8`) for a set. It may be empty when
    only one reading exists; where several do, an empty `jokers` is refused (D4).
    """
    shown = format_cards(cards)
    if len(cards) < MIN_MELD:
        raise NotAMeld(f"{shown}: a meld needs at least 3 cards", "P13")
    naturals = [card for card in cards if not card.is_joker]
    joker_count = len(cards) - len(naturals)
    if not naturals and not rules.all_joker_melds:
        raise NotAMeld(f"{shown}: a meld needs at least one natural card", "D3")
    if jokers and len(jokers) != joker_count:
        raise JokerMismatch(
            f"{shown}: says what {len(jokers)} joker(s) stand for, but the meld has {joker_count}"
        )
    if not naturals and not jokers:
        raise AmbiguousJoker(f"{shown}: say what each joker stands for")
    readings = _readings(naturals, joker_count, jokers)
    if not readings and naturals:
        _explain_not_a_meld(cards, naturals, joker_count)
    if jokers:
        wanted = tuple(sorted(_normalise_stand_in(text) for text in jokers))
        readings = [r for r in readings if tuple(sorted(r.joker_stand_ins())) == wanted]
        if not readings:
            raise JokerMismatch(
                f"{shown}: the jokers cannot stand for {' '.join(jokers)} in one run or set"
            )
    distinct = _distinct_readings(readings)
    if len(distinct) > 1:
        options = "; ".join(" ".join(r.joker_stand_ins()) for r in distinct[:4])
        raise AmbiguousJoker(f"{shown}: say what each joker stands for (for example: {options})")
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
    chosen: dict[tuple[str, tuple[str, ...]], MeldShape] = {}
    for reading in sorted(readings, key=lambda r: (r.kind, r.low)):
        key = (reading.kind, tuple(sorted(reading.joker_stand_ins())))
        chosen.setdefault(key, reading)
    return list(chosen.values())


def _readings(naturals: list[Card], joker_count: int, jokers: Sequence[str]) -> list[MeldShape]:
    readings: list[MeldShape] = []
    size = len(naturals) + joker_count
    ranks = {card.rank for card in naturals}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        ordered = tuple(naturals) + (Card("JK"),) * joker_count
        readings.append(MeldShape("set", ordered, "", rank))
    elif not naturals:
        readings.extend(_all_joker_sets(size, jokers))
    suits = {card.suit for card in naturals}
    if len(suits) == 1 and size <= MAX_RUN:
        readings.extend(_run_readings(naturals, joker_count, next(iter(suits))))
    elif not naturals and size <= MAX_RUN:
        for suit in {Card(text).suit for text in jokers if _is_card(text)}:
            readings.extend(_run_readings([], joker_count, suit))
    return readings


def _is_card(text: str) -> bool:
    try:
        Card(text)
    except MalformedCard:
        return False
    return True


def _all_joker_sets(size: int, jokers: Sequence[str]) -> list[MeldShape]:
    # D3 option: an all-joker set stands for the rank its command names.
    ranks = {text for text in jokers if not _is_card(text)}
    return [MeldShape("set", (Card("JK"),) * size, "", parse_rank(rank)) for rank in ranks]


def _run_readings(naturals: list[Card], joker_count: int, suit: str) -> list[MeldShape]:
    size = len(naturals) + joker_count
    fixed = [card.rank for card in naturals if card.rank != 1]
    aces = len(naturals) - len(fixed)
    readings = []
    for ace_positions in product((LOW_ACE, HIGH_ACE), repeat=aces):
        positions = fixed + list(ace_positions)
        if len(set(positions)) != len(positions):
            continue
        lowest = min(positions, default=HIGH_ACE)
        highest = max(positions, default=LOW_ACE)
        for low in range(max(LOW_ACE, highest - size + 1), min(lowest, HIGH_ACE - size + 1) + 1):
            slots: list[Card] = [Card("JK")] * size
            for card, position in zip(naturals, _positions(naturals, ace_positions), strict=True):
                slots[position - low] = card
            readings.append(MeldShape("run", tuple(slots), suit, low))
    return readings


def _positions(naturals: list[Card], ace_positions: tuple[int, ...]) -> list[int]:
    aces = iter(ace_positions)
    return [next(aces) if card.rank == 1 else card.rank for card in naturals]


def _explain_not_a_meld(cards: Sequence[Card], naturals: list[Card], joker_count: int) -> None:
    shown = format_cards(cards)
    suits = {card.suit for card in naturals}
    if len({card.rank for card in naturals}) > 1 and len(suits) > 1:
        raise NotAMeld(f"{shown}: neither a run (one suit) nor a set (one rank)", "P13")
    if len(cards) > MAX_RUN:
        raise NotAMeld(f"{shown}: a run holds at most 14 cards, A-2-…-K-A", "P16")
    ranks = [card.rank for card in naturals]
    if len(ranks) - ranks.count(1) != len(set(ranks) - {1}) or ranks.count(1) > 2:
        raise NotAMeld(f"{shown}: a run holds each card once (aces at most at both ends)", "P14")
    if ranks.count(1) == 2:
        # Both ends of one run: only the 14-card A-2-…-K-A holds them, and these are fewer.
        raise NotAMeld(
            f"{shown}: two aces of one suit fit a run only at both ends of A-2-…-K-A (14 cards)",
            "P16",
        )
    if _fits_when_wrapped(ranks, len(cards)):
        raise NotAMeld(f"{shown}: a run never wraps past the high ace (K-A-2)", "P15")
    raise NotAMeld(
        f"{shown}: not consecutive, and {joker_count} joker(s) cannot fill the gaps", "P14"
    )


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
