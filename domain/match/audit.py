"""Auditing a match: replay its events and its games through the rules, trusting nothing.

`verify_match_record` re-decides every match event with `domain.match.commands`, in
order, and checks each game against the match:

1. `MatchOpened` opens it under this engine's rules version (and the header's); the
   seats are claimed and left as the commands allow (R18); `MatchStarted` comes when
   every seat is taken.
2. Each `MatchGameStarted` names the next game and the dealer the rules give: the drawn
   first dealer for game 1, then the winner (P7) or the worst loser (P8) of the last
   game, ties clockwise from the previous dealer's left (R5). That game's record comes
   next in the record's `games`: its deal must seat the match's players under the
   match's rules with that dealer, its proof must name the match's seat seeds, and the
   game must verify on its own (`domain.audit`).
3. Each `MatchGameScored` must be that game's end (points and winners) with the totals
   added up, and the match must end exactly where its options say (R16, R17).
4. Once the match seed is revealed it must hash to the commitment of `MatchOpened`, draw
   the recorded first dealer (P6), and give each game the seed its deal committed to
   (`domain.fair.game_seed`): then the deals are verified from the start of the match.

The first problem names where it is (a match event, or an event of a game), the rule
and why. A record that stops before the match is over is valid so far when all of it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import fair, proof
from domain.audit import DealCheck
from domain.errors import RummyError
from domain.events import Dealt, GameEnded
from domain.match import commands
from domain.match.events import (
    AnyMatchEvent,
    MatchClosed,
    MatchGameScored,
    MatchGameStarted,
    MatchOpened,
    MatchSeedRevealed,
    MatchStarted,
    SeatClaimed,
    SeatLeft,
)
from domain.match.records import MatchRecord
from domain.match.state import MatchState, evolve
from domain.match.verdicts import (
    DEAL_NOTES,
    MatchVerdict,
    Refusal,
    rule_for,
    seats_text,
    show,
)
from domain.provenance import RecordVerdict
from domain.records import GameRecord, verify_record
from domain.rules import RULES_VERSION

GameCheck = Callable[[GameRecord], RecordVerdict]


def verify_match_record(record: MatchRecord, check_game: GameCheck = verify_record) -> MatchVerdict:
    """Replay a match record through the rules (this module's docstring lists the checks).

    `check_game` checks each game's record on its own: by default its rules and its hash
    chain (`domain.records.verify_record`); a checker with keys checks signatures too.
    """
    replay = _MatchReplay(record, check_game)
    try:
        replay.run()
    except Refusal as refusal:
        return MatchVerdict(
            valid=False,
            finished=False,
            code=refusal.code,
            message=refusal.message,
            rule=refusal.rule,
            match_event=refusal.match_event,
            game=refusal.game,
            game_event=refusal.game_event,
            deal=replay.deal_check,
            games=tuple(replay.verdicts),
        )
    return replay.verdict()


class _MatchReplay:
    def __init__(self, record: MatchRecord, check_game: GameCheck) -> None:
        self.record = record
        self.check_game = check_game
        self.events = record.events
        self.state: MatchState | None = None
        self.position = 0
        self.verdicts: list[RecordVerdict] = []
        self.deal_check: DealCheck = "unproven"

    def run(self) -> None:
        self._check_opening()
        while self.position < len(self.events):
            self._next(self._state())
        if len(self.record.games) != len(self._state().games):
            extra = len(self._state().games) + 1
            why = f"the record holds {len(self.record.games)} games, the match dealt " + str(
                len(self._state().games)
            )
            raise Refusal("P7", "unexpected-game", why, game=extra, game_event=0)

    def verdict(self) -> MatchVerdict:
        state = self._state()
        ended = state.ended
        played = f"{len(state.games)} games"
        if ended is None:
            code, message = "valid-so-far", f"{played} follow the rules, but the match is not over"
        else:
            seats = seats_text(ended.winners)
            code = "valid"
            message = f"{played} follow the rules; the match ended ({ended.reason}), won by {seats}"
        return MatchVerdict(
            valid=True,
            finished=ended is not None,
            code=code,
            message=f"{message}; {DEAL_NOTES[self.deal_check]}",
            deal=self.deal_check,
            games=tuple(self.verdicts),
        )

    def _state(self) -> MatchState:
        if self.state is None:
            raise AssertionError("the opening is checked first")
        return self.state

    # --- the match's events ---------------------------------------------------------

    def _check_opening(self) -> None:
        if not self.events or not isinstance(self.events[0], MatchOpened):
            raise Refusal("R18", "no-opening", "a match begins with MatchOpened", match_event=0)
        opened = self.events[0]
        for who, named in (
            ("the header", self.record.rules_version),
            ("this verifier", RULES_VERSION),
        ):
            if named != opened.rules_version:
                why = f"MatchOpened names rules {opened.rules_version!r}; {who} says {named!r}"
                raise Refusal(None, "rules-version", why, match_event=0)
        try:
            if opened.proof is not None:
                proof.check_commitment(opened.proof.algorithm, opened.proof.server_seed_sha256)
                self.deal_check = "committed"
            produced = commands.open_match(
                opened.seats, opened.options, players=opened.players, proof=opened.proof
            )
        except RummyError as error:
            raise Refusal(error.rule, error.code, error.message, match_event=0) from None
        self._expect(produced, 0)

    def _next(self, state: MatchState) -> None:
        start = self.position
        event = self.events[start]
        try:
            produced = self._decide(state, event, start)
        except RummyError as error:
            raise Refusal(error.rule, error.code, error.message, match_event=start) from None
        self._expect(produced, start)
        if isinstance(event, MatchSeedRevealed):
            self._check_seed(bytes.fromhex(event.server_seed), start)

    def _decide(self, state: MatchState, event: AnyMatchEvent, index: int) -> list[AnyMatchEvent]:
        if isinstance(event, SeatClaimed):
            return commands.claim_seat(state, event.seat, event.name, event.seat_seed)
        if isinstance(event, SeatLeft):
            return commands.leave_seat(state, event.seat)
        if isinstance(event, MatchStarted):
            seeds = event.seat_seeds if state.named else None
            return commands.start_match(state, event.dealer, seeds)
        if isinstance(event, MatchGameStarted):
            produced = commands.game_started(state, event.game_id)
            if produced == [event]:
                self._check_game(state, event, index)
            return produced
        if isinstance(event, MatchGameScored):
            return commands.game_scored(state, self._game_end(state, index))
        if isinstance(event, MatchClosed):
            return commands.close_match(state)
        if isinstance(event, MatchSeedRevealed):
            return commands.reveal_match_seed(state, proof.parse_seed(event.server_seed))
        why = f"{type(event).__name__} is recorded only as the rules record it"
        raise Refusal("R16", "unexpected-event", why, match_event=index)

    def _expect(self, produced: Sequence[AnyMatchEvent], start: int) -> None:
        state = self.state
        for offset, expected in enumerate(produced):
            index = start + offset
            if index >= len(self.events):
                why = f"the record ends inside a command: {type(expected).__name__} is missing"
                raise Refusal("D8", "incomplete-command", why, match_event=start)
            recorded = self.events[index]
            if recorded != expected:
                raise Refusal(
                    rule_for(expected, self.state),
                    "event-mismatch",
                    f"the rules record {show(expected)}; the record holds {show(recorded)}",
                    match_event=index,
                )
            state = evolve(state, expected)
        self.state = state
        self.position = start + len(produced)

    # --- the games ------------------------------------------------------------------

    def _check_game(self, state: MatchState, started: MatchGameStarted, index: int) -> None:
        number = started.number
        if number > len(self.record.games):
            why = f"game {number} ({started.game_id}) is not in the record"
            raise Refusal("P7", "missing-game", why, match_event=index)
        game = self.record.games[number - 1]
        verdict = self.check_game(game)
        self.verdicts.append(verdict)
        if not verdict.valid:
            raise Refusal(
                verdict.rule,
                verdict.code,
                verdict.message,
                game=number,
                game_event=verdict.first_bad_event,
            )
        if game.game_id is not None and game.game_id != started.game_id:
            why = (
                f"game {number} of the record is {game.game_id}, the match dealt {started.game_id}"
            )
            raise Refusal("P7", "game-mismatch", why, game=number, game_event=0)
        dealt = game.events[0]
        if not isinstance(dealt, Dealt):
            raise AssertionError("a verified game begins with Dealt")
        match_start = state.started
        if match_start is None:
            raise AssertionError("a game is dealt once the match started")
        self._check_deal(state, dealt, started, match_start, number)

    def _check_deal(
        self,
        state: MatchState,
        dealt: Dealt,
        started: MatchGameStarted,
        match_start: MatchStarted,
        number: int,
    ) -> None:
        problems = []
        if dealt.players != match_start.players:
            problems.append(("P2", "its players are not the match's"))
        if dealt.rules != state.options.rules or dealt.rules_version != state.rules_version:
            problems.append(("P1", "its rules are not the match's"))
        if dealt.dealer != started.dealer:
            rule = "P7" if state.options.points_recorded else "P8"
            problems.append(
                (rule, f"seat {dealt.dealer} dealt it, the match says {started.dealer}")
            )
        game_proof = dealt.proof
        if (game_proof is None) != (state.proof is None):
            problems.append(("P6", "its deal and the match's disagree on being drawn from seeds"))
        elif game_proof is not None and game_proof.seat_seeds != match_start.seat_seeds:
            problems.append(("P6", "its seat seeds are not the match's"))
        if problems:
            rule, why = problems[0]
            raise Refusal(rule, "game-mismatch", f"game {number}: {why}", game=number, game_event=0)

    def _game_end(self, state: MatchState, index: int) -> GameEnded:
        current = state.current
        if current is None or current.number > len(self.record.games):
            raise Refusal("P7", "no-game-to-score", "no game is being played", match_event=index)
        events = self.record.games[current.number - 1].events
        ended = next((event for event in events if isinstance(event, GameEnded)), None)
        if ended is None:
            why = f"game {current.number} is scored, but its record does not reach its end"
            raise Refusal("P31", "game-not-over", why, match_event=index)
        return ended

    # --- the seed -------------------------------------------------------------------

    def _check_seed(self, seed: bytes, index: int) -> None:
        state = self._state()
        started = state.started
        if started is None:
            return
        drawn = fair.first_dealer(seed, started.seat_seeds, state.seats)
        if drawn != started.dealer:
            why = (
                f"the match seed draws seat {drawn} to deal first; the record says {started.dealer}"
            )
            raise Refusal("P6", "deal-mismatch", why, match_event=index)
        for game in state.games:
            record = self.record.games[game.number - 1]
            dealt = record.events[0]
            if not isinstance(dealt, Dealt) or dealt.proof is None:
                continue
            committed = fair.commitment(fair.game_seed(seed, game.number))
            if dealt.proof.server_seed_sha256 != committed:
                why = f"game {game.number}'s deal did not commit to the seed the match gives it"
                raise Refusal("P6", "seed-mismatch", why, game=game.number, game_event=0)
        self.deal_check = "verified"
