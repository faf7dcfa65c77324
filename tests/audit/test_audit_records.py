"""Game records: the JSON and NDJSON forms round-trip, and a bad document is refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from domain.penang.codec import encode_event
from domain.penang.events import TurnEnded
from domain.records import (
    RECORD_FORMAT,
    GameRecord,
    MalformedRecord,
    dump_record,
    load_record,
    make_record,
)


def test_the_json_form_round_trips(golden: Callable[[str], GameRecord]) -> None:
    record = golden("four-players")
    data = dump_record(record)
    assert load_record(data) == record
    assert load_record(data.decode("utf-8")) == record


def test_the_json_form_is_one_document_with_one_event_per_line(
    golden: Callable[[str], GameRecord],
) -> None:
    record = golden("three-players")
    data = dump_record(record)
    document = msgspec.json.decode(data)
    assert list(document) == ["format", "rules_version", "game_id", "events"]
    assert document["format"] == RECORD_FORMAT == "penang-rummy-record/1"
    assert document["rules_version"] == "penang-1"
    assert document["game_id"] == "golden/three-players"
    assert document["events"] == [
        msgspec.json.decode(msgspec.json.encode(encode_event(e))) for e in record.events
    ]
    assert len(data.splitlines()) == len(record.events) + 2


def test_the_ndjson_form_round_trips(golden: Callable[[str], GameRecord]) -> None:
    record = golden("five-players")
    data = dump_record(record, ndjson=True)
    lines = data.splitlines()
    assert len(lines) == 1 + len(record.events)
    assert msgspec.json.decode(lines[0]) == {
        "format": RECORD_FORMAT,
        "rules_version": "penang-1",
        "game_id": "golden/five-players",
    }
    assert msgspec.json.decode(lines[1])["type"] == "Dealt"
    assert load_record(data) == record


def test_both_forms_read_the_same_golden_records(golden_dir: Path) -> None:
    for path in sorted(golden_dir.glob("*.json")):
        record = load_record(path.read_bytes())
        assert load_record(dump_record(record, ndjson=True)) == record
        # The checked-in file is exactly what dump_record writes.
        assert dump_record(record) == path.read_bytes()


def test_a_record_without_a_game_id(golden: Callable[[str], GameRecord]) -> None:
    record = make_record(golden("two-players").events)
    assert record.game_id is None
    assert record.rules_version == "penang-1"
    for ndjson in (False, True):
        assert load_record(dump_record(record, ndjson=ndjson)) == record


def test_make_record_needs_a_deal_first() -> None:
    with pytest.raises(ValueError, match="begin with Dealt"):
        make_record([TurnEnded(seat=0)])
    with pytest.raises(ValueError, match="begin with Dealt"):
        make_record([])


def test_an_ndjson_record_of_just_its_header_has_no_events() -> None:
    header = b'{"format":"penang-rummy-record/1","rules_version":"penang-1"}\n'
    record = load_record(header)
    assert record.events == ()
    assert record.game_id is None


def _document(**change: object) -> bytes:
    document: dict[str, object] = {
        "format": RECORD_FORMAT,
        "rules_version": "penang-1",
        "game_id": "g",
        "events": [encode_event(TurnEnded(seat=0))],
    }
    document.update(change)
    return msgspec.json.encode({key: value for key, value in document.items() if value != ...})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"\n\n", "empty"),
        (b"[]", "a record is a JSON object"),
        (b"{not json", "line 1 is not JSON"),
        (_document(format="penang-rummy-record/3"), "not a game record .*: its format is 'pe"),
        (_document(format=...), "not a game record .*: it names no `format`"),
        (b'{"a": 1}', "not a game record .*: it names no `format`"),
        (_document(format="chess-pgn", players=["a"]), "not a game record .*'chess-pgn'"),
        (_document(rules_version=1), "`rules_version` must be a string"),
        (_document(rules_version=...), "`rules_version` must be a string"),
        (_document(game_id=7), "`game_id` must be a string or null"),
        (_document(events={}), "`events` must be a list"),
        (_document(players=["a"]), "unknown header fields: players"),
        (_document(events=[{"type": "TurnEnded", "v": 1}]), "event 0: .*seat"),
        (
            _document(events=[encode_event(TurnEnded(seat=0)), {"type": "Drew", "v": 1}]),
            "event 1: unknown event type 'Drew'",
        ),
        (
            b'{"format":"penang-rummy-record/1","events":[]}\n{"type":"TurnEnded"}',
            "header line without",
        ),
        (b'{"format":"penang-rummy-record/1","rules_version":"penang-1"}\n[1,', "line 2"),
    ],
)
def test_a_malformed_record_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(MalformedRecord, match=message) as refused:
        load_record(data)
    assert refused.value.code == "malformed-record"
