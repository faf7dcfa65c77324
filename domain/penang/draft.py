"""A Penang Rummy state while events are folded into it (decide, then evolve): the
hands, the table's melds and the turn, mutable until the freeze into a `PenangState`
(`domain.drafts`: the draft names what a fold changes, each field once).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, cast

from domain.cards import CARD_ORDER, NATURALS, Card
from domain.drafts import Draft
from domain.melds import MeldKind, TableMeld
from domain.penang.events import GameEnded
from domain.penang.state import PenangState


class _Draft(Draft[PenangState]):
    """A state while events are folded into it: mutable, so that folding a game copies
    its hands and table once, not once per event (`fold`).

    Two things wait for the freeze, so that a rebuild does each once: the cards that
    leave each hand (`gone`), taken out of it in one pass per hand (a card removed from
    a list one at a time is compared with the cards before it, and a card compares by
    a Python-level method); and the melds laid or grown since the draft began (`open`:
    each one's cards and low end), made `TableMeld`s once each.
    """

    THAWED: ClassVar[Mapping[str, tuple[str, str | None]]] = {
        # The state's own tuple until a card joins the hand (`joined`), so that an
        # event that changes no hand (the end of a turn, a dead seat) copies none.
        "hands": ("list(v)", "tuple(map(_kept, v, self.gone))"),
        "gone": ("[[] for _ in state.hands]", None),
        "table": ("list(v)", "self._closed_table()"),
        "open": ("{}", None),
        "passport": ("list(v)", "tuple(v)"),
        "dead": ("list(v)", "tuple(v)"),
    }

    #: Each seat's hand as the state holds it (canonical order), with the cards that
    #: joined it since (jokers swapped off the table) after them.
    hands: list[tuple[Card, ...] | list[Card]]
    #: By seat: the cards that left the hand since the draft began.
    gone: list[list[Card]]
    #: The table's melds by id; None for an open one.
    table: list[TableMeld | None]
    #: By meld id: the meld laid or grown since the draft began, still open.
    open: dict[int, _OpenMeld]
    passport: list[bool]
    dead: list[bool]
    turn: int | None
    acted: bool
    swapped_jokers: int
    winner: int | None
    ended: GameEnded | None
    revealed_seed: str | None
    timed_out: tuple[int, ...]
    version: int

    def joined(self, seat: int, card: Card) -> None:
        """`card` joins the seat's hand (a joker swapped off the table, P22)."""
        hand = self.hands[seat]
        if isinstance(hand, tuple):
            self.hands[seat] = [*hand, card]
        else:
            hand.append(card)

    def opened(self, meld_id: int) -> _OpenMeld:
        """The meld `meld_id`, open to change until the freeze."""
        found = self.open.get(meld_id)
        if found is None:
            meld = self.table[meld_id]
            if meld is None:  # pragma: no cover - an open meld is in `open`
                raise AssertionError(f"meld {meld_id} is open but not kept")
            found = self.open[meld_id] = _OpenMeld(
                meld.owner, meld.kind, list(meld.cards), meld.suit, meld.low
            )
            self.table[meld_id] = None
        return found

    def _closed_table(self) -> tuple[TableMeld, ...]:
        """The table with every open meld made a `TableMeld` (at the freeze)."""
        table = self.table
        for meld_id, meld in self.open.items():
            table[meld_id] = TableMeld(
                meld_id, meld.owner, meld.kind, tuple(meld.cards), meld.suit, meld.low
            )
        return cast("tuple[TableMeld, ...]", tuple(table))


class _OpenMeld:
    """A table meld while a fold lays it or lays cards off onto it."""

    __slots__ = ("cards", "kind", "low", "owner", "suit")

    def __init__(self, owner: int, kind: MeldKind, cards: list[Card], suit: str, low: int) -> None:
        self.owner = owner
        self.kind: MeldKind = kind
        self.cards = cards
        self.suit = suit
        self.low = low


def _kept(hand: tuple[Card, ...] | list[Card], gone: list[Card]) -> tuple[Card, ...]:
    """`hand` without the cards in `gone` (each once), in canonical order; ValueError if
    one of them is not in it (as `list.remove` would have said). A hand that nothing
    left is kept as it is (`tuple` of a tuple is that tuple)."""
    if not gone:
        return tuple(hand)
    owed = [0] * _DISTINCT
    for card in gone:
        owed[card.index] += 1
    kept = []
    for card in hand:
        if owed[card.index]:
            owed[card.index] -= 1
        else:
            kept.append(card)
    if any(owed):
        missing = next(card for card in gone if owed[card.index])
        raise ValueError(f"{missing} is not in the hand")
    # The hand's own order is canonical, but for jokers swapped into it (put last).
    kept.sort(key=CARD_ORDER)
    return tuple(kept)


#: How many distinct cards there are: the naturals and the joker.
_DISTINCT: Final = len(NATURALS) + 1
