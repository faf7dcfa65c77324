"""One simulated match of a draw game in process: basic Rummy or Three Thirteen (R31).

The match is opened with its players named and its seed committed to, exactly as the
rules deal a match (`domain.match`): the first dealer drawn from the match seed, hand n
dealt from `domain.fair.game_seed(match seed, n)`, each stock rebuilt in a hand from that
hand's seed (R20). Each seat's bot (`domain.bots.make_draw_bot`) is shown only its seat's
view (`HandView`) and sends one command at a time; the engine judges every command, so an
illegal one raises the rule it breaks and ends the run. Each hand ends with its seed
revealed, the match with the match seed: the record (`domain.match.records`) is the one
`penang-rummy verify` replays.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

import msgspec

from domain import fair
from domain.bots import DrawBot, make_draw_bot
from domain.drawgame.events import Discarded, WentOut
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState
from domain.drawgame.views import HandView
from domain.events import Event
from domain.game_spec import GameSpec
from domain.games import GAMES
from domain.match import commands
from domain.match.dealing import MatchDeal, advance, after_game
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import AnyMatchEvent, MatchEnded, MatchProof, MatchStarted
from domain.match.records import MatchRecord, dump_match_record, make_match_record
from domain.match.state import MatchState, fold
from domain.records import GameRecord, make_record
from service.simulation.plan import SimulationOptions
from service.simulation.summary import Outcome

#: Commands a hand may take before the run calls it endless: far beyond any hand played.
MAX_COMMANDS: Final = 20_000


class DrawMatchPlan(msgspec.Struct, frozen=True, kw_only=True):
    """One match of a run: its number, seed text, options and each seat's bot."""

    number: int
    seed: str
    options: DrawMatchOptions
    bots: tuple[str, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(f"{bot}-{seat}" for seat, bot in enumerate(self.bots))

    @property
    def match_seed(self) -> bytes:
        return hashlib.sha256(self.seed.encode("utf-8")).digest()

    def seat_bots(self, hand: int) -> list[DrawBot]:
        """A fresh bot for each seat, seeded for this match, hand and seat."""
        return [
            make_draw_bot(bot, f"{self.seed}/hand-{hand}/seat-{seat}")
            for seat, bot in enumerate(self.bots)
        ]


def play_draw_match(plan: DrawMatchPlan) -> MatchRecord:
    """The record of the planned match, played to its end by the bots."""
    seed = plan.match_seed
    seats = len(plan.bots)
    proof = MatchProof(algorithm=fair.ALGORITHM, server_seed_sha256=fair.commitment(seed))
    events = commands.open_draw_match(seats, plan.options, players=plan.players, proof=proof)
    state = fold(events)
    started = commands.start_match(state, fair.first_dealer(seed, (), seats))
    state = fold(started, state)
    ids = (f"{plan.seed}/hand-{n}" for n in itertools.count(1))
    dealt, deals = advance(state, seed, ids)
    state = fold(dealt, state)
    match_events: list[AnyMatchEvent] = [*events, *started, *dealt]
    hands: list[GameRecord] = []
    while deals:
        # Hands that ended at their deal were scored by the match already; the last is played.
        hands += [make_record(list(done.events), game_id=done.game_id) for done in deals[:-1]]
        deal = deals[-1]
        hand = _play_hand(plan, deal)
        hands.append(make_record(hand.events, game_id=deal.game_id))
        more, deals = _after(state, hand.state, seed, ids)
        state = fold(more, state)
        match_events += more
    return make_match_record(match_events, hands, match_id=plan.seed)


class _Hand(msgspec.Struct):
    events: list[Event]
    state: DrawState


def _play_hand(plan: DrawMatchPlan, deal: MatchDeal) -> _Hand:
    spec: GameSpec[DrawState, Any] = GAMES[plan.options.game]
    events = list(deal.events)
    state = spec.fold(events, None)
    seat_seeds = state.proof.seat_seeds if state.proof is not None else ()
    rebuild = None if deal.server_seed is None else seeded(deal.server_seed, seat_seeds)
    bots = plan.seat_bots(deal.number)
    for _ in range(MAX_COMMANDS):
        if state.turn is None:
            break
        seat = state.turn
        view = spec.view(state, seat, False)
        if not isinstance(view, HandView):
            raise TypeError("a hand of a draw game is seen through HandView")
        actions = bots[seat].command(view)
        new = spec.play(state, seat, actions, rebuild)
        events += new
        state = spec.fold(new, state)
    else:
        raise AssertionError(f"hand {deal.number} of {plan.seed} did not end")
    if deal.server_seed is not None and state.revealed_seed is None:
        revealed = spec.reveal_seed(state, deal.server_seed)
        events += revealed
        state = spec.fold(revealed, state)
    return _Hand(events=events, state=state)


def _after(
    state: MatchState, hand: DrawState, seed: bytes, ids: Iterator[str]
) -> tuple[list[AnyMatchEvent], list[MatchDeal]]:
    if hand.ended is None:
        raise AssertionError("a hand is played to its end")
    return after_game(state, hand.ended, seed, ids)


# --- a run of matches ---------------------------------------------------------------------


def draw_plans(options: SimulationOptions) -> Iterator[DrawMatchPlan]:
    """Match n (from 1) of a run with seed S: the seed text `simulate/S/n`, seat s played
    by `bots[(s + n) % len(bots)]` (as Penang's games: `service.simulation.plan`)."""
    bots = options.bots
    for number in range(1, options.games + 1):
        yield DrawMatchPlan(
            number=number,
            seed=f"simulate/{options.seed}/{number}",
            options=options.draw_options,
            bots=tuple(bots[(seat + number) % len(bots)] for seat in range(options.players)),
        )


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A finished match: its plan and its record."""

    plan: DrawMatchPlan
    match: MatchRecord

    @property
    def name(self) -> str:
        return f"match-{self.plan.number:06d}.json"

    def record(self) -> bytes:
        return dump_match_record(self.match)

    def outcome(self) -> Outcome:
        """The match as the summary counts it: its end, winners, totals and turns."""
        ended = next(e for e in reversed(self.match.events) if isinstance(e, MatchEnded))
        started = next(e for e in self.match.events if isinstance(e, MatchStarted))
        turns = sum(
            isinstance(event, Discarded | WentOut)
            for game in self.match.games
            for event in game.events
        )
        return Outcome(
            number=self.plan.number,
            bots=self.plan.bots,
            first=(started.dealer + 1) % len(started.players),
            reason=ended.reason,
            winners=ended.winners,
            points=ended.totals,
            turns=turns,
        )


def run_draw_local(options: SimulationOptions, on_match: Callable[[PlayedMatch], None]) -> None:
    """Play every planned match in process."""
    for plan in draw_plans(options):
        on_match(PlayedMatch(plan, play_draw_match(plan)))
