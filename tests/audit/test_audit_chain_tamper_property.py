"""Random tampering of signed records: every change to an event is caught by the chain.

The rules alone let some changes through (`test_audit_tamper_property`: a lay-off moved
to another set of the same rank, a player's name). A signed record (format `/2`) lets
none through: whatever one value of one event becomes, the record is unreadable, or
refused at exactly that event: by the rule it breaks there, or as `chain-broken`; the
signature still matches the chain it signed, and the verdict names the altered event.
"""

from __future__ import annotations

import msgspec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import HealthCheck, given, settings

from domain.records import MalformedRecord, dump_record, load_record
from service.signing import KeyRing, verify_signed

from .test_audit_tamper_property import GOLDEN, Path_, tampering_of

KEY = KeyRing(Ed25519PrivateKey.generate())
SEALED = {
    path.stem: dump_record(KEY.seal(load_record(path.read_bytes())))
    for path in sorted(GOLDEN.glob("*.json"))
}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tampering_of(SEALED))
def test_one_change_to_a_signed_record_is_named_at_the_event_it_changed(
    case: tuple[bytes, bytes, int, Path_],
) -> None:
    original, forged, index, _ = case
    try:
        record = load_record(forged)
    except MalformedRecord:
        return  # unreadable: `verify` exits 2
    verdict = verify_signed(record, KEY.public_keys())
    if msgspec.json.decode(forged) == msgspec.json.decode(original):
        assert verdict.valid  # the draw changed nothing (null for null)
        return
    assert not verdict.valid
    found = (verdict.chain, verdict.altered_event, verdict.first_bad_event)
    assert found == ("broken", index, index), verdict.summary()
    assert verdict.signature == "valid"
