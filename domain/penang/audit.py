"""Auditing a game: replay its events through the rules, trusting nothing else.

`verify_events` takes a game's recorded events and re-decides every one of them:

1. The first event is `Dealt`, under the rules version this engine implements (and
   the one the record's header names). Its hands are rebuilt into the deck that deals
   them (P4), and the deal is run again through `domain.penang.game.start_game`: the rule
   options must be playable (P1–P3), each hand the right size (P3), hands and undealt
   cards together exactly the packs and jokers the rules call for (P1, P2), and the
   events the engine records at the deal (dead seats, D6) must be the recorded ones.
2. A fair deal (`Dealt.proof`, `domain.fair`): when the record reveals the server
   seed, its SHA-256 must be the commitment (P6) and the deck shuffled from the seeds
   must deal exactly the recorded dealer, hands and undealt cards, in order (P4, P6).
3. Then the events are grouped into the commands that made them: a seat's run of
   consecutive `Melded`/`PassportMelded`/`LaidOff`/`WildSwapped` events is one turn,
   rebuilt into its actions and decided again with `play_turn`; a `DeclaredDead` with
   reason `declared` is `declare_dead`, and one with reason `timeout` is `time_out`
   (R19): a record holds no clock, so the timeout of the seat on turn is taken as
   recorded and the verdict says how many were. The events the engine returns must equal the
   recorded ones exactly, which checks the automatic events too: `TurnEnded`, the
   engine's own `DeclaredDead` (D6), `DeclaredGame` and the scores in `GameEnded`.
4. After `GameEnded` nothing may follow but one `SeedRevealed` (R3).

The first event that fails names the rule: the rule the engine's refusal names when the
rebuilt command is illegal, or, for an event that differs from what the engine records,
the rule that decides that event (`domain.penang.mismatch`). A record that stops before the end
is valid so far when every event in it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import proof
from domain.errors import MalformedInput, RuleViolation, RummyError
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.penang import mismatch
from domain.penang import proof as penang_proof
from domain.penang.commands import Action
from domain.penang.events import Dealt, DeclaredDead, WildSwapped
from domain.penang.fold import evolve
from domain.penang.game import declare_dead, play_turn, reveal_seed, start_game, time_out
from domain.penang.recorded_actions import recorded_action
from domain.penang.rules import RULES_VERSION
from domain.penang.state import PenangState
from domain.replay import (
    DealCheck,
    Refusal,
    Replay,
    Verdict,
    check_rules_version,
    named_bots,
    seats_text,
)
from domain.rule_ids import RuleId

_DEAL_NOTES: dict[DealCheck, str] = {
    "verified": "the deal was recomputed from the revealed seed",
    "committed": "the deal was committed to a seed not yet revealed",
    "unproven": "the deal names no seeds",
}
#: P6: the deck order and the first dealer are drawn from seeds committed to.
_FAIR: RuleId = "P6"
_ACTION_EVENTS = (Melded, LaidOff, WildSwapped)  # PassportMelded is a Melded


def verify_events(
    events: Sequence[Event], rules_version: str | None = None, starts: list[int] | None = None
) -> Verdict:
    """Replay `events` through the rules (this module's docstring lists the checks).

    `rules_version` is the one a record's header names, checked against `Dealt`'s;
    `starts` gathers where each command begins (`domain.replay.Replay.verify`).
    """
    return _Replay(events).verify(rules_version, starts)


class _Replay(Replay[PenangState]):
    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        #: Timeouts taken as recorded (R19): the rules cannot check a clock.
        self.timeouts = 0

    # --- the whole record -----------------------------------------------------------

    def _verdict(self, state: PenangState) -> Verdict:
        count = len(self.events)
        deal = _DEAL_NOTES[self.deal_check]
        if state.ended is None:
            message = f"{count} events follow the rules, but the game is not over; {deal}"
            code = "valid-so-far"
        else:
            ended = state.ended
            how = "every seat dead" if ended.reason == "all_dead" else "Game declared"
            seats = seats_text(ended.winners)
            message = f"{count} events follow the rules; {how}, won by {seats}; {deal}"
            code = "valid"
        if self.timeouts:
            taken = _timeouts(self.timeouts)
            message += f"; {taken} taken as recorded (R19: times are not checked)"
        return Verdict(
            valid=True,
            finished=state.ended is not None,
            events_checked=count,
            code=code,
            message=message,
            deal=self.deal_check,
        )

    # --- the deal -------------------------------------------------------------------

    def _check_deal(self, rules_version: str | None) -> None:
        if not self.events:
            raise Refusal(0, "P4", "no-deal", "the record holds no events: a game begins Dealt")
        dealt = self.events[0]
        if not isinstance(dealt, Dealt):
            raise Refusal(
                0, "P4", "no-deal", f"a game begins with Dealt, not {type(dealt).__name__}"
            )
        check_rules_version("Dealt", dealt.rules_version, rules_version, RULES_VERSION)
        try:
            deck = penang_proof.deck_dealing(dealt)
            produced = start_game(dealt.players, deck, dealt.rules, dealt.dealer, dealt.proof)
            self._check_proof(dealt)
        except RummyError as error:
            raise Refusal.by(0, error) from None
        self._expect(named_bots(produced, dealt), 0)

    def _check_proof(self, dealt: Dealt) -> None:
        """Recompute the deal when the record reveals the seed it committed to (P6)."""
        if dealt.proof is None:
            return
        proof.check_proof(dealt.proof, _FAIR)
        self.deal_check = "committed"
        reveal = next((e for e in self.events if isinstance(e, SeedRevealed)), None)
        if reveal is None:
            return
        try:
            seed = proof.parse_seed(reveal.server_seed, _FAIR)
            proof.check_seed(dealt.proof, seed, _FAIR)
        except RuleViolation:
            return  # the reveal is judged where it stands
        penang_proof.check_fair_deal(dealt, dealt.proof, seed)
        self.deal_check = "verified"

    # --- the commands ---------------------------------------------------------------

    def _next_command(self, state: PenangState) -> None:
        start = self.position
        event = self.events[start]
        try:
            if state.over:
                produced = self._after_end(state, event)
            elif isinstance(event, _ACTION_EVENTS):
                seat = event.seat
                actions = self._turn_actions(seat)
                produced = play_turn(state, seat, actions)
            elif isinstance(event, DeclaredDead) and event.reason == "declared":
                produced = declare_dead(state, event.seat)
            elif isinstance(event, DeclaredDead) and event.reason == "timeout":
                produced = time_out(state, event.seat)
                self.timeouts += 1
            elif isinstance(event, SeedRevealed):
                why = "the server seed is revealed once the game is over"
                raise Refusal(start, "R3", "early-reveal", why)
            else:
                rule, why = mismatch.unprompted(state, event)
                raise Refusal(start, rule, "unexpected-event", why)
        except RuleViolation as violation:
            index = start + (violation.action_index or 0)
            why = _who(self.events[index]) + violation.message
            raise Refusal.by(index, violation, why) from None
        except RummyError as error:
            raise Refusal.by(start, error) from None
        self._expect(produced, start)

    def _turn_actions(self, seat: int) -> list[Action]:
        """The actions of the seat's consecutive action events from here: one turn."""
        actions: list[Action] = []
        for index in range(self.position, len(self.events)):
            event = self.events[index]
            if not isinstance(event, _ACTION_EVENTS) or event.seat != seat:
                break
            try:
                actions.append(recorded_action(event))
            except MalformedInput as error:
                raise Refusal.by(index, error) from None
        return actions

    def _after_end(self, state: PenangState, event: Event) -> list[Event]:
        """After the end only the server seed may follow, once (R3, P6)."""
        index = self.position
        if not isinstance(event, SeedRevealed):
            rule: RuleId = "P31" if state.winner is not None else "P32"
            why = f"the game is over: nothing follows it, not {mismatch.show(event)}"
            raise Refusal(index, rule, "after-end", why)
        if state.revealed_seed is not None:
            raise Refusal(index, "R3", "after-end", "the server seed is revealed only once")
        committed = self._dealt().proof
        if committed is None:
            why = "a seed is revealed, but the deal committed to none"
            raise Refusal(index, "P6", "unexpected-reveal", why)
        seed = proof.parse_seed(event.server_seed, _FAIR)
        proof.check_seed(committed, seed, _FAIR)
        return reveal_seed(state, seed)

    def _dealt(self) -> Dealt:
        dealt = self.events[0]
        if not isinstance(dealt, Dealt):
            raise AssertionError("the deal is checked first")
        return dealt

    def _expect(self, produced: Sequence[Event], start: int) -> None:
        """The recorded events from `start` must be exactly `produced`; fold them."""
        state = self.state
        for offset, expected in enumerate(produced):
            index = start + offset
            if index >= len(self.events):
                raise Refusal(
                    start,
                    "D8",
                    "incomplete-command",
                    f"the record ends inside a command: {mismatch.show(expected)} is missing "
                    "(a command's events are recorded together)",
                )
            recorded = self.events[index]
            if recorded != expected:
                raise Refusal(
                    index,
                    mismatch.mismatch_rule(expected, recorded),
                    "event-mismatch",
                    mismatch.difference(expected, recorded),
                )
            state = evolve(state, expected)
        self.state = state
        self.position = start + len(produced)


def _timeouts(count: int) -> str:
    return "1 timeout" if count == 1 else f"{count} timeouts"


def _who(event: Event) -> str:
    seat = getattr(event, "seat", None)
    return f"{type(event).__name__} by seat {seat}: " if isinstance(seat, int) else ""
