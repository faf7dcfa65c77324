"""Commands on a match: open, claim and leave seats, start, deal and score games, close.

Each command checks the match's rules against its state and returns the new events,
or raises one rule violation. The games themselves are dealt and played by their own
rules (each game's spec, `domain.games`); these commands say which game comes next and
who deals it:

- the first dealer is drawn at random (P6): the service draws it from the match's
  committed seed (`domain.fair.first_dealer`), and a match record shows the draw;
- with points recorded, the winner of the last game deals the next (P7); without, the
  seat with the most points in it, the worst loser (P8); ties go to the first tied
  seat clockwise from the previous dealer's left (R5);
- a match ends after its number of games, or after the game in which a seat's total
  reaches its target, or, once closed, after the game being played (R16). With points
  recorded the lowest total wins; without, the most games won (R17); ties share.

A match of a draw game (R31) opens with `open_match` too: its hands are its games, the
deal passes to the left (R24, T11) or, in Gin Rummy, to the winner (R43); basic Rummy's
and Gin's highest total wins (R24, G17) and Three Thirteen's lowest, after its eleven
hands (R29). Who deals next and what a seat adds at the end (Gin's bonuses, G17, R46)
are the game's spec's word (`Game.next_dealer`, `Game.match_bonuses`), and so
are the columns of a match scored in several at once (`Game.match_columns`: Gin's
Hollywood, G18): such a match reaches its target when every column has (R55).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.columns import ScoreColumn, all_over, columns_final
from domain.deal import Scored
from domain.errors import BadSeed, InvalidRules, UnknownSeat
from domain.fair import commitment
from domain.games import GAMES, SINGLE
from domain.match.draw_options import DrawMatchOptions
from domain.match.errors import (
    MatchClosedAlready,
    MatchNotOver,
    MatchOver,
    MatchUnderway,
    NoGameToScore,
    SeatNotTaken,
    SeatsOpen,
    SeatTaken,
)
from domain.match.events import (
    AnyMatchEvent,
    DrawMatchOpened,
    EndReason,
    MatchClosed,
    MatchEnded,
    MatchGameScored,
    MatchGameStarted,
    MatchOpened,
    MatchProof,
    MatchSeedRevealed,
    MatchStarted,
    SeatClaimed,
    SeatLeft,
)
from domain.match.options import MatchOptions
from domain.match.state import MatchState


def open_match(
    seats: int,
    options: MatchOptions | DrawMatchOptions,
    *,
    players: Sequence[str] = (),
    proof: MatchProof | None = None,
) -> list[AnyMatchEvent]:
    """A new match of `seats` seats of any game: named by `players`, or all open to claim
    (R18). A draw game's match (R31) opens as `DrawMatchOpened`, its hands its games."""
    options.validate(seats)
    if players and len(players) != seats:
        rule = options.rules.SEATS_RULE
        raise InvalidRules(rule, f"{len(players)} players for {seats} seats", "players")
    opening = DrawMatchOpened if isinstance(options, DrawMatchOptions) else MatchOpened
    opened = opening(
        seats=seats,
        options=options,  # type: ignore[arg-type]
        rules_version=GAMES[options.game].rules_version,
        players=tuple(players),
        proof=proof,
    )
    return [opened]


def claim_seat(
    state: MatchState, seat: int, name: str, seat_seed: str | None = None
) -> list[AnyMatchEvent]:
    """A player takes an open seat, with an optional seed of their own (R18)."""
    _check_seat(state, seat)
    _check_before_deal(state, "claimed")
    if state.names[seat] is not None:
        raise SeatTaken(f"seat {seat} is taken")
    return [SeatClaimed(seat=seat, name=name, seat_seed=seat_seed)]


def leave_seat(state: MatchState, seat: int) -> list[AnyMatchEvent]:
    """The player of a claimed seat leaves it before the deal (R18)."""
    _check_seat(state, seat)
    _check_before_deal(state, "left")
    if state.names[seat] is None:
        raise SeatNotTaken(f"seat {seat} is open: nobody holds it")
    return [SeatLeft(seat=seat)]


