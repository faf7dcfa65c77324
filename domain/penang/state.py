"""Penang Rummy's game state: everything the rules need to judge the next command
(P9 live seats, P10 one act a turn, P31 the declared Game, R19 timeouts).

The state is rebuilt only by folding events (decide, then evolve): `domain.penang.fold`
applies them, and the commands in `domain.penang.game` check the rules before an event
exists, so an old event always folds, whatever the rules became since.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.cards import Card
from domain.events import DealProof
from domain.melds import TableMeld
from domain.penang.events import GameEnded
from domain.penang.rules import PenangRules


@dataclass(frozen=True, slots=True)
class PenangState:
    """Everything the rules need to judge the next command."""

    rules: PenangRules
    rules_version: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    passport: tuple[bool, ...] = ()
    dead: tuple[bool, ...] = ()
    #: The seat whose turn it is; None once the game is over.
    turn: int | None = None
    #: Within the current turn: whether a meld or lay-off was made (P10).
    acted: bool = False
    #: Within the current turn: jokers taken by substitution (D5 option).
    swapped_jokers: int = 0
    #: The seat that declared Game (P31).
    winner: int | None = None
    ended: GameEnded | None = None
    #: How the deck order was drawn (domain.fair), and the server seed once revealed.
    proof: DealProof | None = None
    revealed_seed: str | None = None
    #: Per seat, the version of the event that declared it dead by timeout (R19), else
    #: 0; empty until a seat is.
    timed_out: tuple[int, ...] = ()
    #: How many events were folded into this state.
    version: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.ended is not None
