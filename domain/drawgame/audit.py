"""Auditing a hand of a draw game: replay its events through its game's rules.

`verify_hand` re-decides every recorded event, as `domain.penang.audit` does for Penang:

1. The first event is `HandDealt`, under the game's rules version (and the one the
   record's header names) and of the game's rules type. Its hands, upcard and stock are
   rebuilt into the deck that deals them, and the deal is run again: the options must be
   playable, the hands the size the rules call for, the cards exactly the game's packs.
2. A fair deal (`HandDealt.proof`): when the record reveals the server seed, its SHA-256
   must be the commitment, and the deck shuffled from the seeds must deal exactly the
   recorded dealer, hands, upcard and stock; every stock rebuilt from the discard pile
   must then be in the order the same seeds draw for it (`domain.fair`, rule 7; R20).
   Without a revealed seed a rebuild must be the discard pile less its top card; with
   no seed committed to at all, turned over as it lies.
3. The events are grouped into turns: a seat's draw (after the rebuild it caused) and
   the actions that follow it up to its discard, which the game rebuilds into actions
   and decides again as one command. A discard with reason `timeout` is the turn
   clock's: what the seat played before it is decided as a command, the rest must be
   the game's default turn from there (R36), the hand's end as abandoned included where
   that turn left every person's last turn the clock's (R45; a `HandEnded` with reason
   `abandoned` anywhere else is refused). The engine knows no clock: the record's
   timeout is taken as recorded, as R19's is for Penang. The events the rules return must equal the
   recorded ones exactly, going out and the score included. (A turn sent as several
   commands is accepted whole: each action is judged as it was, and a command that
   left the seat holding only the card it took from the discard pile never ended one.)
4. After `HandEnded` nothing may follow but one `SeedRevealed` (R28).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import fair, mismatch, proof
from domain.cards import Card, sort_cards, texts
from domain.drawgame.deal import deal_hand, deck_dealing
from domain.drawgame.events import Discarded, Drew, HandDealt, StockRebuilt, WentOut
from domain.drawgame.fold import evolve
from domain.drawgame.piles import DrawTerms, reveal_seed, seeded
from domain.drawgame.state import DrawState
from domain.errors import RuleViolation, RummyError
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.game import Rebuild
from domain.replay import (
    DealCheck,
    Refusal,
    Replay,
    Verdict,
    check_rules_version,
    named_bots,
)
from domain.rule_ids import RuleId

_NOTES: dict[DealCheck, str] = {
    "verified": "the deal and every rebuilt stock were recomputed from the revealed seed",
    "committed": "the deal was committed to a seed not yet revealed",
    "unproven": "the deal names no seeds",
}
#: The events a seat's own actions record (the others are the rules' own).
TURN_EVENTS = Drew | Melded | LaidOff | Discarded


@dataclass(frozen=True, slots=True)
class HandGame:
    """What the replay needs of a draw game."""

    terms: DrawTerms
    rules_version: str
    rules_type: type[Any]
    #: The game's packs in canonical order, for its rules and seats (to shuffle from seeds).
    packs: Callable[[Any, int], tuple[Card, ...]]
    deal: Callable[..., list[Event]]
    play: Callable[[DrawState, int, Sequence[Any], Rebuild | None], list[Event]]
    #: The turn the clock plays for a seat whose time ran out (R36).
    default_turn: Callable[[DrawState, int, Rebuild | None], list[Event]]
    #: A turn's recorded events (a seat's own: `TURN_EVENTS`, and a `WentOut`) as actions.
    actions: Callable[[Sequence[Event]], list[Any]]
    #: The rule that decides each event, named where a record holds another.
    rules: Mapping[type[Event], RuleId]


def verify_hand(
    game: HandGame,
    events: Sequence[Event],
    rules_version: str | None = None,
    starts: list[int] | None = None,
) -> Verdict:
    """Replay a hand's `events` through `game`'s rules (this module's docstring);
    `starts` gathers where each command begins (`domain.replay.Replay.verify`)."""
    return _Replay(game, events).verify(rules_version, starts)


class _Replay(Replay[DrawState]):
    def __init__(self, game: HandGame, events: Sequence[Event]) -> None:
        super().__init__(events)
        self.game = game
        self.rebuild: Rebuild | None = None

    def _verdict(self, state: DrawState) -> Verdict:
        count, deal = len(self.events), _NOTES[self.deal_check]
        ended = state.ended
        if ended is None:
            message = f"{count} events follow the rules, but the hand is not over; {deal}"
        else:
            how = ended.reason if ended.went_out is None else f"seat {ended.went_out} went out"
            message = f"{count} events follow the rules; {how}; {deal}"
        return Verdict(
            valid=True,
            finished=ended is not None,
            events_checked=count,
            code="valid" if ended is not None else "valid-so-far",
            message=message,
            deal=self.deal_check,
        )

    # --- the deal -------------------------------------------------------------------

    def _check_deal(self, rules_version: str | None) -> None:
        terms = self.game.terms
        dealt = self.events[0] if self.events else None
        if not isinstance(dealt, HandDealt):
            why = "a hand begins with HandDealt" + (
                f", not {type(dealt).__name__}" if dealt else ""
            )
            raise Refusal(0, terms.deal_rule, "no-deal", why)
        verifier = self.game.rules_version
        check_rules_version("HandDealt", dealt.rules_version, rules_version, verifier)
        if type(dealt.rules) is not self.game.rules_type:
            raise Refusal(0, None, "rules-version", f"the rules are not {terms.title}'s")
        try:
            deck = deck_dealing(dealt, terms.deal_rule)
            produced = self.game.deal(
                dealt.players, deck, dealt.rules, dealt.dealer, proof=dealt.proof, number=dealt.hand
            )
            self._check_proof(dealt)
        except RummyError as error:
            raise Refusal.by(0, error) from None
        self._expect(named_bots(produced, dealt), 0)

    def _check_proof(self, dealt: HandDealt[Any]) -> None:
        """Recompute the deal, and the rebuilds, from a revealed seed (P6's recipe, R20)."""
        if dealt.proof is None:
            return  # R20: with no seed, a rebuilt stock is the pile turned over
        terms = self.game.terms
        proof.check_proof(dealt.proof, terms.deal_rule)
        self.deal_check = "committed"
        self.rebuild = _as_recorded(self.events)
        reveal = next((e for e in self.events if isinstance(e, SeedRevealed)), None)
        if reveal is None:
            return
        try:
            seed = proof.parse_seed(reveal.server_seed, terms.deal_rule)
            proof.check_seed(dealt.proof, seed, terms.deal_rule)
        except RuleViolation:
            return  # the reveal is judged where it stands
        self._check_fair_deal(dealt, dealt.proof, seed)
        self.rebuild = seeded(seed, dealt.proof.seat_seeds)
        self.deal_check = "verified"

    def _check_fair_deal(self, dealt: HandDealt[Any], committed: DealProof, seed: bytes) -> None:
        seats, terms = len(dealt.players), self.game.terms
        packs = self.game.packs(dealt.rules, seats)
        deck, drawn, _ = fair.fair_deal_of(packs, seats, seed, committed.seat_seeds)
        dealer = drawn if committed.dealer_drawn else dealt.dealer
        if dealer != dealt.dealer:
            why = f"the seeds choose seat {dealer} to deal; the record says seat {dealt.dealer}"
            raise proof.DealMismatch(why, terms.deal_rule)
        size = len(dealt.hands[0]) if dealt.hands else 0
        hands, upcard, stock = deal_hand(deck, seats, dealer, size, terms.deal_rule)
        again = (tuple(texts(sort_cards(hand)) for hand in hands), upcard.text, texts(stock))
        if again != (dealt.hands, dealt.upcard, dealt.stock):
            why = "the seeds deal other cards than the record's"
            raise proof.DealMismatch(why, terms.deal_rule)

    # --- the turns ------------------------------------------------------------------

    def _next_command(self, state: DrawState) -> None:
        start, event = self.position, self.events[self.position]
        terms = self.game.terms
        try:
            if state.over:
                produced = self._after_end(state, event)
            elif isinstance(event, TURN_EVENTS | StockRebuilt):
                seat, turn = self._turn(start)
                produced = self._decide(state, seat, turn)
            elif isinstance(event, SeedRevealed):
                why = "the server seed is revealed once the hand is over"
                raise Refusal(start, terms.hidden_rule, "early-reveal", why)
            else:
                why = f"{mismatch.show(event)}: the rules record it only where a seat goes out"
                raise Refusal(start, terms.end_rule, "unexpected-event", why)
        except RuleViolation as violation:
            index = start + (violation.action_index or 0)
            raise Refusal.by(index, violation) from None
        except RummyError as error:
            raise Refusal.by(start, error) from None
        self._expect(produced, start)

    def _decide(self, state: DrawState, seat: int, turn: Sequence[Event]) -> list[Event]:
        """The events the rules record for `turn`: the seat's own actions, and where its
        discard is the clock's (reason `timeout`), the default turn (R36): the whole turn
        where the clock drew too, else from where the seat's own actions left it (a
        record does not say who drew; where both readings give the same events, either
        holds)."""
        clock = next(
            (at for at, event in enumerate(turn) if isinstance(event, Discarded) and event.reason),
            None,
        )
        if clock is None:
            return self.game.play(state, seat, self.game.actions(turn), self.rebuild)
        whole = self.game.default_turn(state, seat, self.rebuild)
        recorded = self.events[self.position : self.position + len(whole)]
        if list(recorded) == whole:
            return whole
        own = list(turn[:clock])
        produced = self.game.play(state, seat, self.game.actions(own), self.rebuild) if own else []
        after = state
        for event in produced:
            after = evolve(after, event)
        return produced + self.game.default_turn(after, seat, self.rebuild)

    def _turn(self, start: int) -> tuple[int, list[Event]]:
        """The seat and the recorded events of the turn from `start`: a rebuild, the seat's
        own events up to its discard, and its `WentOut` (a game may record melds in it)."""
        events = self.events
        index = start + 1 if isinstance(events[start], StockRebuilt) else start
        first = events[index] if index < len(events) else None
        if not isinstance(first, TURN_EVENTS):
            why = "a stock is rebuilt only when a seat draws from it"
            raise Refusal(start, self.game.terms.rebuild_rule, "unexpected-event", why)
        seat, turn = first.seat, list[Event]()
        for at in range(index, len(events)):
            event = events[at]
            if not isinstance(event, TURN_EVENTS | WentOut) or event.seat != seat:
                break
            turn.append(event)
            if isinstance(event, WentOut) or (
                isinstance(event, Discarded) and not _goes_out_next(events, at)
            ):
                break
        return seat, turn

    def _after_end(self, state: DrawState, event: Event) -> list[Event]:
        index, terms = self.position, self.game.terms
        if not isinstance(event, SeedRevealed):
            why = f"the hand is over: nothing follows it, not {mismatch.show(event)}"
            raise Refusal(index, terms.end_rule, "after-end", why)
        if state.revealed_seed is not None:
            raise Refusal(index, terms.hidden_rule, "after-end", "the seed is revealed only once")
        dealt = self.events[0]
        if not isinstance(dealt, HandDealt) or dealt.proof is None:
            why = "a seed is revealed, but the deal committed to none"
            raise Refusal(index, terms.deal_rule, "unexpected-reveal", why)
        seed = proof.parse_seed(event.server_seed, terms.deal_rule)
        proof.check_seed(dealt.proof, seed, terms.deal_rule)
        return reveal_seed(state, seed, terms)

    def _expect(self, produced: Sequence[Event], start: int) -> None:
        state = self.state
        for offset, expected in enumerate(produced):
            index = start + offset
            if index >= len(self.events):
                why = f"the record ends inside a command: {mismatch.show(expected)} is missing"
                raise Refusal(start, self.game.terms.turn_rule, "incomplete-command", why)
            recorded = self.events[index]
            if recorded != expected:
                rule = self.game.rules.get(type(expected))
                raise Refusal(
                    index, rule, "event-mismatch", mismatch.difference(expected, recorded)
                )
            state = evolve(state, expected)
        self.state = state
        self.position = start + len(produced)


def _goes_out_next(events: Sequence[Event], discarded: int) -> bool:
    """Whether the event after the discard at `discarded` is its seat going out with the
    melds it declares (Three Thirteen's `go_out`, R27)."""
    following = events[discarded + 1] if discarded + 1 < len(events) else None
    seat = getattr(events[discarded], "seat", None)
    return isinstance(following, WentOut) and following.seat == seat and bool(following.melds)


def _as_recorded(events: Sequence[Event]) -> Rebuild:
    """Rebuilds in the order the record gives them, while the seed is not revealed (the
    rules still check that each is the discard pile less its top card)."""
    orders = {e.number: e.stock for e in events if isinstance(e, StockRebuilt)}

    def recorded(cards: Sequence[Card], number: int) -> Sequence[Card]:
        return [Card(text) for text in orders.get(number, ())]

    return recorded