def start_match(
    state: MatchState, dealer: int, seat_seeds: Sequence[str] | None = None
) -> list[AnyMatchEvent]:
    """Every seat is taken: name the players, their seeds and the first dealer (P6).

    `seat_seeds` are given where the players were named when the match opened; claimed
    seats bring their own (an absent seed counts as the empty text).
    """
    _check_before_deal(state, "started")
    if state.open_seats:
        shown = " ".join(str(seat) for seat in state.open_seats)
        raise SeatsOpen(f"seats {shown} are still open")
    if not 0 <= dealer < state.seats:
        raise UnknownSeat(f"there is no seat {dealer} to deal", "P2")
    seeds = tuple(seat_seeds) if seat_seeds is not None else _claimed_seeds(state)
    if seeds and len(seeds) != state.seats:
        raise InvalidRules("R18", f"{len(seeds)} seat seeds for {state.seats} seats", "seat_seeds")
    players = tuple(name for name in state.names if name is not None)
    return [MatchStarted(players=players, seat_seeds=seeds, dealer=dealer)]


def _claimed_seeds(state: MatchState) -> tuple[str, ...]:
    if state.named:
        return ()
    return tuple(seed or "" for seed in state.seat_seeds)


def next_game(state: MatchState) -> tuple[int, int] | None:
    """The number and dealer of the game to deal now, or None (P6, P7, P8, R5)."""
    if state.started is None or state.over or state.current is not None:
        return None
    if not state.games:
        return 1, state.started.dealer
    last = state.games[-1]
    if last.scored is None:
        raise AssertionError("a finished game is scored before the next is dealt")
    spec = GAMES[state.game]
    dealer = spec.next_dealer(last.dealer, last.scored, state.options.points_recorded)
    return last.number + 1, dealer


def game_started(state: MatchState, game_id: str) -> list[AnyMatchEvent]:
    """The next game was dealt, as `game_id`, by the dealer `next_game` names."""
    if state.over:
        raise MatchOver("the match is over: no game follows")
    upcoming = next_game(state)
    if upcoming is None:
        raise SeatsOpen("no game is due: the match has not started, or a game is running")
    number, dealer = upcoming
    return [MatchGameStarted(number=number, game_id=game_id, dealer=dealer)]


def game_scored(state: MatchState, ended: Scored) -> list[AnyMatchEvent]:
    """The game being played ended: add its points, and end the match where it ends (R16)."""
    current = state.current
    if current is None:
        raise NoGameToScore("the match is playing no game")
    if len(ended.points) != state.seats:
        raise NoGameToScore(f"{len(ended.points)} scores for {state.seats} seats")
    totals = tuple(total + points for total, points in zip(state.totals, ended.points, strict=True))
    scored = MatchGameScored(
        number=current.number,
        points=ended.points,
        winners=ended.winners,
        totals=totals,
        # Gin's doubled box (G20, R59): what the game's end records, if anything.
        boxes=getattr(ended, "boxes", ()),
    )
    games = [g for g in (*(game.scored for game in state.games[:-1]), scored) if g is not None]
    columns = match_columns(state, games)
    abandoned = getattr(ended, "reason", None) == "abandoned"
    reason = _end_reason(state, scored, columns, abandoned=abandoned)
    if reason is None:
        return [scored]
    return [scored, _ended(state, reason, totals, games)]


def match_columns(state: MatchState, scored: Sequence[MatchGameScored]) -> tuple[ScoreColumn, ...]:
    """The match's columns after `scored`, where its scoring keeps columns (G18): the
    game's spec's word (`Game.match_columns`); none for one column of totals."""
    options = state.options
    if options.scoring == SINGLE:
        return ()
    spec = GAMES[state.game]
    return spec.match_columns(scored, options.target, options.scoring, options.rules)


