"""Simulated play in process: the rules engine alone, no service, no store.

Every game is played through its spec (`domain.game.Game`), as the service
plays it: dealt from its seed (`domain.fair`, as `POST /games` deals it), each seat's bot
(`domain.bots.seats.bots_of`) shown only its seat's view when its turn comes, and each
command judged by the engine: an illegal one, or a dead declaration while the seat has
a move, raises the rule it breaks and ends the run. A game ends as the service ends
it: the game's end, then the revealed seed (R3).

A match (R31) is opened with its players named and its seed committed to, exactly as
the rules deal a match (`domain.match`): the first dealer drawn from the match seed,
hand n dealt from `domain.fair.game_seed(match seed, n)`, each stock rebuilt in a hand
from that hand's seed (R20), every hand played as a single game is, and the match ended
with its seed revealed. The records (`domain.records`, `domain.match.records`) are the
ones `penang-rummy verify` replays.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any, Final

import msgspec

from domain import fair
from domain.bots.seats import bots_of
from domain.events import Event
from domain.fair import bot_seed, fair_deal_of
from domain.game import Game as GameKind
from domain.match import commands
from domain.match.dealing import MatchDeal, advance, after_game
from domain.match.events import AnyMatchEvent, MatchProof
from domain.match.records import MatchRecord, make_match_record
from domain.match.state import MatchState, fold
from domain.records import GameRecord, make_record
from service.simulation.outcomes import Played
from service.simulation.plan import Plan, SimulationOptions, plans

#: Commands a game may take before the run calls it endless: far beyond any game played.
MAX_COMMANDS: Final = 20_000


class Game(msgspec.Struct):
    """A game played to its end: its events, its folded state, the bots' commands."""

    events: list[Event]
    state: Any
    decisions: int


def play_out(
    spec: GameKind,
    events: list[Event],
    bots: tuple[str, ...],
    server_seed: bytes | None,
    name: str = "the game",
) -> Game:
    """The game whose first events are `events`, played to its end by the seats' bots,
    its seed then revealed (where it has one)."""
    state = spec.fold(events, None)
    rebuild = spec.rebuild_order(state, server_seed)
    plays = [bots_of(spec)[bot] for bot in bots]
    decisions = 0
    while state.turn is not None:
        if decisions == MAX_COMMANDS:
            raise AssertionError(f"{name} did not end within {MAX_COMMANDS} commands")
        seat = state.turn
        seed = bot_seed(server_seed, seat, state.version)
        actions = plays[seat](spec.view(state, seat, False), seed)
        if actions is None:
            new = spec.declare_dead(state, seat)
        else:
            new = spec.play(state, seat, actions, rebuild)
        decisions += 1
        events += new
        state = spec.fold(new, state)
    if server_seed is not None and state.revealed_seed is None:
        revealed = spec.reveal_seed(state, server_seed)
        events += revealed
        state = spec.fold(revealed, state)
    return Game(events=events, state=state, decisions=decisions)


def play_game(plan: Plan) -> list[Event]:
    """Every event of the planned single game, from the deal to the revealed seed."""
    return _single(plan).events


def _single(plan: Plan) -> Game:
    spec = plan.spec
    seats, seed = len(plan.bots), plan.server_seed
    deck, dealer, proof = fair_deal_of(spec.deck(plan.rules, seats), seats, seed, ())
    events = spec.deal(plan.players, deck, plan.rules, dealer, proof=proof, number=1)
    return play_out(spec, events, plan.bots, seed, f"game {plan.number}")


def play_match(plan: Plan) -> tuple[MatchRecord, int]:
    """The record of the planned match, played to its end by the bots, and the number
    of commands they sent."""
    if plan.match is None:
        raise ValueError(f"game {plan.number} is a single game, not a match")
    seed = plan.server_seed
    seats = len(plan.bots)
    proof = MatchProof(algorithm=fair.ALGORITHM, server_seed_sha256=fair.commitment(seed))
    events = commands.open_match(seats, plan.match, players=plan.players, proof=proof)
    state = fold(events)
    started = commands.start_match(state, fair.first_dealer(seed, (), seats))
    state = fold(started, state)
    ids = (f"{plan.seed}/hand-{n}" for n in itertools.count(1))
    dealt, deals = advance(state, seed, ids)
    state = fold(dealt, state)
    match_events: list[AnyMatchEvent] = [*events, *started, *dealt]
    hands: list[GameRecord] = []
    decisions = 0
    while deals:
        # Hands that ended at their deal were scored by the match already; the last is played.
        hands += [make_record(list(done.events), game_id=done.game_id) for done in deals[:-1]]
        hand = _hand(plan, deals[-1])
        decisions += hand.decisions
        hands.append(make_record(hand.events, game_id=deals[-1].game_id))
        more, deals = _after(state, hand.state, seed, ids)
        state = fold(more, state)
        match_events += more
    return make_match_record(match_events, hands, match_id=plan.seed), decisions


def _hand(plan: Plan, deal: MatchDeal) -> Game:
    name = f"hand {deal.number} of {plan.seed}"
    return play_out(plan.spec, list(deal.events), plan.bots, deal.server_seed, name)


def _after(
    state: MatchState, hand: Any, seed: bytes, ids: Iterator[str]
) -> tuple[list[AnyMatchEvent], list[MatchDeal]]:
    if hand.ended is None:
        raise AssertionError("a hand is played to its end")
    return after_game(state, hand.ended, seed, ids)


def play(plan: Plan) -> Played:
    """The planned game or match, played to its end in process."""
    if plan.match is not None:
        match, decisions = play_match(plan)
        return Played(plan, match, decisions)
    game = _single(plan)
    return Played(plan, make_record(game.events, game_id=plan.seed), game.decisions)


def run_local(options: SimulationOptions, on_game: Callable[[Played], None]) -> None:
    """Play every planned game (or match) in process, one after another."""
    for plan in plans(options):
        on_game(play(plan))
