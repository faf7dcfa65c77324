"""A match record's games checked against the match (`domain.match.audit`, checks 2–4).

Each game dealt for the match must seat its players under its rules with the dealer the
match's rules give, name the match's seat seeds, and (a draw game's hand) be dealt as the
hand of its number: hand n of Three Thirteen deals n + 2 cards with rank n + 2 wild
(T1, T3, R29), which the hand's own replay checks from the number its deal names. Its end
gives the match its score, and once the match seed is revealed each deal must have
committed to the seed the match gives it (`domain.fair.game_seed`, R18, R31).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, cast

from domain import fair
from domain.deal import Scored
from domain.drawgame.events import HandDealt
from domain.events import DealProof, Event
from domain.games import GAMES
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchGameStarted, MatchStarted
from domain.match.records import MatchRecord
from domain.match.state import MatchState
from domain.match.verdicts import Refusal
from domain.provenance import RecordVerdict
from domain.records import GameRecord
from domain.rule_ids import RuleId

GameCheck = Callable[[GameRecord], RecordVerdict]


class _Deal(Protocol):
    """What the match checks of a game's deal: Penang's `Dealt`, a draw game's `HandDealt`."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> object: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def dealer(self) -> int: ...

    @property
    def proof(self) -> DealProof | None: ...


def check_game(
    record: MatchRecord,
    state: MatchState,
    started: MatchGameStarted,
    index: int,
    check: GameCheck,
) -> RecordVerdict:
    """Game `started.number` of the record: valid on its own, and the match's (check 2)."""
    number = started.number
    if number > len(record.games):
        why = f"game {number} ({started.game_id}) is not in the record"
        raise Refusal("P7", "missing-game", why, match_event=index)
    game = record.games[number - 1]
    verdict = check(game)
    if not verdict.valid:
        raise Refusal(
            verdict.rule,
            verdict.code,
            verdict.message,
            game=number,
            game_event=verdict.first_bad_event,
        )
    if game.game_id is not None and game.game_id != started.game_id:
        why = f"game {number} of the record is {game.game_id}, the match dealt {started.game_id}"
        raise Refusal("P7", "game-mismatch", why, game=number, game_event=0)
    match_start = state.started
    if match_start is None:
        raise AssertionError("a game is dealt once the match started")
    problems = _deal_problems(state, game.events[0], started, match_start)
    if problems:
        rule, why = problems[0]
        raise Refusal(rule, "game-mismatch", f"game {number}: {why}", game=number, game_event=0)
    return verdict


def _deal_problems(
    state: MatchState, first: Event, started: MatchGameStarted, match_start: MatchStarted
) -> list[tuple[RuleId, str]]:
    draw = isinstance(state.options, DrawMatchOptions)
    dealt = _deal(state, first)
    if dealt is None:
        return [("R31" if draw else "P1", f"it is not a game of {state.game}")]
    options = state.options
    drawn = options if isinstance(options, DrawMatchOptions) else None
    seats_rule: RuleId = "P2" if drawn is None else drawn.rules.SEATS_RULE
    problems: list[tuple[RuleId, str]] = []
    if dealt.players != match_start.players:
        problems.append((seats_rule, "its players are not the match's"))
    if dealt.rules != state.options.rules or dealt.rules_version != state.rules_version:
        problems.append(("R31" if draw else "P1", "its rules are not the match's"))
    if isinstance(dealt, HandDealt) and dealt.hand != started.number:
        rule: RuleId = "B12" if drawn is None else drawn.rules.MATCH_HANDS_RULE
        problems.append(
            (rule, f"it is dealt as hand {dealt.hand}, the match's hand {started.number}")
        )
    if dealt.dealer != started.dealer:
        problems.append(
            (_dealer_rule(state), f"seat {dealt.dealer} dealt it, the match says {started.dealer}")
        )
    game_proof = dealt.proof
    if (game_proof is None) != (state.proof is None):
        problems.append(("P6", "its deal and the match's disagree on being drawn from seeds"))
    elif game_proof is not None and game_proof.seat_seeds != match_start.seat_seeds:
        problems.append(("P6", "its seat seeds are not the match's"))
    return problems


def _dealer_rule(state: MatchState) -> RuleId:
    if isinstance(state.options, DrawMatchOptions):
        return state.options.rules.DEALER_RULE
    return "P7" if state.options.points_recorded else "P8"


def game_end(record: MatchRecord, state: MatchState, index: int) -> Scored:
    """The end of the game being played, from its record (check 3)."""
    current = state.current
    if current is None or current.number > len(record.games):
        raise Refusal("P7", "no-game-to-score", "no game is being played", match_event=index)
    events = record.games[current.number - 1].events
    ended = next((event for event in events if isinstance(event, Scored)), None)
    if ended is None:
        why = f"game {current.number} is scored, but its record does not reach its end"
        raise Refusal(GAMES[state.game].end_rule, "game-not-over", why, match_event=index)
    return ended


def check_seed(record: MatchRecord, state: MatchState, seed: bytes, index: int) -> bool:
    """The revealed match seed draws the first dealer and every game's seed (check 4);
    False where the match never started (nothing to check)."""
    started = state.started
    if started is None:
        return False
    drawn = fair.first_dealer(seed, started.seat_seeds, state.seats)
    if drawn != started.dealer:
        why = f"the match seed draws seat {drawn} to deal first; the record says {started.dealer}"
        raise Refusal("P6", "deal-mismatch", why, match_event=index)
    for game in state.games:
        dealt = _deal(state, _first(record.games[game.number - 1].events))
        if dealt is None or dealt.proof is None:
            continue
        committed = fair.commitment(fair.game_seed(seed, game.number))
        if dealt.proof.server_seed_sha256 != committed:
            why = f"game {game.number}'s deal did not commit to the seed the match gives it"
            raise Refusal("P6", "seed-mismatch", why, game=game.number, game_event=0)
    return True


def _deal(state: MatchState, event: Event | None) -> _Deal | None:
    """`event` as the deal of a game of the match's game (its spec's deal event), or None."""
    if not isinstance(event, GAMES[state.game].deal_type):
        return None
    return cast(_Deal, event)  # every game's deal event names its players, rules and dealer


def _first(events: Sequence[Event]) -> Event | None:
    return events[0] if events else None
