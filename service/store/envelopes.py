"""How domain events and the service's private records are stored by eventsourcing.

The domain's events are msgspec Structs with no ids and no clocks. Here each one is
wrapped in an `Envelope` that satisfies eventsourcing's `DomainEventProtocol`
(originator id, version, timestamp), and `StructMapper` stores it as JSON with the
time it was recorded added as `recorded_at`.

A domain event is stored through the event codec (`domain.codec`), the same form a
game record holds: its `type`, its schema version `v`, its fields. One codec reads every
game's events (`domain.games.ALL_GAME_EVENTS`: Penang Rummy's, basic Rummy's and Three
Thirteen's tags never clash), and every game's events share the topic prefix:

    topic  domain.events:LaidOff
    state  {"recorded_at": "2026-…Z", "type": "LaidOff", "v": 1, "seat": 2, …}

The topic is a readable label (`domain.events:` and the event type), not an import
path: reading a domain event never resolves it, the codec decodes the state by its
`type` and `v`, upcasting an older schema version to the current one (see the codec's
docstring for how an event type evolves, and its `Dealt` v1 → v2 example).

The service's own records are structs too, stored as their msgspec JSON, each in its
own stream: a game's secrets (`GameSecrets`) and idempotent answers (`StoredAnswer`).
Their topics are fixed labels too (`RECORD_TOPICS`: `service.records:GameSecrets`,
where the classes first lived), so moving a class never strands what is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final
from uuid import UUID, uuid5

import msgspec
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, MapperDeserialisationError, StoredEvent

from domain.codec import EventCodec, MalformedEvent
from domain.events import Event
from domain.games import ALL_GAME_EVENTS
from domain.match.codec import MATCH_EVENTS
from domain.match.events import MatchEvent
from domain.players.events import KeyIssued, KeyRevoked, PlayerRegistered

#: The topic of a stored game event is this prefix and the event's type.
EVENT_TOPIC_PREFIX: Final = "domain.events:"
#: The topic of a stored match event is this prefix and the event's type.
MATCH_TOPIC_PREFIX: Final = "domain.match:"
#: Each family of domain events: its base class, its topic prefix and its codec.
_FAMILIES: Final[tuple[tuple[type[msgspec.Struct], str, EventCodec[Any]], ...]] = (
    (Event, EVENT_TOPIC_PREFIX, ALL_GAME_EVENTS),
    (MatchEvent, MATCH_TOPIC_PREFIX, MATCH_EVENTS),
)
_STAMP_KEY: Final = "recorded_at"


class GameSecrets(msgspec.Struct, frozen=True, kw_only=True):
    """A game's private record: never in the game stream, never in a response."""

    #: SHA-256 (hex) of each seat's bearer token, by seat.
    token_sha256: tuple[str, ...]
    #: The server seed (hex) committed to by `Dealt.proof`; None for an explicit deck.
    server_seed: str | None = None
    #: The match the game is a game of, if any (its stream id), and its number in it.
    match_id: UUID | None = None
    number: int | None = None
    #: The table's turn clock: seconds for each turn (R19); None for no clock.
    turn_seconds: int | None = None
    #: The bot of each seat the service plays, by seat (None: a person's); None for no bots.
    bots: tuple[str | None, ...] | None = None


class MatchSecrets(msgspec.Struct, frozen=True, kw_only=True):
    """A match's private record; a new version is stored with each claim or leave."""

    #: The match seed (hex) committed to by `MatchOpened.proof`; None for explicit decks.
    server_seed: str | None
    #: SHA-256 (hex) of the host's token, which may close the match.
    host_sha256: str
    #: SHA-256 (hex) of each seat's bearer token, by seat; None for an open seat.
    seat_sha256: tuple[str | None, ...]
    #: Explicit deck orders by game (tests and replays, where the service allows them).
    decks: tuple[tuple[str, ...], ...] | None = None
    #: The turn clock of every game of the match: seconds for each turn (R19), or None.
    turn_seconds: int | None = None
    #: The bot of each seat the service plays in every game, by seat; None for no bots.
    bots: tuple[str | None, ...] | None = None
    #: The player holding each seat (U13: its public id), by seat; None where no seat is
    #: a player's. Every game of the match records it in its deal (`seated`, U10).
    seated: tuple[str | None, ...] | None = None


class StoredAnswer(msgspec.Struct, frozen=True, kw_only=True):
    """The first answer to a request sent with an Idempotency-Key."""

    #: SHA-256 of the request (operation, seat and canonical body), to refuse reuse.
    request_sha256: str
    status: int
    #: The response body, JSON text; when `sealed`, encrypted under the Idempotency-Key
    #: (it holds tokens: `service.usecases.idempotency`), in base64url.
    body: str
    version: int
    sealed: bool = False


class HandleClaim(msgspec.Struct, frozen=True, kw_only=True):
    """A handle's skeleton is this player's (U3): the one record of its stream."""

    player_id: UUID


class KeyOwner(msgspec.Struct, frozen=True, kw_only=True):
    """A player's key, found by its hash's stream: whose it is, and its id."""

    player_id: UUID
    key_id: str


