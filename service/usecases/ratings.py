"""The ratings' projection (R70-R74): finished games applied once, in the log's order.

The store's notification log orders every write; the finished games' end events are
read from it after the position the ratings stand at (`store.ratings.position`), each
with its deal (the stream's first event, which seats the players: U10), and applied in
one transaction that moves the position (`service.store.ratings`). Every process runs
`keep_ratings`, and a read of the ratings first catches up (`catch_up`): whichever
process applies a batch, it is applied once. `rebuild` derives the whole table again
from the stored games. A deal stored in an older shape is read through the store's
codec; a game whose events cannot be read at all is passed over with a warning, so the
ratings never stop on one game.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final
from uuid import UUID

import anyio
import msgspec
from eventsourcing.persistence import MapperDeserialisationError, Notification

from domain.codec import MalformedEvent
from domain.events import Event
from domain.games import GAMES, spec_for_rules_version, spec_starting
from domain.ratings.results import result_of
from service.store import GameStore
from service.store.envelopes import EVENT_TOPIC_PREFIX, Envelope
from service.store.ratings import Rated

#: The stored topics of the events that end a game, of every game.
END_TOPICS: Final = tuple(
    sorted(
        {EVENT_TOPIC_PREFIX + str(spec.end_type.__struct_config__.tag) for spec in GAMES.values()}
    )
)
#: The stored topics of the events that deal a game, of every game.
DEAL_TOPICS: Final = tuple(
    sorted(
        {EVENT_TOPIC_PREFIX + str(spec.deal_type.__struct_config__.tag) for spec in GAMES.values()}
    )
)
#: What the projection reads of the log: deals and ends.
LOG_TOPICS: Final = (*END_TOPICS, *DEAL_TOPICS)
#: How many deals and ends of games one transaction applies at most.
BATCH: Final = 500
_log = logging.getLogger("service.usecases.ratings")


class _DealHead(msgspec.Struct):
    """What a rating reads of a stored deal: who sat where, and the game's rules version
    (None in a deal stored in an older shape, which the store's codec upcasts: such a
    deal is read from the store)."""

    rules_version: str | None = None
    seated: tuple[str | None, ...] | None = None


_head = msgspec.json.Decoder(_DealHead)


def read_rated(store: GameStore, after: int, limit: int = BATCH) -> tuple[list[Rated], int | None]:
    """The rated results among the next `limit` deals and ends of games in the log after
    position `after`, and the position of the last read (None: nothing since).

    A game dealt in the same stretch of the log is read from its deal's record there
    (only its `seated` and rules version decoded); one dealt before it, from the store.
    """
    notes = store.recorder.select_notifications(
        after, limit, topics=LOG_TOPICS, inclusive_of_start=False
    )
    heads: dict[UUID, _DealHead] = {}
    rated: list[Rated] = []
    for note in notes:
        game_id = UUID(str(note.originator_id))
        if note.topic in DEAL_TOPICS:
            try:
                heads[game_id] = _head.decode(note.state)
            except msgspec.DecodeError:
                heads.pop(game_id, None)  # read from the store, through its codec
            continue
        try:
            found = _rated(store, note, game_id, heads.pop(game_id, None))
        except _UNREADABLE as error:
            # Deterministic: a rebuild, and an offline check, pass over it alike.
            _log.warning("game %s is not rated: its events cannot be read (%s)", game_id, error)
            continue
        if found is not None:
            rated.append(found)
    return rated, (notes[-1].id if notes else None)


#: What a stored game that cannot be read raises: a record of no known shape, a stream
#: that begins with no deal (`spec_starting`), or one cut short.
_UNREADABLE: Final = (
    MapperDeserialisationError,
    MalformedEvent,
    msgspec.DecodeError,
    ValueError,
    IndexError,
)


def _rated(
    store: GameStore, note: Notification, game_id: UUID, head: _DealHead | None
) -> Rated | None:
    """The rated result of the game that `note`, its end, ends (None: not rated)."""
    envelope = store.mapper.to_domain_event(note)
    if not isinstance(envelope, Envelope) or not isinstance(envelope.event, Event):
        return None
    spec = None
    if head is not None and head.rules_version is not None:
        spec = spec_for_rules_version(head.rules_version)
    deal: object = head
    if head is None or spec is None:
        deal = store.game_events(game_id, 0, 1)[0]
        spec = spec_starting(deal)
    result = result_of(str(game_id), deal, envelope.event, spec)
    return None if result is None else Rated(note.id, result, _seconds(envelope))


def catch_up(store: GameStore) -> int:
    """Apply every finished game not yet applied; how many rated games this call applied."""
    applied = 0
    while True:
        after = store.ratings.position()
        rated, upto = read_rated(store, after)
        if upto is None:
            return applied
        if store.ratings.apply(rated, after, upto):
            applied += len(rated)


def rebuild(store: GameStore) -> int:
    """Derive every rating again from the stored games; how many rated games there are."""
    everything: list[Rated] = []
    after, upto = 0, None
    while True:
        rated, last = read_rated(store, after)
        if last is None:
            break
        everything += rated
        after = upto = last
    store.ratings.replace(everything, upto or 0)
    return len(everything)


async def keep_ratings(store: GameStore, poll: float) -> None:
    """Catch up every `poll` seconds until cancelled (a look under way finishes first)."""
    while True:
        try:
            await anyio.to_thread.run_sync(catch_up, store)
        except Exception:
            # The store may be unreachable for a while: look again later.
            _log.exception("the ratings could not catch up with the finished games")
        await anyio.sleep(poll)


def _seconds(envelope: Envelope) -> float:
    stamp = envelope.timestamp
    return 0.0 if stamp is None else stamp.timestamp()


__all__: Sequence[str] = ("END_TOPICS", "catch_up", "keep_ratings", "read_rated", "rebuild")
