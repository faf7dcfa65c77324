"""Game records: a finished (or running) game as one self-contained document.

Format `penang-rummy-record/1`, in one of two encodings, both UTF-8 JSON:

- a JSON document:

      {"format": "penang-rummy-record/1", "rules_version": "penang-1",
       "game_id": "g-42", "events": [{"type": "Dealt", "v": 2, ...}, ...]}

- NDJSON: the first line is the same header object without `events`, then one event
  per line, in order.

`format` and `rules_version` are required; `game_id` is an optional string (or null).
`events` are the game's events in the order they were recorded, each in the codec's
stored form (`domain.codec`: its `type`, its schema version `v`, its fields). The first
event is `Dealt`: it carries the rule options (`rules`), the rules version, the seats,
the dealer, every hand and the undealt cards, and the deal proof when the deck was
drawn from seeds (`domain.fair`). A finished game ends with `GameEnded`, followed by
`SeedRevealed` when the deal was committed to a server seed.

`verify_record` replays a record through the rules (see `domain.audit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import msgspec

from domain.audit import Verdict, verify_events
from domain.codec import MalformedEvent, decode_events, encode_event
from domain.errors import MalformedInput
from domain.events import Dealt, Event

RECORD_FORMAT: Final = "penang-rummy-record/1"
_HEADER_KEYS: Final = frozenset({"format", "rules_version", "game_id"})


class MalformedRecord(MalformedInput):
    """A document that is not a game record: not JSON, a wrong format, a bad event."""

    code = "malformed-record"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's events with the record's header."""

    rules_version: str
    events: tuple[Event, ...]
    game_id: str | None = None
    format: str = RECORD_FORMAT


def make_record(events: Sequence[Event], game_id: str | None = None) -> GameRecord:
    """The record of a game's events; its rules version is the one its `Dealt` names."""
    if not events or not isinstance(events[0], Dealt):
        raise ValueError("a game's events begin with Dealt")
    return GameRecord(rules_version=events[0].rules_version, events=tuple(events), game_id=game_id)


def verify_record(record: GameRecord) -> Verdict:
    """Replay the record through the rules: valid, or the first event that breaks one."""
    return verify_events(record.events, record.rules_version)


# --- writing --------------------------------------------------------------------------


def _header(record: GameRecord) -> dict[str, Any]:
    return {
        "format": record.format,
        "rules_version": record.rules_version,
        "game_id": record.game_id,
    }


def dump_record(record: GameRecord, *, ndjson: bool = False) -> bytes:
    """The record as a JSON document (one event per line, for diffs) or as NDJSON."""
    encode = msgspec.json.encode
    lines = [encode(encode_event(event)) for event in record.events]
    if ndjson:
        return b"".join(line + b"\n" for line in [encode(_header(record)), *lines])
    head = encode(_header(record))[:-1]  # the header object, still open
    body = b",\n".join(lines)
    return head + b',"events":[\n' + body + (b"\n" if lines else b"") + b"]}\n"


# --- reading --------------------------------------------------------------------------


def load_record(data: bytes | str) -> GameRecord:
    """A record from its JSON or NDJSON text, or MalformedRecord naming what is wrong."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        document = msgspec.json.decode(raw)
    except msgspec.DecodeError:
        return _load_ndjson(raw)
    if not isinstance(document, dict):
        raise MalformedRecord("a record is a JSON object (or NDJSON: a header, then events)")
    if "events" not in document:
        # A record of no events at all, in NDJSON: just the header line.
        return _from_parts(document, [])
    events = document.pop("events")
    if not isinstance(events, list):
        raise MalformedRecord("`events` must be a list of events")
    return _from_parts(document, events)


def _load_ndjson(raw: bytes) -> GameRecord:
    lines = [line for line in raw.splitlines() if line.strip()]
    if not lines:
        raise MalformedRecord("the record is empty")
    items = []
    for number, line in enumerate(lines, start=1):
        try:
            items.append(msgspec.json.decode(line))
        except msgspec.DecodeError as error:
            raise MalformedRecord(f"line {number} is not JSON: {error}") from None
    header = items[0]
    if not isinstance(header, dict) or "events" in header:
        raise MalformedRecord("an NDJSON record begins with a header line without events")
    return _from_parts(header, items[1:])


def _from_parts(header: dict[str, Any], stored: list[Any]) -> GameRecord:
    unknown = set(header) - _HEADER_KEYS
    if unknown:
        raise MalformedRecord(f"unknown header fields: {', '.join(sorted(unknown))}")
    if header.get("format") != RECORD_FORMAT:
        raise MalformedRecord(
            f"format {header.get('format')!r} is not {RECORD_FORMAT!r}: not a record this reads"
        )
    rules_version = header.get("rules_version")
    game_id = header.get("game_id")
    if not isinstance(rules_version, str):
        raise MalformedRecord("`rules_version` must be a string")
    if game_id is not None and not isinstance(game_id, str):
        raise MalformedRecord("`game_id` must be a string or null")
    try:
        events = decode_events(stored)
    except MalformedEvent as error:
        raise MalformedRecord(error.message) from None
    return GameRecord(rules_version=rules_version, events=tuple(events), game_id=game_id)