def _end_reason(
    state: MatchState,
    scored: MatchGameScored,
    columns: Sequence[ScoreColumn] = (),
    *,
    abandoned: bool = False,
) -> EndReason | None:
    """Why the match ends with `scored`: its last hand (`games`), its `target` (in every
    column, where it keeps columns: G18), a hand abandoned by every seat (R45: an
    abandoned table deals no new hand), or its close."""
    options = state.options
    games = options.hands if isinstance(options, DrawMatchOptions) else options.games
    if games is not None and scored.number >= games:
        return "games"
    if columns:
        if all_over(columns):
            return "target"
    elif options.target is not None and max(scored.totals) >= options.target:
        return "target"
    if abandoned:
        return "abandoned"
    if state.closed:
        return "closed"
    return None


def close_match(state: MatchState) -> list[AnyMatchEvent]:
    """Close the match: the game being played is its last; with none, it ends now (R16)."""
    if state.over:
        raise MatchOver("the match is over")
    if state.closed:
        raise MatchClosedAlready("the match is closed already: it ends with the game being played")
    closed = MatchClosed()
    if state.current is not None:
        return [closed]
    scored = [game.scored for game in state.games if game.scored is not None]
    return [closed, _ended(state, "closed", state.totals, scored)]


def _ended(
    state: MatchState,
    reason: EndReason,
    totals: tuple[int, ...],
    scored: Sequence[MatchGameScored],
) -> MatchEnded:
    columns = match_columns(state, scored)
    if columns:
        # R55: each column's bonuses are its own; the final scores are the columns' sums.
        final = columns_final(columns)
        return MatchEnded(
            reason=reason,
            totals=totals,
            winners=match_winners(state, final, scored),
            columns=columns,
        )
    spec, options = GAMES[state.game], state.options
    bonuses = spec.match_bonuses(scored, options.target, options.rules)
    return MatchEnded(
        reason=reason,
        totals=totals,
        winners=match_winners(state, totals, scored),
        bonuses=bonuses,
        shutout=bool(bonuses) and spec.match_shutout(scored, options.target, options.rules),
    )


def match_winners(
    state: MatchState, totals: tuple[int, ...], scored: Sequence[MatchGameScored]
) -> tuple[int, ...]:
    """The lowest total with points recorded; the most games won without (R17); basic
    Rummy's and Gin's highest total (R24; in Gin the seat that reached the target, its
    bonuses added after, R46; in columns the highest sum of the columns' final scores,
    given as `totals`, R55). Ties share."""
    if not scored:
        return ()
    if isinstance(state.options, DrawMatchOptions) and state.options.highest_wins:
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)
    if state.options.points_recorded:
        best = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)
    wins = [0] * state.seats
    for game in scored:
        for seat in game.winners:
            wins[seat] += 1
    most = max(wins)
    return tuple(seat for seat, count in enumerate(wins) if count == most)


def reveal_match_seed(state: MatchState, server_seed: bytes) -> list[AnyMatchEvent]:
    """After the end, publish the seed that `MatchOpened.proof` committed to."""
    if not state.over:
        raise MatchNotOver("the match seed is revealed only once the match is over")
    if state.proof is None or state.revealed_seed is not None:
        raise BadSeed("this match has no committed seed left to reveal", "P6")
    if commitment(server_seed) != state.proof.server_seed_sha256:
        raise BadSeed("the seed's SHA-256 is not the commitment published in MatchOpened", "P6")
    return [MatchSeedRevealed(server_seed=server_seed.hex())]


def _check_seat(state: MatchState, seat: int) -> None:
    if not 0 <= seat < state.seats:
        raise UnknownSeat(f"there is no seat {seat} at this table of {state.seats}", "P2")


def _check_before_deal(state: MatchState, what: str) -> None:
    if state.over:
        raise MatchOver("the match is over")
    if state.started is not None:
        raise MatchUnderway(f"the cards are dealt: seats are {what} only before the deal")
