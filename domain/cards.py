"""Cards, their one notation, and decks (P1, P2).

Notation: rank then suit letter, `AS 2H 10D QC`, and `JK` for a joker. Ranks are
A 2 3 4 5 6 7 8 9 10 J Q K; suits S H D C. There is one canonical text form and
`Card(text)` parses it; `str(card)` prints it and `repr(card)` round-trips.

Cards are values, not identities: two packs hold two `AS`, and a hand is a multiset.
Every distinct card is one interned object, so `Card("AS") is Card("AS")`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import ClassVar, Final

from domain.errors import MalformedCard

SUITS: Final = ("S", "H", "D", "C")
RANK_TEXT: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_TEXT: Final = "JK"
#: Positions in a run: 1 is the low ace, 2..13 the ranks 2..K, 14 the high ace (P14).
LOW_ACE: Final = 1
HIGH_ACE: Final = 14
CARD_PATTERN: Final = r"^(?:(?:[2-9]|10|[AJQK])[SHDC]|JK)$"
RANK_PATTERN: Final = r"^(?:[2-9]|10|[AJQK])$"


class Card:
    """One playing card: a natural (rank 1..13 with a suit) or a joker (rank 0)."""

    __slots__ = ("index", "rank", "suit", "text")
    _interned: ClassVar[dict[str, Card]] = {}

    rank: int
    suit: str
    text: str
    index: int

    def __new__(cls, text: str) -> Card:
        try:
            return cls._interned[text]
        except (KeyError, TypeError):
            raise MalformedCard(text) from None

    @classmethod
    def _make(cls, rank: int, suit: str, text: str, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "text", text)
        object.__setattr__(card, "index", index)
        cls._interned[text] = card
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written `text` (canonical notation only), or MalformedCard."""
        return cls(text)

    @classmethod
    def natural(cls, rank: int, suit: str) -> Card:
        """The natural card of `rank` (1..13, or 14 for the high ace) and `suit`."""
        return cls(RANK_TEXT[(rank - 1) % 13] + suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.text,))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _build_card_table() -> None:
    index = 0
    for suit in SUITS:
        for rank, text in enumerate(RANK_TEXT, start=1):
            Card._make(rank, suit, text + suit, index)
            index += 1
    Card._make(0, "", JOKER_TEXT, index)


_build_card_table()

JOKER: Final = Card(JOKER_TEXT)
NATURALS: Final = tuple(Card.natural(rank, suit) for suit in SUITS for rank in range(1, 14))
#: The naturals of each rank 1..13 (index 0 holds none), in suit order S H D C.
NATURALS_BY_RANK: Final = ((),) + tuple(
    tuple(card for card in NATURALS if card.rank == rank) for rank in range(1, 14)
)


#: A card's place in the canonical order (`sort_cards`), as a sort key.
CARD_ORDER: Final = attrgetter("index")


def parse_rank(text: str) -> int:
    """The rank (1..13) written `text` (`A`, `2`…`10`, `J`, `Q`, `K`), or MalformedCard."""
    try:
        return RANK_TEXT.index(text) + 1
    except ValueError:
        raise MalformedCard(text, what="rank") from None


def rank_text(rank: int) -> str:
    return RANK_TEXT[(rank - 1) % 13]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from `"AS 2H JK"` or from an iterable of notations."""
    items = text.split() if isinstance(text, str) else list(text)
    try:
        # Every card is interned: a lookup each (a rebuild parses every dealt card).
        return tuple(map(Card._interned.__getitem__, items))
    except (KeyError, TypeError):
        return tuple(Card(item) for item in items)  # MalformedCard names the first bad one


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.text for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order: by suit S H D C, rank A..K, jokers last."""
    # By the index `<` compares, read in C: `sorted` alone calls `Card.__lt__` each time.
    return tuple(sorted(cards, key=CARD_ORDER))


def build_deck(packs: int, jokers: int) -> tuple[Card, ...]:
    """An unshuffled deck: `packs` 52-card packs then `jokers` jokers (P1, P2)."""
    return tuple(NATURALS) * packs + (JOKER,) * jokers


def texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(card.text for card in cards)
