"""The event codec: every event type round-trips, and older stored shapes are upcast."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from domain.codec import MalformedEvent
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.penang.codec import (
    SCHEMA_VERSIONS,
    UPCASTERS,
    decode_event,
    decode_event_json,
    encode_event,
    encode_event_json,
)
from domain.penang.events import (
    EVENT_TYPES,
    Dealt,
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
)
from domain.penang.rules import CardPoints, PenangRules
from domain.record_proofs import verify_record
from domain.records import GameRecord, load_record

SAMPLES: tuple[Event, ...] = (
    Dealt(
        rules=PenangRules(jokers=8, cards_per_player=4, card_points=CardPoints(ace=1)),
        rules_version="penang-1",
        players=("ann", "ben"),
        dealer=1,
        hands=(("AS", "2S", "3S", "JK"), ("5H", "5D", "5C", "KC")),
        undealt=("QD", "JK"),
        proof=DealProof(
            algorithm="hmac-sha256-fisher-yates/1", server_seed_sha256="ab" * 32, seat_seeds=()
        ),
    ),
    Dealt(
        rules=PenangRules(),
        rules_version="penang-1",
        players=("a", "b", "c"),
        dealer=0,
        hands=(("AS",), ("2S",), ("3S",)),
        undealt=(),
    ),
    PassportMelded(
        seat=0, meld=0, kind="run", cards=("AS", "2S", "JK"), stands_for=("AS", "2S", "3S")
    ),
    Melded(seat=1, meld=1, kind="set", cards=("5H", "5D", "JK"), stands_for=("5", "5", "5")),
    LaidOff(seat=0, meld=0, card="4S", stands_for="4S", end="high"),
    LaidOff(seat=1, meld=1, card="5C", stands_for="5"),
    WildSwapped(seat=0, meld=1, slot=2, card="5S"),
    TurnEnded(seat=1),
    DeclaredDead(seat=2, reason="no_passport"),
    DeclaredGame(seat=0),
    GameEnded(reason="game", deadwood=((), ("KC",)), points=(0, 10), winners=(0,)),
    SeedRevealed(server_seed="00" * 32),
)


def test_the_samples_cover_every_event_type() -> None:
    assert {type(event) for event in SAMPLES} == set(EVENT_TYPES)


def test_every_event_type_has_a_schema_version_and_its_upcasters() -> None:
    names = {event_type.__struct_config__.tag for event_type in EVENT_TYPES}
    assert set(SCHEMA_VERSIONS) == names
    for name, current in SCHEMA_VERSIONS.items():
        assert {(name, version) for version in range(1, current)} <= set(UPCASTERS)
    assert all(version < SCHEMA_VERSIONS[name] for name, version in UPCASTERS)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_an_event_round_trips_through_its_stored_form(event: Event) -> None:
    stored = encode_event(event)
    assert list(stored)[:2] == ["type", "v"]
    assert stored["type"] == type(event).__struct_config__.tag == type(event).__name__
    assert stored["v"] == SCHEMA_VERSIONS[stored["type"]]
    assert decode_event(stored) == event
    assert decode_event_json(encode_event_json(event)) == event
    # The stored form is plain JSON: it survives a trip through text.
    assert decode_event(msgspec.json.decode(msgspec.json.encode(stored))) == event


def test_every_event_of_the_golden_records_round_trips(golden_dir: Path) -> None:
    seen: set[type[Event]] = set()
    for path in sorted(golden_dir.glob("*.json")):
        for event in load_record(path.read_bytes()).events:
            assert decode_event_json(encode_event_json(event)) == event
            seen.add(type(event))
    assert seen == set(EVENT_TYPES)


def test_a_passport_meld_keeps_its_type() -> None:
    passport = SAMPLES[2]
    decoded = decode_event(encode_event(passport))
    assert type(decoded) is PassportMelded
    assert decoded != Melded(**msgspec.structs.asdict(passport))


# --- evolution -------------------------------------------------------------------------


def _stored_dealt() -> dict[str, object]:
    return encode_event(SAMPLES[0])


def test_a_field_added_with_a_default_needs_no_upcast() -> None:
    # Dealt gained `proof` with a default: a deal stored before it still reads, unproven.
    stored = _stored_dealt()
    del stored["proof"]
    assert stored["v"] == 2
    decoded = decode_event(stored)
    assert isinstance(decoded, Dealt)
    assert decoded.proof is None
    assert decoded.hands == (("AS", "2S", "3S", "JK"), ("5H", "5D", "5C", "KC"))


def test_a_dealt_v1_without_rules_version_is_upcast_to_penang_1() -> None:
    stored = _stored_dealt()
    del stored["rules_version"]
    stored["v"] = 1
    decoded = decode_event(stored)
    assert isinstance(decoded, Dealt)
    assert decoded.rules_version == "penang-1"
    assert decoded == SAMPLES[0]
    # Re-encoding writes the current shape.
    assert encode_event(decoded)["v"] == 2
    assert encode_event(decoded)["rules_version"] == "penang-1"


def test_a_dealt_v2_without_rules_version_is_refused() -> None:
    # v2 made the rules version part of the stored deal: it is never guessed.
    stored = _stored_dealt()
    del stored["rules_version"]
    with pytest.raises(MalformedEvent, match="rules_version"):
        decode_event(stored)


def test_a_record_holding_a_dealt_v1_still_verifies(
    golden: Callable[[str], GameRecord], golden_dir: Path
) -> None:
    document = msgspec.json.decode((golden_dir / "four-players.json").read_bytes())
    dealt = document["events"][0]
    del dealt["rules_version"]
    dealt["v"] = 1
    record = load_record(msgspec.json.encode(document))
    assert record.events == golden("four-players").events
    verdict = verify_record(record)
    assert verdict.valid, verdict.message
    assert verdict.deal == "verified"


def test_upcasting_leaves_the_stored_dict_alone() -> None:
    stored = _stored_dealt()
    del stored["rules_version"]
    stored["v"] = 1
    before = dict(stored)
    decode_event(stored)
    assert stored == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "Discarded"}, "unknown event type 'Discarded'"),
        ({"type": None}, "unknown event type None"),
        ({"v": None}, "schema version"),
        ({"v": 0}, "schema version"),
        ({"v": True}, "schema version"),
        ({"v": 2}, "TurnEnded v2 was stored by a newer version"),
        ({"seat": "1"}, "Expected `int`, got `str`"),
        ({"seat": None}, "Expected `int`, got `null`"),
    ],
)
def test_a_malformed_stored_event_is_refused(change: dict[str, object], message: str) -> None:
    stored = {**encode_event(TurnEnded(seat=1)), **change}
    with pytest.raises(MalformedEvent, match=message.replace("(", r"\(")):
        decode_event(stored)
    # Read from JSON, straight into the tagged class, the same is refused alike.
    with pytest.raises(MalformedEvent, match=message.replace("(", r"\(")):
        decode_event_json(msgspec.json.encode(stored))


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_json_read_by_its_tag_is_the_event_beside_other_keys(event: Event) -> None:
    # The store keeps its own keys in a stored event's object (the time it was recorded).
    stored = {"recorded_at": "2026-01-01T00:00:00Z", **encode_event(event)}
    assert decode_event_json(msgspec.json.encode(stored)) == event == decode_event(stored)


def test_json_of_an_older_schema_version_is_upcast() -> None:
    stored = _stored_dealt()
    del stored["rules_version"]
    stored["v"] = 1
    decoded = decode_event_json(msgspec.json.encode(stored))
    assert isinstance(decoded, Dealt) and decoded == SAMPLES[0]


def test_a_stored_event_missing_its_version_is_refused() -> None:
    stored = encode_event(TurnEnded(seat=1))
    del stored["v"]
    with pytest.raises(MalformedEvent, match="schema version"):
        decode_event(stored)


def test_unknown_rule_options_in_a_stored_deal_are_refused() -> None:
    stored = _stored_dealt()
    stored["rules"] = {**msgspec.to_builtins(PenangRules()), "wild_twos": True}
    with pytest.raises(MalformedEvent, match="wild_twos"):
        decode_event(stored)


@pytest.mark.parametrize("data", [b"[1, 2]", b"not json", b'"Dealt"'])
def test_json_that_is_not_an_event_object_is_refused(data: bytes) -> None:
    with pytest.raises(MalformedEvent):
        decode_event_json(data)


def test_events_stored_at_their_current_versions_decode_as_one_array() -> None:
    from domain.games import ALL_GAME_EVENTS

    stored = [encode_event_json(event) for event in SAMPLES]
    array = b"[" + b",".join(stored) + b"]"
    assert ALL_GAME_EVENTS.decode_json_array(array) == list(SAMPLES)
    assert ALL_GAME_EVENTS.decode_json_array(b"[]") == []


@pytest.mark.parametrize(
    "other",
    [
        b'{"type": "Dealt", "v": 1}',  # an older schema version: upcast one by one
        b'{"type": "TurnEnded", "v": 2, "seat": 0}',  # a newer one: refused one by one
        b'{"type": "TurnEnded", "v": true, "seat": 0}',
        b'{"type": "MatchOpened", "v": 1}',  # another family's
        b'{"token_sha256": []}',  # no event at all
        b'{"type": "TurnEnded", "v": 1, "seat": "zero"}',  # malformed
    ],
)
def test_an_array_holding_any_other_record_is_left_to_be_read_one_by_one(other: bytes) -> None:
    from domain.games import ALL_GAME_EVENTS

    array = b"[" + encode_event_json(SAMPLES[0]) + b"," + other + b"]"
    assert ALL_GAME_EVENTS.decode_json_array(array) is None
    assert ALL_GAME_EVENTS.decode_json_array(b"[" + other[:-1]) is None  # not JSON
