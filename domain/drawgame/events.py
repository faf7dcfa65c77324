"""The draw games' events: immutable facts, past tense, folded by `domain.drawgame.state`.

A hand's stream begins with `HandDealt` and ends with `HandEnded`, then `SeedRevealed`
when the deal was committed to a seed (the core's event, `domain.events`: it means the
same in every game). Basic Rummy's melds and lay-offs on the table are the core's
`Melded` and `LaidOff`. Every event is stored whole, the stock and every card drawn
included: the views (`domain.drawgame.views`) hide what a viewer may not see while the
hand runs. Events evolve as every game's do (`domain.codec`): fields with defaults, or
new types.

The draw core knows no game's rules: `HandDealt` is generic over its game's rule
options, any `DrawRules`, and each game's codec reads its deals with its own
(`HandDealt[RummyRules]`); a store of every game's events reads them with the union of
the draw games' options (`domain.games`), as the stored form says which by its `"game"`.
"""

from __future__ import annotations

from typing import ClassVar, Generic, Literal, Protocol, TypeVar, runtime_checkable

from domain.cards import Card
from domain.events import DealProof, Event


@runtime_checkable
class DrawRules(Protocol):
    """A draw game's rule options, as the draw core sees them: the game's own struct,
    tagged with the game (`"game": "rummy"`), which scores a card left in a hand (B8, T9)."""

    def card_points(self, card: Card) -> int: ...


RulesT = TypeVar("RulesT", bound=DrawRules)
Source = Literal["stock", "discard"]


class HandDealt(Event, Generic[RulesT], frozen=True, tag="HandDealt"):
    """The deal of a hand (B2, T1): each seat's hand, the upcard that starts the discard
    pile, and the stock, top card first (B2, T1); `hand` is its number (T1, T3)."""

    rules: RulesT
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    upcard: str
    stock: tuple[str, ...]
    proof: DealProof | None = None
    #: The bot of each seat the service plays (R33), by seat, None for a person's seat;
    #: absent (and not stored) where no seat is a bot's.
    bots: tuple[str | None, ...] | None = None
    #: The player (its public id) holding each seat, by seat, None for a seat no player
    #: holds (U10); absent (and not stored) where no seat is a player's.
    seated: tuple[str | None, ...] | None = None
    #: Fields left out of the stored form while None, so records without them keep
    #: their bytes (`domain.codec`).
    omitted_when_none: ClassVar[tuple[str, ...]] = ("bots", "seated")
    hand: int = 1


class Drew(Event, frozen=True, tag="Drew"):
    """A seat took the top card of the stock or of the discard pile (B3, T4)."""

    seat: int
    source: Source
    card: str


class Discarded(Event, frozen=True, tag="Discarded", omit_defaults=True):
    """A seat put a card on the discard pile, ending its turn (B3, T4).

    `reason` is `timeout` where the turn clock played the seat's default turn (R36).
    """

    seat: int
    card: str
    #: Stored only when set, so every discard stored before it existed reads the same.
    reason: Literal["timeout"] | None = None


class StockRebuilt(Event, frozen=True, tag="StockRebuilt"):
    """The empty stock was rebuilt from the discard pile less its top card (B11, T10, R20):
    its `number`-th rebuild in the hand, its new order top card first."""

    number: int
    stock: tuple[str, ...]


class WentOut(Event, frozen=True, tag="WentOut"):
    """A seat went out (B7, T8); in Three Thirteen with the melds its hand forms (R27)."""

    seat: int
    melds: tuple[tuple[str, ...], ...] = ()


class HandEnded(Event, frozen=True, tag="HandEnded"):
    """The hand is over: every seat's deadwood and points, and the winners (B8, B9, T9).

    In basic Rummy the seat that went out wins the others' cards (B8), doubled when it
    went rummy (B9); in Three Thirteen each seat scores its own deadwood, the one that
    went out 0 (T9), and `melds` gives the arrangement each hand was scored by. A hand
    nobody can ever go out of ends `blocked`, with no winner and no points (R30). A hand
    whose every seat's last turn was the turn clock's ends `abandoned` (R45): scored as
    basic Rummy scores a blocked hand, as Three Thirteen scores the hand's end (T9).
    A hand whose game ends it when the stock runs out ends `stock`.
    """

    #: The seat that went out; None for a blocked or abandoned hand.
    went_out: int | None
    deadwood: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
    melds: tuple[tuple[tuple[str, ...], ...], ...] = ()
    rummy: bool = False
    reason: Literal["out", "blocked", "abandoned", "stock"] = "out"
