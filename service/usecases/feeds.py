"""What a live-update stream carries, read from the store: its events, in order, placed.

**A game stream** carries the game's events; an event's position (the stream's `id`)
is the game's version after it: `Dealt` is 1.

**A match stream** carries the match's events and the events of each of its games,
merged in one order that is a function of what is stored alone, so that a position
names the same event in every process, at any time, and a client that resumes after
position p gets exactly the events after it:

1. the match's events, in their order;
2. right after `MatchGameStarted` for game n, every event of game n, as they are
   recorded;
3. the match's events recorded after that `MatchGameStarted` (a `MatchClosed` sent
   while the game runs, `MatchGameScored`, then `MatchEnded` or the next game's
   `MatchGameStarted`) only once game n is over, after its last event.

A position is the event's place in that sequence, from 1. A game's last events are
recorded in one transaction with its score and the next deal (`matches.continue_after`),
so a read that sees the game over and not yet the match's next events only stops
early; the next read continues at the same place. Past a finished game, a read that
resumes skips the game's events by its length (its cached state), reading none of them.

Each event leaves as the viewer may see it (its game's views: `game_kinds.view_event`), as
`getEvents` shows it: a seat of a match sees its own hand in every game of the match
(the seat number is the same in each), and while a game runs nobody sees another hand
or the undealt cards (P5); once it is over, everything (R3).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal
from uuid import UUID

import msgspec

from domain.events import Event
from domain.match.events import AnyMatchEvent, MatchEnded, MatchGameStarted
from domain.views import Viewer
from service.errors import EventIdNotFound
from service.store import GameStore
from service.store.game_folds import AnyGameState
from service.store.game_folds import fold_game as fold
from service.usecases.clock import deadline
from service.usecases.game_kinds import AnyEventView, view_event
from service.usecases.messages import EventRecord
from service.usecases.stream_messages import MatchStreamRecord, TurnMessage

Kind = Literal["game", "match"]
#: Past every position: a read that skips everything it can (to find the stream's end).
END: Final = 2**62
_encoder = msgspec.json.Encoder()


@dataclass(frozen=True, slots=True)
class Item:
    """One event of a stream, at its position; `game_id` None for an event of the match."""

    position: int
    version: int
    event: Event | AnyMatchEvent
    game_id: UUID | None


@dataclass(frozen=True, slots=True)
class Message:
    """One message of a stream: its SSE `event` name, `id` (None: none) and JSON data."""

    event: str
    id: int | None
    data: bytes


@dataclass(slots=True)
class Cursor:
    """Where a stream's reading stands: its position, and the game it is at.

    A game stream's cursor is at its game, always. A match stream's is at the last game
    whose `MatchGameStarted` it passed; `in_game` while that game's events are still to
    come (the match's next events wait for its end).
    """

    kind: Kind
    stream: UUID
    position: int = 0
    match_version: int = 0
    match_over: bool = False
    game_id: UUID | None = None
    game: AnyGameState | None = None
    in_game: bool = False
    #: The games known to be over (their events may be shown in full, R3).
    over: set[UUID] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        """Nothing will follow: the game (the match) is over and every event read."""
        if self.kind == "game":
            return self.game is not None and self.game.over
        return self.match_over and not self.in_game

    def versions(self) -> dict[UUID, int]:
        """The streams this cursor follows, each with the version read."""
        followed = {self.stream: self.match_version}
        if self.game_id is not None and self.game is not None:
            followed[self.game_id] = self.game.version
        return followed


# --- before a stream opens ----------------------------------------------------------------


def check_game_after(store: GameStore, game_id: UUID, after: int) -> None:
    """Refuse a position `after` the game's stream has not reached (its version)."""
    current = store.state(game_id).version
    if after > current:
        raise EventIdNotFound(after, current, "game")


def check_match_after(store: GameStore, match_id: UUID, after: int) -> None:
    """Refuse a position `after` the match's stream has not reached (read to its end)."""
    if after:
        current = read(store, Cursor("match", match_id), END)[1].position
        if after > current:
            raise EventIdNotFound(after, current, "match")


# --- reading ----------------------------------------------------------------------------------


def start(store: GameStore, kind: Kind, stream: UUID) -> Cursor:
    """A cursor at the stream's end now (a game's state, or the whole match skimmed)."""
    if kind == "game":
        state = store.state(stream)
        over = {stream} if state.over else set()
        return Cursor(kind, stream, state.version, game_id=stream, game=state, over=over)
    return read(store, Cursor(kind, stream), END)[1]


def read(store: GameStore, cursor: Cursor, after: int = 0) -> tuple[list[Item], Cursor]:
    """The items recorded past `cursor`, those placed after `after` only, and the new cursor."""
    cursor = copy.copy(cursor)
    cursor.over = set(cursor.over)
    items: list[Item] = []
    if cursor.kind == "game":
        _read_game(store, cursor, items, after)
        return items, cursor
    while True:
        if cursor.in_game:
            _read_game(store, cursor, items, after)
            if cursor.in_game:
                break  # the game runs: the match's next events wait for its end
        if not _read_match(store, cursor, items, after):
            break
    return items, cursor


def _read_match(store: GameStore, cursor: Cursor, items: list[Item], after: int) -> bool:
    """The match's events up to the next game's start; whether there were any."""
    events = store.matches.events(cursor.stream, cursor.match_version)
    for event in events:
        cursor.match_version += 1
        cursor.position += 1
        if cursor.position > after:
            items.append(Item(cursor.position, cursor.match_version, event, None))
        if isinstance(event, MatchEnded):
            cursor.match_over = True
        if isinstance(event, MatchGameStarted):
            cursor.game_id, cursor.game, cursor.in_game = UUID(event.game_id), None, True
            break  # its events come next; the rest of these are read again after them
    return bool(events)


def _read_game(store: GameStore, cursor: Cursor, items: list[Item], after: int) -> None:
    """The events of the cursor's game past what it has read (or, when all lie at or
    before `after` in a finished game, none: the game is skipped by its length)."""
    game_id = cursor.game_id
    assert game_id is not None
    read_so_far = 0 if cursor.game is None else cursor.game.version
    base = cursor.position - read_so_far
    if cursor.game is None and cursor.kind == "match":
        known = store.state(game_id)
        if known.over and base + known.version <= after:
            _at(cursor, base, known)
            return
    events = store.game_events(game_id, read_so_far)
    for version, event in enumerate(events, start=read_so_far + 1):
        if base + version > after:
            items.append(Item(base + version, version, event, game_id))
    if events:
        _at(cursor, base, fold(events, cursor.game))


def _at(cursor: Cursor, base: int, state: AnyGameState) -> None:
    cursor.game, cursor.position = state, base + state.version
    if state.over and cursor.game_id is not None:
        cursor.over.add(cursor.game_id)
        cursor.in_game = False


def catch_up(store: GameStore, cursor: Cursor, after: int) -> tuple[list[Item], set[UUID]]:
    """The items placed after `after` up to `cursor`'s position, and the games over."""
    if cursor.kind == "game":
        events = store.game_events(cursor.stream, after, cursor.position)
        found = [Item(after + i, after + i, e, cursor.stream) for i, e in enumerate(events, 1)]
        return found, cursor.over
    items, read_to = read(store, Cursor("match", cursor.stream), after)
    # Read to now, shown as at `cursor`: a game with events past it was not over there.
    later = {item.game_id for item in items if item.position > cursor.position}
    return [item for item in items if item.position <= cursor.position], read_to.over - later


def turn(store: GameStore, cursor: Cursor) -> TurnMessage | None:
    """Whose turn it is in the cursor's game, and its deadline (`clock.deadline`)."""
    if cursor.game_id is None or cursor.game is None:
        return None
    state = cursor.game
    return TurnMessage(
        game_id=cursor.game_id,
        version=state.version,
        turn=state.turn,
        over=state.over,
        deadline=deadline(store, cursor.game_id),
    )


# --- as a viewer sees it ----------------------------------------------------------------------


def render(kind: Kind, items: Sequence[Item], viewer: Viewer, over: set[UUID]) -> list[Message]:
    """Each item as `viewer` may see it (`domain.views`), as the stream sends it."""
    messages = []
    for item in items:
        event = item.event
        if isinstance(event, Event):
            shown: AnyEventView | AnyMatchEvent = view_event(event, viewer, item.game_id in over)
        else:
            shown = event
        if kind == "game":
            if isinstance(shown, AnyEventView):
                data = _encoder.encode(EventRecord(version=item.version, event=shown))
            else:
                raise TypeError("a game stream holds game events only")
        else:
            record = MatchStreamRecord(
                position=item.position, game_id=item.game_id, version=item.version, event=shown
            )
            data = _encoder.encode(record)
        messages.append(Message(_type(shown), item.position, data))
    return messages


def turn_message(message: TurnMessage) -> Message:
    return Message("turn", None, _encoder.encode(message))


def _type(event: msgspec.Struct) -> str:
    tag = event.__struct_config__.tag
    return tag if isinstance(tag, str) else type(event).__name__
