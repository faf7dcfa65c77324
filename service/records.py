"""How domain events and the service's private records are stored by eventsourcing.

The domain's events are msgspec Structs with no ids and no clocks. Here each one is
wrapped in an `Envelope` that satisfies eventsourcing's `DomainEventProtocol`
(originator id, version, timestamp), and `StructMapper` stores it under the topic of
the wrapped class (`domain.events:Melded`) as the struct's msgspec JSON, with the time
it was recorded added as `recorded_at`. Loading resolves the topic and decodes the
JSON into that class again (unknown members such as `recorded_at` are ignored by the
struct, and read back into the envelope).

The service's own records are structs too and are stored the same way, each in its
own stream: a game's secrets (`GameSecrets`) and idempotent answers (`StoredAnswer`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, MapperDeserialisationError, StoredEvent
from eventsourcing.utils import get_topic, resolve_topic


class GameSecrets(msgspec.Struct, frozen=True, kw_only=True):
    """A game's private record: never in the game stream, never in a response."""

    #: SHA-256 (hex) of each seat's bearer token, by seat.
    token_sha256: tuple[str, ...]
    #: The server seed (hex) committed to by `Dealt.proof`; None for an explicit deck.
    server_seed: str | None = None


class StoredAnswer(msgspec.Struct, frozen=True, kw_only=True):
    """The first answer to a request sent with an Idempotency-Key."""

    #: SHA-256 of the request (operation, seat and canonical body), to refuse reuse.
    request_sha256: str
    status: int
    #: The response body, JSON text.
    body: str
    version: int


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


class StructMapper(Mapper[UUID]):
    """Stores `Envelope`s: the wrapped struct's topic and msgspec JSON (see module doc)."""

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        if not isinstance(domain_event, Envelope):
            raise TypeError(f"only envelopes are stored, not {type(domain_event).__name__}")
        body = _encoder.encode(domain_event.event)
        stamp = _encoder.encode(domain_event.timestamp)
        # Every stored struct encodes as a non-empty JSON object (tagged, or with fields).
        state = b'{"recorded_at":' + stamp + b"," + body[1:]
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=get_topic(type(domain_event.event)),
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        cls = resolve_topic(stored_event.topic)
        originator_id = stored_event.originator_id
        if not isinstance(originator_id, UUID):
            originator_id = UUID(str(originator_id))
        try:
            event = _decoder(cls).decode(stored_event.state)
            stamp = _stamp_decoder.decode(stored_event.state).recorded_at
        except msgspec.DecodeError as error:
            raise MapperDeserialisationError(
                f"cannot decode {stored_event.topic} at version "
                f"{stored_event.originator_version} of {originator_id}: {error}"
            ) from error
        return Envelope(originator_id, stored_event.originator_version, event, stamp)


def secrets_id(game_id: UUID) -> UUID:
    """The stream of a game's secrets."""
    return uuid5(game_id, "secrets")


def answer_id(game_id: UUID, seat: int, key: str) -> UUID:
    """The stream of one seat's answer to one Idempotency-Key (per seat: it shows a hand)."""
    return uuid5(game_id, f"idempotency:{seat}:{key}")