#: The stored topic of each of the service's own record types: labels, not import paths.
#: A player's events (`domain.players`) are stored so too, under topics of their own.
RECORD_TOPICS: Final[dict[str, type[msgspec.Struct]]] = {
    "service.records:GameSecrets": GameSecrets,
    "service.records:StoredAnswer": StoredAnswer,
    "service.records:MatchSecrets": MatchSecrets,
    "service.records:HandleClaim": HandleClaim,
    "service.records:KeyOwner": KeyOwner,
    "domain.players:PlayerRegistered": PlayerRegistered,
    "domain.players:KeyIssued": KeyIssued,
    "domain.players:KeyRevoked": KeyRevoked,
}
_TOPICS_BY_TYPE: Final = {cls: topic for topic, cls in RECORD_TOPICS.items()}


class Envelope:
    """One stored record: a struct placed at a version of a stream, at a time."""

    __slots__ = ("event", "originator_id", "originator_version", "timestamp")

    def __init__(
        self,
        originator_id: UUID,
        originator_version: int,
        event: msgspec.Struct,
        timestamp: datetime | None = None,
    ) -> None:
        self.originator_id = originator_id
        self.originator_version = originator_version
        self.event = event
        self.timestamp = timestamp or datetime.now(UTC)


class _Stamp(msgspec.Struct):
    recorded_at: datetime | None = None


_stamp_decoder = msgspec.json.Decoder(_Stamp)
_encoder = msgspec.json.Encoder()
_decoders: dict[type[Any], msgspec.json.Decoder[Any]] = {}


def _decoder(cls: type[Any]) -> msgspec.json.Decoder[Any]:
    decoder = _decoders.get(cls)
    if decoder is None:
        decoder = _decoders[cls] = msgspec.json.Decoder(cls)
    return decoder


#: By struct class: its stored topic, and its family's codec (None: a record of the
#: service's own, stored as its msgspec JSON).
_stored_kinds: dict[type[Any], tuple[str, EventCodec[Any] | None]] = {}


def _stored_kind(kind: type[Any]) -> tuple[str, EventCodec[Any] | None]:
    """How a struct of `kind` is stored (KeyError for a struct that is not stored)."""
    family = next((f for f in _FAMILIES if issubclass(kind, f[0])), None)
    if family is None:
        found: tuple[str, EventCodec[Any] | None] = (_TOPICS_BY_TYPE[kind], None)
    else:
        _, prefix, codec = family
        found = (prefix + str(kind.__struct_config__.tag), codec)
    _stored_kinds[kind] = found
    return found


class StructMapper(Mapper[UUID]):
    """Stores `Envelope`s: domain events through the codec, records as structs (module doc)."""

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        if not isinstance(domain_event, Envelope):
            raise TypeError(f"only envelopes are stored, not {type(domain_event).__name__}")
        event = domain_event.event
        kind = type(event)
        known = _stored_kinds.get(kind) or _stored_kind(kind)
        topic, codec = known
        body = _encoder.encode(event) if codec is None else codec.encode_json(event)
        stamp = _encoder.encode(domain_event.timestamp)
        # Every stored struct encodes as a non-empty JSON object (tagged, or with fields).
        state = b'{"' + _STAMP_KEY.encode() + b'":' + stamp + b"," + body[1:]
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=topic,
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        originator_id = stored_event.originator_id
        if not isinstance(originator_id, UUID):
            originator_id = UUID(str(originator_id))
        topic, state = stored_event.topic, stored_event.state
        version = stored_event.originator_version
        try:
            stamp = _stamp_decoder.decode(state).recorded_at
        except msgspec.DecodeError as error:
            raise _undecodable(topic, originator_id, version, error) from error
        event = decode_record(topic, state, originator_id, version)
        return Envelope(originator_id, version, event, stamp)


def decode_record(topic: str, state: bytes, stream: UUID, version: int) -> msgspec.Struct:
    """The struct stored with `topic` as `state` (its stamp ignored) at `version` of
    `stream`; MapperDeserialisationError if it cannot be read.

    A domain event is read by its family's codec, straight into its class when stored at
    its type's current schema version (`EventCodec.decode_json`), upcast otherwise.
    """
    try:
        decode = _by_topic.get(topic) or _topic_decoder(topic)
        return decode(state)
    except (msgspec.DecodeError, MalformedEvent, KeyError) as error:
        raise _undecodable(topic, stream, version, error) from error


_by_topic: dict[str, Callable[[bytes], msgspec.Struct]] = {}


def _topic_decoder(topic: str) -> Callable[[bytes], msgspec.Struct]:
    """How a record of `topic` is decoded (KeyError for an unknown topic)."""
    codec = next((c for _, p, c in _FAMILIES if topic.startswith(p)), None)
    decode = codec.decode_json if codec is not None else _decoder(RECORD_TOPICS[topic]).decode
    _by_topic[topic] = decode
    return decode


def _undecodable(
    topic: str, stream: UUID, version: int, error: Exception
) -> MapperDeserialisationError:
    return MapperDeserialisationError(
        f"cannot decode {topic} at version {version} of {stream}: {error}"
    )


def secrets_id(game_id: UUID) -> UUID:
    """The stream of a game's secrets."""
    return uuid5(game_id, "secrets")


def answer_id(game_id: UUID, seat: int, key: str) -> UUID:
    """The stream of one seat's answer to one Idempotency-Key (per seat: it shows a hand)."""
    return uuid5(game_id, f"idempotency:{seat}:{key}")
