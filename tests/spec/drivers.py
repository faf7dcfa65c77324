"""How the rules spec talks to a game: the `Driver` protocol and its domain implementation.

The step definitions speak only through `Driver`, in plain data: cards in notation
strings, actions in their wire form (`{"type": "meld", "cards": ["3H", "4H", "5H"]}`),
views and events as the JSON the API sends, decoded to builtins. `DomainDriver` calls
the rules engine in process; `HttpDriver` (http_driver.py) implements the same protocol
over the REST API, so the same scenarios run against the service (test_rules_http.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import msgspec

from domain import deal as dealing
from domain import fair
from domain.cards import Card
from domain.drawgame.events import HandDealt
from domain.drawgame.state import DrawState
from domain.errors import RummyError
from domain.events import Event
from domain.games import decode_actions
from domain.penang.fold import fold
from domain.penang.game import declare_dead, play_turn, start_game, time_out
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.spec import PENANG
from domain.penang.state import PenangState
from domain.penang.views import view_event, view_game

from .draw_driver import DrawHands
from .match_driver import DomainMatches
from .outcomes import Json, Outcome, Refusal, builtins, malformed, refused

__all__ = ["DomainDriver", "Driver", "Json", "Outcome", "Refusal"]


class Driver(Protocol):
    """One game at a time, driven through commands and read through per-viewer views.

    Seats are numbered clockwise from 0; a viewer is a seat number, or None for a
    spectator. Every card is a notation string. Commands answer with an `Outcome`;
    they never raise for a refused move.
    """

    def start(
        self,
        players: Sequence[str],
        deck: Sequence[str],
        rules: Mapping[str, Any],
        dealer: int,
        *,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Deal a new game from `deck` (the full deck order, top card first).

        `rules` holds rule options by name (`domain.penang.rules.PenangRules`); absent ones take
        their defaults. `table` holds the service's table options (`turn_seconds`),
        which the engine does not know. The outcome's events are the ones recorded, as
        a spectator sees them.
        """
        ...

    def play(self, seat: int, actions: Sequence[Mapping[str, Any]]) -> Outcome:
        """Submit `seat`'s whole turn: actions in wire form, checked in order (D8)."""
        ...

    def declare_dead(self, seat: int) -> Outcome:
        """`seat` declares dead (P29, D6)."""
        ...

    def time_out(self, seat: int) -> Outcome:
        """`seat`'s turn clock runs out (R19); the events as `seat` sees them."""
        ...

    def view(self, viewer: int | None) -> Json:
        """The game as `viewer` may see it (`domain.penang.views.PenangView` as JSON builtins)."""
        ...

    def legal_moves(self, seat: int) -> Json:
        """What `seat` could do now (`domain.penang.moves.PenangMoves` as builtins)."""
        ...

    def events(self, viewer: int | None) -> list[Json]:
        """Every event of the game so far, as `viewer` may see it."""
        ...

    def next_dealer(self, points_recorded: bool) -> int:
        """Who deals the game after this finished one (P7, P8, R5)."""
        ...

    def first_dealer(self, seats: int, seed: str) -> int:
        """The first dealer the fair-deal recipe draws among `seats` for the server seed
        SHA-256 of `seed`, without seat seeds (P6)."""
        ...

    # --- matches (match_driver.py, http_driver.py) ---------------------------------
    #
    # Once a match is open, the game commands and reads above act on its game being
    # played, or, once the match is over, on its last game. Match commands answer
    # with the match events they recorded.

    def start_match(
        self,
        seats: int,
        options: Mapping[str, Any],
        decks: Sequence[Sequence[str]],
        dealer: int,
    ) -> Outcome:
        """Open a match of named players dealt from explicit `decks` (one per game, game 1
        first) and first dealt by `dealer`: it deals its first game at once."""
        ...

    def open_match(self, seats: int, options: Mapping[str, Any], seed: str, named: bool) -> Outcome:
        """Open a match dealt from the match seed SHA-256(`seed`): its players named (it
        starts at once, P6) or its seats open for players to claim (R18)."""
        ...

    def claim_seat(self, seat: int, name: str, seat_seed: str | None) -> Outcome:
        """A player claims an open seat of the match (R18)."""
        ...

    def leave_seat(self, seat: int) -> Outcome:
        """The player of a claimed seat leaves it (R18)."""
        ...

    def close_match(self) -> Outcome:
        """The match's host closes it (R16)."""
        ...

    def match_view(self) -> Json:
        """The match as anyone sees it (`domain.match.views.MatchView` as builtins)."""
        ...

    def game_dealt(self, number: int) -> Json:
        """The `Dealt` event of game `number` of the match, as a spectator sees it."""
        ...

    # --- the draw games: basic Rummy, Three Thirteen, Gin Rummy (draw_driver.py) ------
    #
    # Once a hand is dealt, `play`, `declare_dead`, `view`, `legal_moves`, `events` and
    # `next_dealer` act on it, through its game's `domain.game.Game`. The HTTP
    # driver deals it with `POST /games` (`game`, `draw_rules`, `hand`) and plays it through
    # the same endpoints as Penang's games; `next_dealer` and `match_winners` are the
    # engine's alone until the service deals matches of the draw games.

    def start_hand(
        self,
        game: str,
        players: Sequence[str],
        deck: Sequence[str] | None,
        rules: Mapping[str, Any],
        dealer: int | None,
        *,
        number: int = 1,
        seed: str | None = None,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Deal hand `number` of `game` ("rummy", "three-thirteen", "gin") from `deck` (top
        card first) by `dealer`; or, with no deck, from the seed SHA-256(`seed`), which
        draws the deck, the dealer (unless named) and the order of every rebuilt stock (R20).
        `table` holds the service's table options (`turn_seconds`), as for `start`."""
        ...

    def match_winners(
        self, game: str, totals: Sequence[int], played: int, target: int | None, hands: int | None
    ) -> list[int] | None:
        """The winners of a match of `game`'s hands with these totals after `played` hands
        (B12, T11), or None while it goes on."""
        ...


class DomainDriver(DomainMatches, DrawHands):
    """The driver that calls the rules engine (`domain`) in process."""

    def __init__(self) -> None:
        DomainMatches.__init__(self)
        DrawHands.__init__(self)
        self._events: list[Event] = []
        self._state: PenangState | None = None

    # --- commands ------------------------------------------------------------------

    def start(
        self,
        players: Sequence[str],
        deck: Sequence[str],
        rules: Mapping[str, Any],
        dealer: int,
        *,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        # The engine knows no clock: `table` is the service's business.
        try:
            options = msgspec.convert(dict(rules), type=PenangRules)
            cards = [Card(text) for text in deck]
            events = start_game(list(players), cards, options, dealer)
        except msgspec.ValidationError as error:
            return malformed(error)
        except RummyError as error:
            return refused(error)
        self._events = []
        self._state = None
        self._hand = None
        return self._record(events, viewer=None)

    def play(self, seat: int, actions: Sequence[Mapping[str, Any]]) -> Outcome:
        if self._hand is not None:
            return self._hand_play(self._hand, seat, actions)
        try:
            # Read as Penang's actions: another game's is refused naming P12 (or P31).
            turn = decode_actions(PENANG, [dict(action) for action in actions])
            events = play_turn(self._current(), seat, turn)
        except RummyError as error:
            return refused(error)
        return self._record(events, viewer=seat)

    def declare_dead(self, seat: int) -> Outcome:
        if self._hand is not None:
            return self._hand_dead(self._hand, seat)
        try:
            events = declare_dead(self._current(), seat)
        except RummyError as error:
            return refused(error)
        return self._record(events, viewer=seat)

    def time_out(self, seat: int) -> Outcome:
        if self._hand is not None:
            return self._hand_time_out(self._hand, seat)
        try:
            events = time_out(self._current(), seat)
        except RummyError as error:
            return refused(error)
        return self._record(events, viewer=seat)

    # --- reading -------------------------------------------------------------------

    def view(self, viewer: int | None) -> Json:
        if self._hand is not None:
            return self._hand_view(self._hand, viewer)
        return builtins(view_game(self._current(), viewer))

    def legal_moves(self, seat: int) -> Json:
        if self._hand is not None:
            return self._hand_moves(self._hand, seat)
        return builtins(legal_moves(self._current(), seat))

    def events(self, viewer: int | None) -> list[Json]:
        if self._hand is not None:
            return self._hand_events(self._hand, viewer)
        over = self._current().over
        return [builtins(view_event(event, viewer, over)) for event in self._events]

    def next_dealer(self, points_recorded: bool) -> int:
        if self._hand is not None:
            return self._hand_next_dealer(self._hand)
        state = self._current()
        if state.ended is None:
            raise ValueError("the next dealer is chosen once the game is over")
        return dealing.next_dealer(state.dealer, state.ended, points_recorded)

    def first_dealer(self, seats: int, seed: str) -> int:
        return fair.first_dealer(hashlib.sha256(seed.encode()).digest(), (), seats)

    # --- helpers -------------------------------------------------------------------

    def _current(self) -> PenangState:
        if self._state is None:
            raise RuntimeError("no game has been started")
        return self._state

    def _record(self, events: Sequence[Event], viewer: int | None) -> Outcome:
        self._events.extend(events)
        self._state = fold(events, self._state)
        over = self._state.over
        seen = tuple(builtins(view_event(e, viewer, over)) for e in events)
        if over:
            self._game_over(self._state)
        return Outcome(events=seen)

    def _switch(self, events: Sequence[Event], seed: bytes | None) -> None:
        """Play on in another game (the match's next): its events so far."""
        if isinstance(events[0], HandDealt):
            self._begin_hand(str(events[0].rules.__struct_config__.tag), events, seed)
            return
        self._hand = None
        self._events = list(events)
        self._state = fold(events)

    def _hand_over(self, state: DrawState) -> None:
        self._game_over(state)
