"""The draw games of the rules spec's `Driver`, in process (`DomainDriver` mixes it in).

A hand of basic Rummy, Three Thirteen or Gin Rummy (a state of its own over the draw
core's events) is played through its game's `Game` (`domain.games`), the one
surface the service will dispatch on: the deal, the commands
(actions read by `decode_actions`, so another game's action is refused with this game's
rule), the views, events and legal moves. A hand dealt from a seed draws its deck and
its dealer from it, and orders every rebuilt stock from it (R20); a hand dealt from an
explicit deck turns the discard pile over.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import msgspec

from domain import fair
from domain.cards import Card
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState
from domain.errors import RummyError
from domain.events import Event
from domain.game import Game, Rebuild
from domain.games import GAMES, decode_actions
from domain.match import commands as match_commands
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchGameScored
from domain.match.state import fold as fold_match

from .outcomes import Json, Outcome, Refusal, builtins, malformed, refused


class _Hand(NamedTuple):
    """A hand's score as a match records it (`domain.deal.Scored`)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class Hand:
    """The hand being played: its game, its events so far, its state, its rebuilds."""

    spec: Game
    state: DrawState
    events: list[Event] = field(default_factory=list)
    rebuild: Rebuild | None = None
    seed: bytes | None = None


class DrawHands:
    """One hand of a draw game at a time, decided by the domain through its Game."""

    def __init__(self) -> None:
        self._hand: Hand | None = None

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
        """Deal a hand of `game` from `deck` and `dealer`, or, without a deck, from the
        seed SHA-256(`seed`), which draws the deck, the dealer and every rebuild. The
        engine knows no clock: `table` is the service's business."""
        spec: Game = GAMES[game]
        try:
            options = msgspec.convert(dict(rules), type=spec.rules_type)
            options = spec.validate(options, len(players))
            server_seed = None if seed is None else hashlib.sha256(seed.encode()).digest()
            if server_seed is None:
                cards, proof = [Card(text) for text in deck or ()], None
            else:
                packs = spec.deck(options, len(players))
                cards, drawn, proof = fair.fair_deal_of(packs, len(players), server_seed, ())
                dealer = drawn if dealer is None else dealer
            events = spec.deal(
                list(players), cards, options, dealer or 0, proof=proof, number=number
            )
        except msgspec.ValidationError as error:
            return malformed(error)
        except RummyError as error:
            return refused(error)
        self._hand = Hand(spec, spec.fold(events, None), list(events), seed=server_seed)
        if server_seed is not None:
            self._hand.rebuild = seeded(server_seed, ())
        return self._seen(events, viewer=None)

    def _begin_hand(self, game: str, events: Sequence[Event], seed: bytes | None) -> None:
        """Play on in a match's next hand of `game`, dealt from `seed` (R31) or a deck."""
        spec: Game = GAMES[game]
        state = spec.fold(events, None)
        self._hand = Hand(spec, state, list(events), seed=seed)
        if seed is not None and state.proof is not None:
            self._hand.rebuild = seeded(seed, state.proof.seat_seeds)

    def _hand_over(self, state: DrawState) -> None:
        """A hand ended (DomainDriver scores it for its match)."""

    def match_winners(
        self, game: str, totals: Sequence[int], played: int, target: int | None, hands: int | None
    ) -> list[int] | None:
        """Who won a match of `game`'s hands after `played` hands (B12, T11), as the
        product decides it (`domain.match.commands`): a match of `game` opens with these
        options, and `played` hands are scored, every point in the last of them. A game
        whose match has a fixed number of hands (Three Thirteen's eleven, T1) takes no
        `hands` option: the number is its own."""
        spec = GAMES[game]
        seats = len(totals)
        fixed = spec.rules_type.MATCH_HANDS is not None
        options = DrawMatchOptions(
            rules=spec.rules_type(), games=None if fixed else hands, target=target
        )
        players = [f"P{seat}" for seat in range(seats)]
        state = fold_match(match_commands.open_match(seats, options, players=players))
        state = fold_match(match_commands.start_match(state, 0), state)
        for number in range(1, played + 1):
            if state.over:
                break
            state = fold_match(match_commands.game_started(state, f"hand-{number}"), state)
            points = tuple(totals) if number == played else (0,) * seats
            hand = _Hand(points=points, winners=())
            state = fold_match(match_commands.game_scored(state, hand), state)
        return None if state.ended is None else list(state.ended.winners)

    # --- the hand being played (DomainDriver dispatches here) --------------------------

    def _hand_play(self, hand: Hand, seat: int, actions: Sequence[Mapping[str, Any]]) -> Outcome:
        if hand.spec.timed_out(hand.state, seat) is not None:
            # The engine marks the seat whose last turn the clock played (R36, R51); the
            # service refuses its late command so (`service.usecases.clock.check_not_late`).
            why = f"seat {seat}'s turn was played by the turn clock"
            return Outcome(refusal=Refusal("turn-timed-out", "R19", None, why))
        try:
            decoded = decode_actions(hand.spec, [dict(action) for action in actions])
            events = hand.spec.play(hand.state, seat, decoded, hand.rebuild)
        except RummyError as error:
            return refused(error)
        return self._record_hand(hand, events, viewer=seat)

    def _hand_time_out(self, hand: Hand, seat: int) -> Outcome:
        """The seat's time ran out: its game's default turn (R19, R36)."""
        try:
            events = hand.spec.default_turn(hand.state, seat, hand.rebuild)
        except RummyError as error:
            return refused(error)
        return self._record_hand(hand, events, viewer=seat)

    def _hand_dead(self, hand: Hand, seat: int) -> Outcome:
        try:
            events = hand.spec.declare_dead(hand.state, seat)
        except RummyError as error:
            return refused(error)
        return self._record_hand(hand, events, viewer=seat)

    def _record_hand(self, hand: Hand, events: Sequence[Event], viewer: int | None) -> Outcome:
        hand.events.extend(events)
        hand.state = hand.spec.fold(events, hand.state)
        if hand.state.over and hand.seed is not None and hand.state.revealed_seed is None:
            revealed = hand.spec.reveal_seed(hand.state, hand.seed)
            hand.events.extend(revealed)
            hand.state = hand.spec.fold(revealed, hand.state)
            events = [*events, *revealed]
        seen = self._seen(events, viewer)
        if hand.state.over:
            self._hand_over(hand.state)
        return seen

    def _seen(self, events: Sequence[Event], viewer: int | None) -> Outcome:
        hand = self._hand
        assert hand is not None
        over = hand.state.over
        return Outcome(
            events=tuple(builtins(hand.spec.view_event(event, viewer, over)) for event in events)
        )

    def _hand_view(self, hand: Hand, viewer: int | None) -> Json:
        return builtins(hand.spec.view(hand.state, viewer, False))

    def _hand_moves(self, hand: Hand, seat: int) -> Json:
        return builtins(hand.spec.legal_moves(hand.state, seat))

    def _hand_events(self, hand: Hand, viewer: int | None) -> list[Json]:
        over = hand.state.over
        return [builtins(hand.spec.view_event(event, viewer, over)) for event in hand.events]

    def _hand_next_dealer(self, hand: Hand) -> int:
        # T11 asks before the hand is played: a deal that passes left depends on no score,
        # so a hand not yet over is scored as nobody's.
        state = hand.state
        ended = state.ended or MatchGameScored(
            number=1, points=(0,) * state.seats, winners=(), totals=(0,) * state.seats
        )
        return hand.spec.next_dealer(state.dealer, ended, True)

    def hand_record(self) -> Sequence[Event]:
        """The events of the hand being played, in full (for the audit's steps)."""
        assert self._hand is not None, "no hand has been dealt"
        return tuple(self._hand.events)
