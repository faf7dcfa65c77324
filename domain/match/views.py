"""What anyone may see of a match: all of it (its games keep their own secrecy).

A match's events hold names, seeds the players chose to publish, dealers and scores:
public facts. The cards are in the games, seen through `domain.views`.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.columns import ScoreColumn
from domain.match.commands import match_columns
from domain.match.draw_options import DrawGameName, DrawMatchOptions
from domain.match.events import EndReason, MatchProof
from domain.match.options import MatchOptions
from domain.match.state import MatchGame, MatchState

MatchStatus = Literal["open", "playing", "over"]


class MatchSeatView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat of the match: its player, once claimed (or named)."""

    seat: int
    name: str | None
    #: The seed the seat's player mixes into the deals (R18), once the match started.
    seat_seed: str | None = None


class MatchGameView(msgspec.Struct, frozen=True, kw_only=True):
    """One game of the match: who dealt it, and its score once over."""

    number: int
    game_id: str
    dealer: int
    over: bool
    points: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    #: Each seat's total after this game.
    totals: tuple[int, ...] | None = None


class MatchResultView(msgspec.Struct, frozen=True, kw_only=True):
    """The end of the match: why, the totals, and who won (R16, R17)."""

    reason: EndReason
    #: Each seat's points over the match's games.
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    #: What each seat adds at the end: Gin's game and box bonuses (G17, R46); empty
    #: where the game has none, or the match ended short of its target.
    bonuses: tuple[int, ...] = ()
    #: Each seat's final score: its total with its bonuses; in columns, the sum of its
    #: columns' final scores (G18, R58).
    final: tuple[int, ...]
    #: A match scored in columns (Gin's Hollywood, G18): each column's points, bonuses,
    #: shutout and winner; empty for one column of totals.
    columns: tuple[ScoreColumn, ...] = ()


class MatchView(msgspec.Struct, frozen=True, kw_only=True):
    """A match as anyone sees it."""

    version: int
    status: MatchStatus
    options: MatchOptions
    rules_version: str
    seats: tuple[MatchSeatView, ...]
    open_seats: tuple[int, ...]
    #: The first dealer, drawn when the match started (P6).
    first_dealer: int | None
    games: tuple[MatchGameView, ...]
    #: The id of the game being played, if any.
    current_game: str | None
    totals: tuple[int, ...]
    #: Closed: no game is dealt after the one being played.
    closed: bool
    result: MatchResultView | None = None
    proof: MatchProof | None = None
    revealed_seed: str | None = None


class DrawMatchView(msgspec.Struct, frozen=True, kw_only=True):
    """A match of basic Rummy, Three Thirteen or Gin Rummy as anyone sees it (R31): as
    `MatchView`, with its game and each seat's hands won; its games are its hands."""

    version: int
    game: DrawGameName
    status: MatchStatus
    options: DrawMatchOptions
    rules_version: str
    seats: tuple[MatchSeatView, ...]
    open_seats: tuple[int, ...]
    first_dealer: int | None
    games: tuple[MatchGameView, ...]
    current_game: str | None
    totals: tuple[int, ...]
    #: The number of hands each seat has won so far (a drawn hand counts for nobody).
    hands_won: tuple[int, ...]
    #: A match scored in columns (Gin's Hollywood, G18): each column so far, or at the
    #: end as the result has it; empty for one column of totals.
    columns: tuple[ScoreColumn, ...] = ()
    closed: bool
    result: MatchResultView | None = None
    proof: MatchProof | None = None
    revealed_seed: str | None = None


#: Any match as anyone sees it: Penang's, or a draw game's (R31).
AnyMatchView = MatchView | DrawMatchView


def view_any_match(state: MatchState) -> AnyMatchView:
    """Any match as anyone may see it: Penang's, or a draw game's."""
    options = state.options
    if isinstance(options, DrawMatchOptions):
        won = [0] * state.seats
        for game in state.games:
            for seat in game.scored.winners if game.scored is not None else ():
                won[seat] += 1
        shown = _shown(state)
        scored = [game.scored for game in state.games if game.scored is not None]
        return DrawMatchView(
            game=options.game,
            options=options,
            hands_won=tuple(won),
            columns=match_columns(state, scored),
            **shown,
        )
    return MatchView(options=options, **_shown(state))


def _shown(state: MatchState) -> dict[str, Any]:
    """What every match shows, whatever its game."""
    started = state.started
    seeds = started.seat_seeds if started is not None else ()
    seats = tuple(
        MatchSeatView(seat=seat, name=name, seat_seed=seeds[seat] if seeds else None)
        for seat, name in enumerate(state.names)
    )
    current = state.current
    ended = state.ended
    result = None
    if ended is not None:
        result = MatchResultView(
            reason=ended.reason,
            totals=ended.totals,
            winners=ended.winners,
            bonuses=ended.bonuses,
            final=ended.final,
            columns=ended.columns,
        )
    return {
        "version": state.version,
        "status": _status(state),
        "rules_version": state.rules_version,
        "seats": seats,
        "open_seats": state.open_seats,
        "first_dealer": None if started is None else started.dealer,
        "games": tuple(_game_view(game) for game in state.games),
        "current_game": None if current is None else current.game_id,
        "totals": state.totals,
        "closed": state.closed,
        "result": result,
        "proof": state.proof,
        "revealed_seed": state.revealed_seed,
    }


def _status(state: MatchState) -> MatchStatus:
    if state.over:
        return "over"
    return "open" if state.started is None else "playing"


def _game_view(game: MatchGame) -> MatchGameView:
    scored = game.scored
    if scored is None:
        return MatchGameView(
            number=game.number, game_id=game.game_id, dealer=game.dealer, over=False
        )
    return MatchGameView(
        number=game.number,
        game_id=game.game_id,
        dealer=game.dealer,
        over=True,
        points=scored.points,
        winners=scored.winners,
        totals=scored.totals,
    )
