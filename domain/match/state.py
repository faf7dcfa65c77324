"""A match's state, rebuilt only by folding its events (decide, then evolve).

`evolve` never checks a rule: `domain.match.commands` checks them before an event
exists, so an old match always folds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import assert_never

from domain.match.draw_options import DrawMatchOptions
from domain.match.events import (
    AnyMatchEvent,
    MatchClosed,
    MatchEnded,
    MatchGameScored,
    MatchGameStarted,
    MatchOpening,
    MatchProof,
    MatchSeedRevealed,
    MatchStarted,
    SeatClaimed,
    SeatLeft,
)
from domain.match.options import MatchOptions


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of the match: its number (from 1), id and dealer; its score once over."""

    number: int
    game_id: str
    dealer: int
    scored: MatchGameScored | None = None


@dataclass(frozen=True, slots=True)
class MatchState:
    """Everything the match's commands need to judge the next one."""

    seats: int
    #: Penang's options, or a draw game's (R31).
    options: MatchOptions | DrawMatchOptions
    rules_version: str
    #: Each seat's player; None for an open seat.
    names: tuple[str | None, ...]
    #: Each claimed seat's own seed (None: the player gave none).
    seat_seeds: tuple[str | None, ...]
    proof: MatchProof | None
    #: Whether the players were named when the match opened (no seats to claim).
    named: bool = False
    started: MatchStarted | None = None
    games: tuple[MatchGame, ...] = ()
    totals: tuple[int, ...] = ()
    closed: bool = False
    ended: MatchEnded | None = None
    revealed_seed: str | None = None
    version: int = 0

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def game(self) -> str:
        """The game the match plays: `penang`, `rummy`, `three-thirteen` or `gin`."""
        return self.options.game

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, name in enumerate(self.names) if name is None)

    @property
    def current(self) -> MatchGame | None:
        """The game being played: the last one dealt, while it is not scored."""
        if self.games and self.games[-1].scored is None:
            return self.games[-1]
        return None


def _start(event: MatchOpening) -> MatchState:
    names: tuple[str | None, ...] = event.players or (None,) * event.seats
    return MatchState(
        seats=event.seats,
        options=event.options,
        rules_version=event.rules_version,
        names=names,
        seat_seeds=(None,) * event.seats,
        proof=event.proof,
        named=bool(event.players),
        totals=(0,) * event.seats,
        version=1,
    )


def _seat(values: tuple[str | None, ...], seat: int, value: str | None) -> tuple[str | None, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


def evolve(state: MatchState | None, event: AnyMatchEvent) -> MatchState:
    """The match's state after `event`."""
    if isinstance(event, MatchOpening):
        return _start(event)
    if state is None:
        raise ValueError(f"a match begins with MatchOpened, not {type(event).__name__}")
    version = state.version + 1
    match event:
        case SeatClaimed(seat=seat, name=name, seat_seed=seed):
            return replace(
                state,
                names=_seat(state.names, seat, name),
                seat_seeds=_seat(state.seat_seeds, seat, seed),
                version=version,
            )
        case SeatLeft(seat=seat):
            return replace(
                state,
                names=_seat(state.names, seat, None),
                seat_seeds=_seat(state.seat_seeds, seat, None),
                version=version,
            )
        case MatchStarted():
            return replace(state, names=event.players, started=event, version=version)
        case MatchGameStarted(number=number, game_id=game_id, dealer=dealer):
            game = MatchGame(number=number, game_id=game_id, dealer=dealer)
            return replace(state, games=(*state.games, game), version=version)
        case MatchGameScored():
            games = state.games[:-1] + (replace(state.games[-1], scored=event),)
            return replace(state, games=games, totals=event.totals, version=version)
        case MatchClosed():
            return replace(state, closed=True, version=version)
        case MatchEnded():
            return replace(state, ended=event, version=version)
        case MatchSeedRevealed(server_seed=seed):
            return replace(state, revealed_seed=seed, version=version)
        case _:
            assert_never(event)


def fold(events: Iterable[AnyMatchEvent], state: MatchState | None = None) -> MatchState:
    """The match's state after all `events` (from the start, or from `state`)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events: a match begins with MatchOpened")
    return state
