"""Records that prove their origin: a chained, signed record (format `/2`) verifies only as
the signer wrote it, and the verdict names the first altered event.

The records here are golden records sealed with a key made for the test; tampering is
done on the JSON anyone downloads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain.record_proofs import chain_record, verify_record
from domain.records import (
    CHAINED_RECORD_FORMAT,
    RECORD_FORMAT,
    GameRecord,
    MalformedRecord,
    dump_record,
    load_record,
)
from service.signing import KeyRing, PublicKey, keys_by_id, verify_signed

Json = dict[str, Any]
KEY = KeyRing(Ed25519PrivateKey.generate())
OTHER = KeyRing(Ed25519PrivateKey.generate())


def sealed(golden: Callable[[str], GameRecord], name: str = "four-players-jokers-stay") -> Json:
    """The golden record, signed by KEY, as the JSON a client downloads."""
    document: Json = msgspec.json.decode(dump_record(KEY.seal(golden(name))))
    return document


def check(document: Json, keys: Any = None) -> Any:
    return verify_signed(load_record(msgspec.json.encode(document)), keys)


OURS = keys_by_id([KEY.current])


def test_a_sealed_record_verifies_with_its_key(golden: Callable[[str], GameRecord]) -> None:
    document = sealed(golden)
    assert document["format"] == CHAINED_RECORD_FORMAT
    assert list(document) == ["format", "rules_version", "game_id", "events", "chain", "signature"]
    assert len(document["chain"]["events"]) == len(document["events"])
    assert document["signature"]["kid"] == KEY.current.kid
    verdict = check(document, OURS)
    assert verdict.valid and verdict.finished
    assert (verdict.chain, verdict.signature, verdict.key_id) == ("ok", "valid", KEY.current.kid)
    assert verdict.summary().endswith(
        f"chain intact; signed by key {KEY.current.kid}: signature valid"
    )


def test_without_a_key_the_chain_is_checked_and_the_signature_is_not(
    golden: Callable[[str], GameRecord],
) -> None:
    verdict = check(sealed(golden))
    assert verdict.valid and (verdict.chain, verdict.signature) == ("ok", "unchecked")
    assert "signature not checked (no key given)" in verdict.summary()


def test_a_lay_off_moved_to_another_set_of_its_rank_is_legal_but_breaks_the_chain(
    golden: Callable[[str], GameRecord],
) -> None:
    # Event 13 of this game lays off onto set 3; set 1 has the same rank, so the
    # rules accept the other lay-off just as well: only the chain tells them apart.
    document = sealed(golden)
    event = document["events"][13]
    assert (event["type"], event["meld"]) == ("LaidOff", 3)
    event["meld"] = 1
    unsigned = {key: document[key] for key in ("rules_version", "game_id", "events")}
    legal = load_record(msgspec.json.encode({**unsigned, "format": RECORD_FORMAT}))
    assert verify_record(legal).valid
    verdict = check(document, OURS)
    assert not verdict.valid
    assert (verdict.code, verdict.first_bad_event, verdict.rule) == ("chain-broken", 13, None)
    assert (verdict.chain, verdict.altered_event, verdict.signature) == ("broken", 13, "valid")
    last = len(document["events"]) - 1
    assert "event 13 (LaidOff) is not the one recorded" in verdict.message
    assert f"so events 13 to {last} are unproven" in verdict.message


def test_a_changed_event_that_breaks_a_rule_is_named_with_the_rule_and_the_chain(
    golden: Callable[[str], GameRecord],
) -> None:
    document = sealed(golden)
    document["events"][-1]["server_seed"] = "11" * 32
    verdict = check(document, OURS)
    at = len(document["events"]) - 1
    assert (verdict.code, verdict.rule, verdict.first_bad_event) == ("seed-mismatch", "P6", at)
    assert (verdict.chain, verdict.altered_event) == ("broken", at)
    assert verdict.summary().endswith(
        f"chain broken at event {at}; signed by key {KEY.current.kid}: signature valid"
    )


def test_a_record_chained_again_after_tampering_fails_its_signature(
    golden: Callable[[str], GameRecord],
) -> None:
    document = sealed(golden)
    document["events"][13]["meld"] = 1
    tampered = load_record(msgspec.json.encode(document))
    again = chain_record(tampered)  # a chain that matches the changed events
    forged: Json = msgspec.json.decode(dump_record(again))
    forged["signature"] = document["signature"]
    verdict = check(forged, OURS)
    assert (verdict.chain, verdict.signature) == ("ok", "invalid")
    assert (verdict.valid, verdict.code, verdict.first_bad_event) == (
        False,
        "signature-invalid",
        None,
    )
    assert verdict.summary().startswith("invalid: signature-invalid: the signature by key")


def test_another_key_does_not_verify_the_signature(golden: Callable[[str], GameRecord]) -> None:
    document = sealed(golden)
    # The one key given is checked whatever the record names.
    verdict = check(document, PublicKey(OTHER.signing.public_key()))
    assert (verdict.valid, verdict.signature, verdict.code) == (
        False,
        "invalid",
        "signature-invalid",
    )
    # A key document without the record's key: not checked, and said so.
    verdict = check(document, keys_by_id([OTHER.current]))
    assert verdict.valid and verdict.signature == "unknown-key"
    assert "not among the keys given: origin not proven" in verdict.summary()
    assert not verdict.signature_required().valid
    # Signed by the other key under our key's id: invalid.
    resigned: Json = msgspec.json.decode(
        dump_record(OTHER.seal(load_record(msgspec.json.encode(document))))
    )
    resigned["signature"]["kid"] = KEY.current.kid
    assert check(resigned, OURS).signature == "invalid"


def test_a_retired_key_still_verifies_what_it_signed(golden: Callable[[str], GameRecord]) -> None:
    rotated = KeyRing(OTHER.signing, retired=(PublicKey(KEY.signing.public_key(), "retired"),))
    verdict = check(sealed(golden), rotated.public_keys())
    assert verdict.valid and verdict.signature == "valid"
    document = rotated.document()
    assert [(k.kid, k.status) for k in document.keys] == [
        (OTHER.current.kid, "current"),
        (KEY.current.kid, "retired"),
    ]


def test_an_unsigned_record_is_valid_and_says_so(golden: Callable[[str], GameRecord]) -> None:
    verdict = verify_signed(golden("four-players"), OURS)
    assert verdict.valid and (verdict.chain, verdict.signature) == ("absent", "absent")
    assert verdict.summary().endswith(
        "unsigned: no chain, no signature (format penang-rummy-record/1)"
    )
    assert not verdict.signature_required().valid
    chained = verify_signed(chain_record(golden("four-players")), OURS)
    assert chained.valid and (chained.chain, chained.signature) == ("ok", "absent")
    assert chained.summary().endswith("chain intact; unsigned")


@pytest.mark.parametrize(
    ("change", "kind", "at"),
    [
        (lambda d: d.update(game_id="another"), "header", None),
        (lambda d: d["chain"]["events"].pop(), "added", 73),
        (lambda d: d["events"].pop(), "removed", 73),
        (lambda d: d["chain"]["events"].__setitem__(5, "0" * 64), "altered", 5),
        (lambda d: d["events"][0].update(v=1), "altered", 0),
    ],
    ids=["header", "hash-removed", "event-removed", "chain-entry", "older-schema-version"],
)
def test_every_break_of_the_chain_is_named(
    golden: Callable[[str], GameRecord], change: Callable[[Json], None], kind: str, at: int | None
) -> None:
    document = sealed(golden, "four-players")
    change(document)
    verdict = check(document, OURS)
    assert not verdict.valid and verdict.chain == "broken"
    assert verdict.altered_event == at
    # The signature covers the recorded head: only a change to the head breaks it.
    assert verdict.signature == ("invalid" if kind == "added" else "valid")
    messages = {
        "header": "the header (format, rules version, game id) is not the one the chain began",
        "added": "event 73 is not in the chain: added after it was made",
        "removed": "the events from 73 on were removed",
        "altered": f"event {at} (",
    }
    assert messages[kind] in verdict.summary()


def test_both_encodings_carry_the_chain_and_the_signature(
    golden: Callable[[str], GameRecord],
) -> None:
    record = KEY.seal(golden("three-players"))
    ndjson = dump_record(record, ndjson=True)
    lines = ndjson.splitlines()
    assert len(lines) == len(record.events) + 2
    trailer = msgspec.json.decode(lines[-1])
    assert list(trailer) == ["chain", "signature"]
    assert msgspec.json.decode(lines[0]) == {
        "format": CHAINED_RECORD_FORMAT,
        "rules_version": "penang-1",
        "game_id": "golden/three-players",
    }
    assert load_record(ndjson) == record == load_record(dump_record(record))
    # The JSON document: one event per line, then one hash per line.
    assert len(dump_record(record).splitlines()) == 2 * len(record.events) + 3
    assert verify_signed(load_record(ndjson), OURS).signature == "valid"


def test_a_signed_record_of_an_older_schema_version_hashes_as_it_was_signed(
    golden: Callable[[str], GameRecord],
) -> None:
    # A record signed while Dealt was stored at v1 is chained over its v1 form: reading
    # upcasts the event for the rules, but the chain hashes the event as it stands.
    document: Json = msgspec.json.decode(dump_record(golden("two-players")))
    del document["events"][0]["rules_version"]
    document["events"][0]["v"] = 1
    old = KEY.seal(load_record(msgspec.json.encode(document)))
    assert old.stored[0]["v"] == 1 and old.events[0] == golden("two-players").events[0]
    again = load_record(dump_record(old))
    verdict = verify_signed(again, OURS)
    assert verdict.valid and (verdict.chain, verdict.signature) == ("ok", "valid")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"chain": None}, "record carries its chain"),
        ({"chain": {"header": "00", "events": []}}, "chain or signature"),
        ({"signature": {"alg": "RS256", "kid": "k", "value": "x"}}, "chain or signature"),
        ({"format": RECORD_FORMAT}, f"`chain` and `signature`: not allowed in a {RECORD_FORMAT}"),
        ({"trailer": 1}, "unknown header fields: trailer"),
    ],
)
def test_a_malformed_chained_record_is_refused(
    golden: Callable[[str], GameRecord], change: Json, message: str
) -> None:
    document = {**sealed(golden, "two-players"), **change}
    with pytest.raises(MalformedRecord, match=message):
        load_record(msgspec.json.encode(document))


def test_an_ndjson_chained_record_ends_with_its_trailer(
    golden: Callable[[str], GameRecord],
) -> None:
    lines = dump_record(KEY.seal(golden("two-players")), ndjson=True).splitlines()
    with pytest.raises(MalformedRecord, match="ends with its chain"):
        load_record(b"\n".join(lines[:-1]))
    with pytest.raises(MalformedRecord, match="unknown trailer fields: note"):
        trailer = msgspec.json.decode(lines[-1])
        load_record(b"\n".join([*lines[:-1], msgspec.json.encode({**trailer, "note": 1})]))
