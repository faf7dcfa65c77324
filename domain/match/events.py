"""A match's events: immutable facts, past tense, folded by `domain.match.state`.

A match's stream begins with `MatchOpened` (Penang Rummy) or `DrawMatchOpened` (basic
Rummy, Three Thirteen, Gin Rummy: R31). With open seats, players claim them
(`SeatClaimed`, `SeatLeft`) until every seat is taken; then `MatchStarted` names the
players and the first dealer (P6), and each game is announced by `MatchGameStarted`
and scored by `MatchGameScored` (P7, P8). `MatchEnded` closes it, and
`MatchSeedRevealed` publishes the seed its deals were drawn from. Seat numbers are the
games' seat numbers; game ids are the service's ids of the games, as text.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.columns import ScoreColumn, columns_final
from domain.match.draw_options import DrawMatchOptions
from domain.match.options import MatchOptions

EndReason = Literal["games", "target", "closed", "abandoned"]


class MatchEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every match event."""


class MatchProof(msgspec.Struct, frozen=True, kw_only=True):
    """The match's commitment: SHA-256 of the seed every deal of the match is drawn from.

    Published when the match opens, before any seat seed is known (`domain.fair`).
    """

    algorithm: str
    server_seed_sha256: str


class MatchOpening(MatchEvent, frozen=True):
    """What every match's first event says, whatever its game: its seats, options, rules
    version, players and proof. Never stored itself: each opening event below narrows
    `options` to its games' and keeps its own stored type name."""

    seats: int
    options: MatchOptions | DrawMatchOptions
    rules_version: str
    players: tuple[str, ...] = ()
    proof: MatchProof | None = None


class MatchOpened(MatchOpening, frozen=True, tag="MatchOpened"):
    """A table of `seats` seats; `players` names them all, or is empty for open seats."""

    options: MatchOptions


class DrawMatchOpened(MatchOpening, frozen=True, tag="DrawMatchOpened"):
    """A match of a draw game (R31): as `MatchOpened`, its `options` naming the game by its
    rules, `rules_version` the game's (`rummy-1`, `three-thirteen-1`)."""

    options: DrawMatchOptions


class SeatClaimed(MatchEvent, frozen=True, tag="SeatClaimed"):
    """A player took an open seat, with the seed they mix into the deals (R18)."""

    seat: int
    name: str
    seat_seed: str | None = None


class SeatLeft(MatchEvent, frozen=True, tag="SeatLeft"):
    """The player of a claimed seat left it before the deal; the seat is open again."""

    seat: int


class MatchStarted(MatchEvent, frozen=True, tag="MatchStarted"):
    """Every seat is taken: the players, their seeds, and the first dealer (P6)."""

    players: tuple[str, ...]
    seat_seeds: tuple[str, ...]
    dealer: int


class MatchGameStarted(MatchEvent, frozen=True, tag="MatchGameStarted"):
    """Game `number` (from 1) of the match was dealt by `dealer` (P6, P7, P8)."""

    number: int
    game_id: str
    dealer: int


class MatchGameScored(MatchEvent, frozen=True, tag="MatchGameScored", omit_defaults=True):
    """Game `number` ended: its points and winners, and each seat's total so far."""

    number: int
    points: tuple[int, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    #: The boxes each seat counts for the game where its end records them (Gin's
    #: spades double, G20, R59); empty otherwise, and then not stored.
    boxes: tuple[int, ...] = ()


class MatchClosed(MatchEvent, frozen=True, tag="MatchClosed"):
    """The match was closed: no game is dealt after the one being played (if any)."""


class MatchEnded(MatchEvent, frozen=True, tag="MatchEnded", omit_defaults=True):
    """The match is over: why, each seat's total, and who won (R16, R17); `abandoned`
    where a hand ended so (R45): the totals so far decide. Gin's `bonuses` (G17) are
    added after; a match without bonuses records none (its stored form as before). A
    match scored in columns (Gin's Hollywood, G18) records each column, with its own
    points, bonuses and winner, and no `bonuses` beside them (R55)."""

    reason: EndReason
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    #: What each seat adds to its total at the end: Gin's game and box bonuses (G17,
    #: R46); empty where the game has none or the match ended short of its target.
    bonuses: tuple[int, ...] = ()
    #: Each column of a match scored in columns (G18): empty for one column of totals.
    columns: tuple[ScoreColumn, ...] = ()
    #: Gin's shutout (G21, R60): the winner reached the target with the loser having
    #: scored nothing, and `bonuses` double what the match's rules say. Stored only when
    #: set (a Hollywood column says it in its own `shutout`).
    shutout: bool = False

    @property
    def final(self) -> tuple[int, ...]:
        """Each seat's final score: its total with its bonuses; in columns, the sum of
        its columns' final scores (R55)."""
        if self.columns:
            return columns_final(self.columns)
        if not self.bonuses:
            return self.totals
        return tuple(total + bonus for total, bonus in zip(self.totals, self.bonuses, strict=True))


class MatchSeedRevealed(MatchEvent, frozen=True, tag="MatchSeedRevealed"):
    """After the end: the match seed (hex) whose SHA-256 `MatchOpened.proof` committed to."""

    server_seed: str


AnyMatchEvent = (
    MatchOpened
    | DrawMatchOpened
    | SeatClaimed
    | SeatLeft
    | MatchStarted
    | MatchGameStarted
    | MatchGameScored
    | MatchClosed
    | MatchEnded
    | MatchSeedRevealed
)
MATCH_EVENT_TYPES: tuple[type[AnyMatchEvent], ...] = (
    MatchOpened,
    DrawMatchOpened,
    SeatClaimed,
    SeatLeft,
    MatchStarted,
    MatchGameStarted,
    MatchGameScored,
    MatchClosed,
    MatchEnded,
    MatchSeedRevealed,
)
