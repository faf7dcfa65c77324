"""Records with bot seats, verified (R33): every command of a seat the deal names a
bot's must be the one that bot plays.

A record's deal event names each seat's bot (`bots`). Once the game's server seed is
revealed, each bot command is a pure function of the seat's view at that point and the
seed `domain.fair.bot_seed` derives for it, so a verifier folds the record, and at
every point where a bot seat is on turn computes the command its bot would send
(`domain.bots.seats`), has the game decide it, and compares the events with the record's.
A record where a bot seat's events differ (the service played that seat another way,
for or against a person) is refused `bot-turn-mismatch`, naming R33. Besides its bot's
commands a bot seat may hold only what the service records for any seat: Penang's dead
declarations as the turn comes (D6, reasons `no_move` and `no_passport`) and by the turn
clock (R19, reason `timeout`; R35), and the draw games' and Gin's default turns, which
the clock marks as its own (R36, R51). Before the seed is revealed nothing can be
re-derived, and the check waits for the end.

`verify_record` is `domain.record_proofs.verify_record` with this check: what the service's
`verify` and its imports run. It lives here, above the games and the records, because
the bots play every game (DESIGN principle 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import record_proofs
from domain.bots.seats import bots_of
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState
from domain.errors import RummyError
from domain.events import Event, SeedRevealed
from domain.fair import bot_seed
from domain.game import Game
from domain.provenance import RecordVerdict
from domain.records import GameRecord
from domain.replay import Refusal


def verify_record(record: GameRecord) -> RecordVerdict:
    """The record's verdict (`domain.record_proofs.verify_record`), its bot seats checked."""
    return record_proofs.verify_record(record, also=bot_refusal)


def bot_refusal(spec: Game, events: Sequence[Event], starts: Sequence[int]) -> Refusal | None:
    """The refusal of the first bot command of the record that is not its bot's, if any;
    `starts` are where the record's commands begin, as the rules' replay found them."""
    try:
        check_bot_turns(spec, events, starts)
    except Refusal as refusal:
        return refusal
    return None


def check_bot_turns(
    spec: Game, events: Sequence[Event], starts: Sequence[int] | None = None
) -> None:
    """Refuse (`Refusal`, code `bot-turn-mismatch`) the first bot command of the record
    that is not its bot's; a record without bots, or whose seed is not revealed (and
    that was not dealt from an explicit deck), passes as it is.

    `starts` are where the record's commands begin (the rules' replay finds them when
    not given): an event that names no seat is the end of the command before only where
    no command begins, so a bot seat's command recorded by such an event alone (Gin's
    pass at the wall, R41, ends the hand) is compared like any other."""
    if not events:
        return
    bots: tuple[str | None, ...] | None = getattr(events[0], "bots", None)
    if bots is None:
        return
    seats = len(getattr(events[0], "players", ()))
    if len(bots) != seats:
        why = f"the deal names {len(bots)} seats' bots for {seats} seats"
        raise Refusal(0, "R33", "bot-turn-mismatch", why)
    revealed = [event.server_seed for event in events if isinstance(event, SeedRevealed)]
    if getattr(events[0], "proof", None) is not None and not revealed:
        return
    seed = bytes.fromhex(revealed[0]) if revealed else None
    if starts is None:
        found: list[int] = []
        spec.verify(events, None, found)
        starts = found
    begins = frozenset(starts)
    state = spec.fold(events[:1], None)
    position = 1
    while position < len(events):
        seat = state.turn
        name = None if seat is None or state.over else bots[seat]
        event = events[position]
        if name is None or _recorded_for(event, seat):
            state = spec.fold([event], state)
            position += 1
            continue
        expected = _bot_command(spec, state, seat, name, seed, at=position)
        recorded = list(events[position : position + len(expected)])
        if recorded != expected and getattr(event, "seat", None) != seat and position not in begins:
            # The end of the command before (`HandEnded`, `GameEnded`, a reveal): the
            # rules' replay has judged it; the bot's seat has not moved yet.
            state = spec.fold([event], state)
            position += 1
            continue
        if recorded != expected:
            expected = _clock_turn(spec, state, seat, seed)
            if not expected or list(events[position : position + len(expected)]) != expected:
                why = f"seat {seat} is played by bot {name!r}, which would not record these events"
                raise Refusal(position, "R33", "bot-turn-mismatch", why)
        state = spec.fold(expected, state)
        position += len(expected)


def _clock_turn(spec: Game, state: Any, seat: int, seed: bytes | None) -> list[Event]:
    """The default turn the turn clock plays for `seat` (R19, R36, R51), where the game
    marks it as the clock's (its fold then holds the seat timed out: a discard with
    reason `timeout`, Gin's marks): a bot seat's turn can run out too, when its process
    was stopped or its bot turns held back past the deadline. Empty where the game's
    clock turn carries no mark, so that nothing unmarked passes for the clock's."""
    try:
        events = spec.default_turn(state, seat, _rebuild(state, seed))
        marked = spec.timed_out(spec.fold(events, state), seat) is not None
    except RummyError:
        return []
    return events if marked else []


def _rebuild(state: Any, seed: bytes | None) -> Any:
    if isinstance(state, DrawState) and state.proof is not None and seed is not None:
        return seeded(seed, state.proof.seat_seeds)
    return None


def _bot_command(
    spec: Game, state: Any, seat: int, name: str, seed: bytes | None, *, at: int
) -> list[Event]:
    """The events the game records for the command `name` sends from `seat`'s view."""
    play = bots_of(spec).get(name)
    if play is None:
        raise Refusal(0, "R33", "bot-turn-mismatch", f"{spec.title} has no bot {name!r}")
    actions = play(spec.view(state, seat, False), bot_seed(seed, seat, state.version))
    rebuild = _rebuild(state, seed)
    try:
        if actions is None:
            events: list[Event] = spec.declare_dead(state, seat)
        else:
            events = spec.play(state, seat, actions, rebuild)
    except RummyError as error:
        raise Refusal(at, "R33", "bot-turn-mismatch", f"bot {name!r}: {error}") from None
    return events


#: Dead declarations the service records for a seat whatever plays it: Penang's D6 (no
#: move, no passport) as the turn comes, and the turn clock's timeout (R19).
_RECORDED_FOR_SEAT = frozenset({"no_move", "no_passport", "timeout"})


def _recorded_for(event: Event, seat: int | None) -> bool:
    """Whether `event` is one the service records for `seat` rather than its player's."""
    reason = getattr(event, "reason", None)
    return reason in _RECORDED_FOR_SEAT and getattr(event, "seat", None) == seat
