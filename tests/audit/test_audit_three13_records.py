"""Records of Three Thirteen: they replay through its rules, going out and the last turns
included, and a tampered one is refused naming the rule it breaks (T1–T10, R27, R28).

The hand is a seeded hand 4 of three seats (two packs, sixes wild) played by
tests/property's random players; the record reveals its seed.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from property.every_game import Table  # tests/property, a package beside this one
from property.games_played import play

from domain.record_proofs import chain_record, verify_record
from domain.records import dump_record, load_record, make_record
from domain.three13.rules import ThirteenRules

HAND = play(Table("three-thirteen", 3, ThirteenRules(), 5, fair=True, number=4))
DOCUMENT = dump_record(make_record(HAND.events))


def index_of(kind: str) -> int:
    stored = msgspec.json.decode(DOCUMENT)["events"]
    return next(i for i, e in enumerate(stored) if e["type"] == kind)


def forged(kind: str, field: str, change: Any) -> bytes:
    document = msgspec.json.decode(DOCUMENT)
    event = document["events"][index_of(kind)]
    event[field] = change(event[field])
    return msgspec.json.encode(document)


def test_a_finished_hand_is_valid_verified_and_round_trips() -> None:
    record = load_record(dump_record(chain_record(make_record(HAND.events)), ndjson=True))
    verdict = verify_record(record)
    assert (verdict.valid, verdict.code, verdict.deal, verdict.chain) == (
        True, "valid", "verified", "ok"
    )  # fmt: skip
    assert record.rules_version == "three-thirteen-1"


@pytest.mark.parametrize(
    ("kind", "field", "change", "rule", "code"),
    [
        pytest.param("WentOut", "melds", lambda m: m[:-1], "T8", "cannot-go-out", id="T8-melds"),
        pytest.param("HandEnded", "points", lambda p: [x + 1 for x in p], "T9", "event-mismatch",
                     id="T9-points"),
        pytest.param("HandEnded", "melds", lambda m: m[::-1], "T9", "event-mismatch",
                     id="R27-another-arrangement"),
        pytest.param("HandDealt", "hand", lambda n: n + 1, "T1", "event-mismatch", id="T1-number"),
        pytest.param("Drew", "source", lambda s: "discard" if s == "stock" else "stock", "T4",
                     "event-mismatch", id="T4-another-source"),
    ],
)  # fmt: skip
def test_a_tampered_event_is_refused(
    kind: str, field: str, change: Any, rule: str, code: str
) -> None:
    verdict = verify_record(load_record(forged(kind, field, change)))
    assert not verdict.valid
    assert (verdict.rule, verdict.code) == (rule, code), verdict
    assert verdict.first_bad_event is not None and verdict.first_bad_event >= index_of(kind) - 1
