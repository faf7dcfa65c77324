"""What anyone may see of a match: all of it (its games keep their own secrecy).

A match's events hold names, seeds the players chose to publish, dealers and scores:
public facts. The cards are in the games, seen through `domain.views`.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from domain.columns import ScoreColumn
from domain.games import GAMES, MatchGameName
from domain.match.commands import match_columns
from domain.match.draw_options import DrawMatchOptions
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
    #: columns' final scores (G18, R55).
    final: tuple[int, ...]
    #: A match scored in columns (Gin's Hollywood, G18): each column's points, bonuses,
    #: shutout and winner; empty for one column of totals.
    columns: tuple[ScoreColumn, ...] = ()
    #: Gin's shutout in one column of totals (G21, R60): the loser scored nothing, and
    #: the bonuses hold the doubling the match's rules name. Shown (true) only where a
    #: match ended so, so that every other answer stays as it was.
    shutout: bool | UnsetType = UNSET


class MatchView(msgspec.Struct, frozen=True, kw_only=True):
    """A match as anyone sees it, whatever its game (R31).

    Every match shows its `game`; a draw game's match (`Game.match_shows_hands`) also
    shows each seat's hands won and its columns (G18), and its games are its hands.
    Penang's shows neither (`UNSET` is never written). The contract states the two
    shapes as `MatchView` and `DrawMatchView`, told apart by `game`.
    """

    version: int
    #: The game the match plays, by its name: the contract's two shapes of a match's
    #: view are told apart by it.
    game: MatchGameName
    status: MatchStatus
    #: Penang's options, or a draw game's, whose `rules` name the game.
    options: MatchOptions | DrawMatchOptions
    rules_version: str
    seats: tuple[MatchSeatView, ...]
    open_seats: tuple[int, ...]
    #: The first dealer, drawn when the match started (P6).
    first_dealer: int | None
    games: tuple[MatchGameView, ...]
    #: The id of the game being played, if any.
    current_game: str | None
    totals: tuple[int, ...]
    #: A draw game's match: the number of hands each seat has won so far (a drawn hand
    #: counts for nobody); Penang's shows none.
    hands_won: tuple[int, ...] | UnsetType = UNSET
    #: A draw game's match: a match scored in columns (Gin's Hollywood, G18) shows each
    #: column so far, or at the end as the result has it; empty for one column of totals.
    #: Penang's shows none.
    columns: tuple[ScoreColumn, ...] | UnsetType = UNSET
    #: Closed: no game is dealt after the one being played.
    closed: bool
    result: MatchResultView | None = None
    proof: MatchProof | None = None
    revealed_seed: str | None = None


def view_match(state: MatchState) -> MatchView:
    """A match as anyone may see it, whatever its game: with its game, the hands each
    seat has won and its columns where its game's spec says its match shows them
    (`Game.match_shows_hands`)."""
    options = state.options
    if not GAMES[state.game].match_shows_hands:
        return MatchView(game=state.game, options=options, **_shown(state))
    won = [0] * state.seats
    for game in state.games:
        for seat in game.scored.winners if game.scored is not None else ():
            won[seat] += 1
    shown = _shown(state)
    scored = [game.scored for game in state.games if game.scored is not None]
    return MatchView(
        game=state.game,
        options=options,
        hands_won=tuple(won),
        columns=match_columns(state, scored),
        **shown,
    )


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
            shutout=True if ended.shutout else UNSET,
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
