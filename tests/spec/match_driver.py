"""The match commands of the rules spec's `Driver`, in process (`DomainDriver` mixes it in).

A match runs on the domain's own commands: `domain.match.commands` opens, claims,
starts and closes it, and `domain.match.dealing` deals each game that is due, from
explicit decks or from the match seed, exactly as the service does. Game commands then
act on the match's game being played; when it ends the next game is dealt and play
moves on to it (`_game_over`). A match of a draw game (options naming its `game`) deals
its hands through the game's spec, each played as the draw driver plays a hand (R31).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain import fair
from domain.cards import Card
from domain.drawgame.state import DrawState
from domain.errors import RummyError
from domain.events import Event
from domain.games import DEFAULT_GAME, GAMES
from domain.match import commands
from domain.match.dealing import MatchDeal, advance, after_game
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import AnyMatchEvent, MatchProof
from domain.match.options import MatchOptions
from domain.match.state import MatchState, fold
from domain.match.views import view_match
from domain.penang.state import PenangState

from .outcomes import Json, Outcome, builtins, refused

_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


class DomainMatches:
    """One match at a time, decided by the domain: its state, its games' events."""

    def __init__(self) -> None:
        self._match: MatchState | None = None
        self._seed: bytes | None = None
        self._decks: dict[int, tuple[Card, ...]] | None = None
        self._games: dict[int, list[Event]] = {}
        self._ids = (f"game-{n}" for n in itertools.count(1))

    # Implemented by DomainDriver: play on in another game (a hand: from its seed).
    def _switch(self, events: Sequence[Event], seed: bytes | None) -> None:
        raise NotImplementedError

    # --- commands ------------------------------------------------------------------

    def start_match(
        self,
        seats: int,
        options: Mapping[str, Any],
        decks: Sequence[Sequence[str]],
        dealer: int,
    ) -> Outcome:
        self._decks = {n: tuple(Card(c) for c in deck) for n, deck in enumerate(decks, 1)}
        return self._open_match(seats, options, named=True, dealer=dealer, proof=None)

    def open_match(self, seats: int, options: Mapping[str, Any], seed: str, named: bool) -> Outcome:
        self._seed = hashlib.sha256(seed.encode("utf-8")).digest()
        proof = MatchProof(algorithm=fair.ALGORITHM, server_seed_sha256=fair.commitment(self._seed))
        dealer = fair.first_dealer(self._seed, (), seats) if named else None
        return self._open_match(seats, options, named=named, dealer=dealer, proof=proof)

    def claim_seat(self, seat: int, name: str, seat_seed: str | None) -> Outcome:
        def claim(state: MatchState) -> list[AnyMatchEvent]:
            events = commands.claim_seat(state, seat, name, seat_seed)
            after = fold(events, state)
            if after.open_seats:
                return events
            seeds = tuple(seed or "" for seed in after.seat_seeds)
            if self._seed is None:
                raise AssertionError("claimed seats are dealt from a match seed")
            dealer = fair.first_dealer(self._seed, seeds, after.seats)
            return [*events, *commands.start_match(after, dealer)]

        return self._match_command(claim)

    def leave_seat(self, seat: int) -> Outcome:
        return self._match_command(lambda state: commands.leave_seat(state, seat))

    def close_match(self) -> Outcome:
        def close(state: MatchState) -> list[AnyMatchEvent]:
            events = commands.close_match(state)
            after = fold(events, state)
            if after.over and self._seed is not None:
                events += commands.reveal_match_seed(after, self._seed)
            return events

        return self._match_command(close)

    # --- reading -------------------------------------------------------------------

    def match_view(self) -> Json:
        return builtins(view_match(self._current_match()))

    def game_dealt(self, number: int) -> Json:
        events = self._games[number]
        spec = GAMES[self._current_match().game]
        over = spec.fold(events, None).over
        return builtins(spec.view_event(events[0], None, over))

    # --- helpers -------------------------------------------------------------------

    def _open_match(
        self,
        seats: int,
        options: Mapping[str, Any],
        *,
        named: bool,
        dealer: int | None,
        proof: MatchProof | None,
    ) -> Outcome:
        try:
            players = _NAMES[:seats] if named else ()
            events = _opening(seats, options, players, proof)
            state = fold(events)
            if named and dealer is not None:
                events += commands.start_match(state, dealer)
        except msgspec.ValidationError as error:
            raise AssertionError(f"bad options in the scenario: {error}") from error
        except RummyError as error:
            return refused(error)
        self._match = None
        self._games = {}
        return self._record_match(events)

    def _match_command(self, decide: Any) -> Outcome:
        try:
            events = decide(self._current_match())
        except RummyError as error:
            return refused(error)
        return self._record_match(events)

    def _record_match(self, events: Sequence[AnyMatchEvent]) -> Outcome:
        """Fold the match's `events`, then deal what is due (as the service does)."""
        state = fold(events, self._match)
        dealt, deals = advance(state, self._seed, self._ids, self._decks)
        self._match = fold(dealt, state)
        self._play_on(deals)
        return Outcome(events=tuple(builtins(event) for event in [*events, *dealt]))

    def _game_over(self, game: PenangState | DrawState) -> None:
        """A game ended: if it is the match's, score it and deal the next (if any)."""
        match = self._match
        current = None if match is None else match.current
        if match is None or current is None or game.ended is None:
            return
        events, deals = after_game(match, game.ended, self._seed, self._ids, self._decks)
        self._match = fold(events, match)
        self._play_on(deals)

    def _play_on(self, deals: Sequence[MatchDeal]) -> None:
        for deal in deals:
            self._games[deal.number] = list(deal.events)
            self._switch(deal.events, deal.server_seed)

    def _current_match(self) -> MatchState:
        if self._match is None:
            raise RuntimeError("no match has been opened")
        return self._match


def _opening(
    seats: int, options: Mapping[str, Any], players: Sequence[str], proof: MatchProof | None
) -> list[AnyMatchEvent]:
    """Open a match: Penang's options, or a draw game's where they name their `game`."""
    chosen = dict(options)
    game = chosen.pop("game", DEFAULT_GAME)
    if not GAMES[game].has_stock:
        penang = msgspec.convert(chosen, type=MatchOptions)
        return commands.open_match(seats, penang, players=players, proof=proof)
    chosen["rules"] = {"game": game, **chosen.get("rules", {})}
    draw = msgspec.convert(chosen, type=DrawMatchOptions)
    return commands.open_match(seats, draw, players=players, proof=proof)
