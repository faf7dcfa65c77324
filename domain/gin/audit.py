"""Gin Rummy's events as stored (`domain.codec`), the seed's reveal, and the replay (G15).

A record is replayed action by action: each recorded event, read back into the action
that recorded it (`action_of`), is decided again from the state folded so far, and
what the rules produce must be the record's next events exactly. The deal's `bots`
(which seats the service played, R33, R50) are taken as recorded: the rules deal the
cards, the service names who plays them, and `domain.bots.audit` checks each bot's
commands. A deal that names a
seed is `committed`; once the seed is revealed its SHA-256 must be the commitment.

The turn clock's default turn is marked (R51: reason `timeout` on the seat's last event
of it, or `GinHandEnded.timed_out`): where the seat on turn's events ahead hold its
mark, the replay tries the game's default turn from there, the abandoned end included
(R45, R52), and takes it where the record's next events are exactly that turn; else the
seat played that action itself, and a mark the clock did not make is refused as any
event the rules would not record. The engine knows no clock: the timeout is taken as
recorded, as R19's is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from domain import proof
from domain.codec import EventCodec
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.deal import deck_dealing
from domain.drawgame.events import Discarded, Drew, HandDealt
from domain.errors import BadSeed, GameOver, RuleViolation, RummyError
from domain.events import Event, SeedRevealed
from domain.fair import commitment
from domain.gin.clock import default_turn
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.events import (
    CardLaidOff,
    GinHandEnded,
    Knocked,
    MeldShown,
    ShowingDone,
    UpcardPassed,
)
from domain.gin.fold import evolve
from domain.gin.game import play, start_hand
from domain.gin.rules import RULES_VERSION, GinRules
from domain.gin.state import GinState
from domain.replay import Refusal, Replay, Verdict, check_rules_version, named_bots

GIN_EVENTS: Final = EventCodec[Event](
    (
        HandDealt[GinRules],
        UpcardPassed,
        Drew,
        Discarded,
        Knocked,
        MeldShown,
        CardLaidOff,
        ShowingDone,
        GinHandEnded,
        SeedRevealed,
    ),
)
GIN_EVENTS.check()


def reveal_seed(state: GinState, server_seed: bytes) -> list[Event]:
    """After the end, publish the server seed that `HandDealt.proof` committed to (R28)."""
    if not state.over:
        raise GameOver("the server seed is revealed only once the hand is over", "R28")
    if state.proof is None or state.revealed_seed is not None:
        raise BadSeed("this hand has no committed seed left to reveal", "G2")
    if commitment(server_seed) != state.proof.server_seed_sha256:
        raise BadSeed("the seed's SHA-256 is not the commitment published in HandDealt", "G2")
    return [SeedRevealed(server_seed=server_seed.hex())]


def action_of(state: GinState, events: Sequence[Event], at: int) -> tuple[int, GinAction]:
    """The seat and the action that recorded the event at `at`."""
    event = events[at]
    following = events[at + 1] if at + 1 < len(events) else None
    seat: int = getattr(event, "seat", state.turn if state.turn is not None else -1)
    if isinstance(event, UpcardPassed):
        return seat, PassAction()
    if isinstance(event, Drew):
        if state.phase == "wall" and isinstance(following, Knocked):
            return seat, _knock(following)  # R41: a knock at the wall takes the upcard
        return seat, DrawAction(source=event.source)
    if isinstance(event, Discarded):
        return seat, DiscardAction(card=event.card)
    if isinstance(event, Knocked):
        return seat, _knock(event)
    if isinstance(event, MeldShown):
        return seat, ShowMeldAction(cards=event.cards)
    if isinstance(event, CardLaidOff):
        return seat, LayOffCardAction(card=event.card)
    if isinstance(event, ShowingDone):
        return seat, DoneAction()
    if isinstance(event, GinHandEnded) and state.turn is not None:
        if event.reason == "upcard_limit":
            return state.turn, DrawAction(source="discard")
        return state.turn, PassAction()
    raise Refusal(at, "G15", "unexpected-event", f"no action records {type(event).__name__}")


def _knock(event: Knocked) -> GinAction:
    """A knock's action: big gin where the knock records it (G19)."""
    return BigGinAction() if event.big_gin else KnockAction()


