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
   game must verify on its own (`domain.record_proofs.verify_record`).
3. Each `MatchGameScored` must be that game's end (points and winners) with the totals
   added up, and the match must end exactly where its options say (R16, R17); a match
   scored in columns (Gin's Hollywood, G18) ends when every column is over, and its
   `MatchEnded` must hold the columns the game's spec scores from the hands (R55).
4. Once the match seed is revealed it must hash to the commitment of `MatchOpened`, draw
   the recorded first dealer (P6), and give each game the seed its deal committed to
   (`domain.fair.game_seed`): then the deals are verified from the start of the match.

The first problem names where it is (a match event, or an event of a game), the rule
and why. A record that stops before the match is over is valid so far when all of it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import proof
from domain.errors import RummyError
from domain.games import GAMES
from domain.match import commands
from domain.match.events import (
    AnyMatchEvent,
    MatchClosed,
    MatchGameScored,
    MatchGameStarted,
    MatchOpening,
    MatchSeedRevealed,
    MatchStarted,
    SeatClaimed,
    SeatLeft,
)
from domain.match.game_checks import GameCheck, check_game, check_seed, game_end
from domain.match.records import MatchRecord
from domain.match.state import MatchState, evolve
from domain.match.verdicts import (
    DEAL_NOTES,
    MatchVerdict,
    Refusal,
    rule_for,
    show,
)
from domain.provenance import RecordVerdict
from domain.record_proofs import verify_record
from domain.replay import DealCheck, seats_text
from domain.rule_ids import RuleId

#: P6: the first dealer and every game's seed are drawn from the match seed committed to.
_FAIR: RuleId = "P6"


def verify_match_record(record: MatchRecord, check_game: GameCheck = verify_record) -> MatchVerdict:
    """Replay a match record through the rules (this module's docstring lists the checks).

    `check_game` checks each game's record on its own: by default its rules and its hash
    chain (`domain.record_proofs.verify_record`); a checker with keys checks signatures too.
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
        played = f"{len(state.games)} {GAMES[state.game].games_word}"
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
        opened = self.events[0] if self.events else None
        if not isinstance(opened, MatchOpening):
            why = "a match begins with MatchOpened or DrawMatchOpened"
            raise Refusal("R18", "no-opening", why, match_event=0)
        known = GAMES[opened.options.game].rules_version
        for who, named in (("the header", self.record.rules_version), ("this verifier", known)):
            if named != opened.rules_version:
                why = f"MatchOpened names rules {opened.rules_version!r}; {who} says {named!r}"
                raise Refusal(None, "rules-version", why, match_event=0)
        try:
            if opened.proof is not None:
                proof.check_commitment(
                    opened.proof.algorithm, opened.proof.server_seed_sha256, _FAIR
                )
                self.deal_check = "committed"
            produced = _open(opened)
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
            return commands.game_scored(state, game_end(self.record, state, index))
        if isinstance(event, MatchClosed):
            return commands.close_match(state)
        if isinstance(event, MatchSeedRevealed):
            return commands.reveal_match_seed(state, proof.parse_seed(event.server_seed, _FAIR))
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

    # --- the games and the seed (domain.match.game_checks) ---------------------------

    def _check_game(self, state: MatchState, started: MatchGameStarted, index: int) -> None:
        self.verdicts.append(check_game(self.record, state, started, index, self.check_game))

    def _check_seed(self, seed: bytes, index: int) -> None:
        if check_seed(self.record, self._state(), seed, index):
            self.deal_check = "verified"


def _open(opened: MatchOpening) -> list[AnyMatchEvent]:
    """The opening the match's commands record for what `opened` says."""
    return commands.open_match(
        opened.seats, opened.options, players=opened.players, proof=opened.proof
    )
