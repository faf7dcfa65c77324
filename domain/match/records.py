"""Match records: a match as one self-contained document, its games' records inside.

Format `penang-rummy-match-record/1`, a UTF-8 JSON document:

    {"format": "penang-rummy-match-record/1", "rules_version": "penang-1",
     "match_id": "m-7", "events": [{"type": "MatchOpened", "v": 1, ...}, ...],
     "games": [{"format": "penang-rummy-record/1", ..., "events": [...]}, ...]}

`events` are the match's events in the order recorded, in their stored form
(`domain.match.codec`); `games` are the records of its games (`domain.records`), in the
order they were dealt, each exactly as the game's own export gives it. Every game of a
match stays an ordinary game: its record verifies on its own, its dealer aside, which
the match chose (P7, P8) and which only the match's record proves.
`domain.match.audit.verify_match_record` checks the whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import msgspec

from domain.codec import MalformedEvent
from domain.match.codec import MATCH_EVENTS
from domain.match.events import AnyMatchEvent, MatchOpening
from domain.records import GameRecord, MalformedRecord, dump_record, load_record

MATCH_RECORD_FORMAT: Final = "penang-rummy-match-record/1"
_KEYS: Final = frozenset({"format", "rules_version", "match_id", "events", "games"})


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match's events and its games' records, with the record's header."""

    rules_version: str
    events: tuple[AnyMatchEvent, ...]
    games: tuple[GameRecord, ...]
    match_id: str | None = None
    format: str = MATCH_RECORD_FORMAT


def make_match_record(
    events: Sequence[AnyMatchEvent], games: Sequence[GameRecord], match_id: str | None = None
) -> MatchRecord:
    """The record of a match; its rules version is the one its opening names."""
    if not events or not isinstance(events[0], MatchOpening):
        raise ValueError("a match's events begin with MatchOpened or DrawMatchOpened")
    return MatchRecord(
        rules_version=events[0].rules_version,
        events=tuple(events),
        games=tuple(games),
        match_id=match_id,
    )


def dump_match_record(record: MatchRecord) -> bytes:
    """The record as one JSON document: one match event per line, then each game's record."""
    encode = msgspec.json.encode
    header = encode(
        {
            "format": record.format,
            "rules_version": record.rules_version,
            "match_id": record.match_id,
        }
    )[:-1]
    events = b",\n".join(encode(MATCH_EVENTS.encode(event)) for event in record.events)
    games = b",\n".join(dump_record(game).rstrip(b"\n") for game in record.games)
    return header + b',"events":[\n' + events + b'\n],"games":[\n' + games + b"\n]}\n"


def is_match_record(document: object) -> bool:
    """Whether a decoded JSON document says it is a match record."""
    return isinstance(document, dict) and document.get("format") == MATCH_RECORD_FORMAT


def load_match_record(data: bytes | str) -> MatchRecord:
    """A match record from its JSON text, or MalformedRecord naming what is wrong."""
    try:
        document = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise MalformedRecord(f"a match record is one JSON document: {error}") from None
    return _match_record_from(document)


def _match_record_from(document: Any) -> MatchRecord:
    """A match record from its decoded JSON document."""
    if not is_match_record(document):
        raise MalformedRecord(f"the format is not {MATCH_RECORD_FORMAT!r}")
    unknown = set(document) - _KEYS
    if unknown:
        raise MalformedRecord(f"unknown match record fields: {', '.join(sorted(unknown))}")
    rules_version, match_id = document.get("rules_version"), document.get("match_id")
    events, games = document.get("events"), document.get("games")
    if not isinstance(rules_version, str):
        raise MalformedRecord("`rules_version` must be a string")
    if match_id is not None and not isinstance(match_id, str):
        raise MalformedRecord("`match_id` must be a string or null")
    if not isinstance(events, list) or not isinstance(games, list):
        raise MalformedRecord("`events` and `games` must be lists")
    try:
        decoded = MATCH_EVENTS.decode_events(events)
    except MalformedEvent as error:
        raise MalformedRecord(f"match {error.message}") from None
    records = []
    for number, game in enumerate(games, start=1):
        try:
            records.append(load_record(msgspec.json.encode(game)))
        except MalformedRecord as error:
            raise MalformedRecord(f"game {number}: {error.message}") from None
    return MatchRecord(
        rules_version=rules_version,
        events=tuple(decoded),
        games=tuple(records),
        match_id=match_id,
    )