def clock_marked(events: Sequence[Event], seat: int) -> bool:
    """Whether the seat's run of events at the head of `events` holds the clock's mark."""
    for event in events:
        if isinstance(event, GinHandEnded):
            return event.timed_out == seat
        if getattr(event, "seat", None) != seat:
            return False
        if getattr(event, "reason", None) == "timeout":
            return True
    return False


class _Replay(Replay[GinState]):
    def _check_deal(self, rules_version: str | None) -> None:
        dealt = self.events[0] if self.events else None
        if not isinstance(dealt, HandDealt):
            raise Refusal(0, "G2", "no-deal", "a hand begins with HandDealt")
        check_rules_version("HandDealt", dealt.rules_version, rules_version, RULES_VERSION)
        if not isinstance(dealt.rules, GinRules):
            raise Refusal(0, None, "rules-version", "the rules are not Gin Rummy's")
        try:
            deck = deck_dealing(dealt, "G2")
            produced = start_hand(
                dealt.players, deck, dealt.rules, dealt.dealer, proof=dealt.proof, number=dealt.hand
            )
            if dealt.proof is not None:
                proof.check_proof(dealt.proof, "G2")
                self.deal_check = "committed"
        except RummyError as error:
            raise Refusal.by(0, error) from None
        self._expect(named_bots(produced, dealt), 0)  # R33: the service names its bots

    def _next_command(self, state: GinState) -> None:
        start, event = self.position, self.events[self.position]
        try:
            if state.over:
                produced = self._after_end(state, event, start)
            else:
                produced = self._clock_turn(state, start) or self._command(state, start)
        except RuleViolation as violation:
            raise Refusal.by(start, violation) from None
        except RummyError as error:
            raise Refusal.by(start, error) from None
        self._expect(produced, start)

    def _command(self, state: GinState, start: int) -> list[Event]:
        seat, action = action_of(state, self.events, start)
        return play(state, seat, [action])

    def _clock_turn(self, state: GinState, start: int) -> list[Event]:
        """The default turn of the seat on turn (R51), where the record's next events are
        exactly it; else empty."""
        seat = state.turn
        if seat is None or not clock_marked(self.events[start:], seat):
            return []
        produced = default_turn(state, seat)
        return produced if list(self.events[start : start + len(produced)]) == produced else []

    def _after_end(self, state: GinState, event: Event, index: int) -> list[Event]:
        if not isinstance(event, SeedRevealed):
            raise Refusal(index, "G15", "after-end", "the hand is over: nothing follows it")
        if state.proof is None:
            raise Refusal(index, "G2", "unexpected-reveal", "the deal committed to no seed")
        seed = proof.parse_seed(event.server_seed, "G2")
        proof.check_seed(state.proof, seed, "G2")
        self.deal_check = "verified"
        return reveal_seed(state, seed)

    def _expect(self, produced: Sequence[Event], start: int) -> None:
        state = self.state
        for offset, expected in enumerate(produced):
            index = start + offset
            if index >= len(self.events):
                why = f"the record ends inside a command: {type(expected).__name__} is missing"
                raise Refusal(start, "G4", "incomplete-command", why)
            if self.events[index] != expected:
                why = f"the rules record {expected!r}, the record {self.events[index]!r}"
                raise Refusal(index, "G4", "event-mismatch", why)
            state = evolve(state, expected)
        self.state = state
        self.position = start + len(produced)

    def _verdict(self, state: GinState) -> Verdict:
        count, ended = len(self.events), state.ended
        how = "the hand is not over" if ended is None else f"the hand ended: {ended.reason}"
        return Verdict(
            valid=True,
            finished=ended is not None,
            events_checked=count,
            code="valid" if ended is not None else "valid-so-far",
            message=f"{count} events follow the rules; {how}",
            deal=self.deal_check,
        )


def verify(
    events: Sequence[Event], rules_version: str | None = None, starts: list[int] | None = None
) -> Verdict:
    """Replay a hand of Gin Rummy through the rules; `starts` gathers where each command
    begins (`domain.replay.Replay.verify`)."""
    return _Replay(events).verify(rules_version, starts)
