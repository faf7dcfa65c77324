"""A record's verdict: the rules replay (`domain.replay`), its hash chain and its signature.

`domain.replay.Verdict` says whether the events follow the rules. A record of format
`penang-rummy-record/2` also carries a hash chain (`domain.chain`) and, usually, a
signature over the chain's head; `RecordVerdict` adds what they say:

- `chain`: `ok` (every hash recomputes), `broken` (`altered_event` names the first event
  whose hash differs; None when the header is what changed) or `absent` (a `/1` record);
- `signature`: `valid` or `invalid` (checked with the key that signed it), `unknown-key`
  (signed by a key the checker was not given: the origin is not proven), `unchecked`
  (no key given at all) or `absent` (an unsigned record); `key_id` names the signer.

A record is valid when its events follow the rules, its chain is not broken and its
signature is not invalid. When it is refused, `first_bad_event` and `code` name what is
wrong. A broken chain comes first: `chain-broken` at the first altered event, unless
that very event breaks a rule, which is then named (with its rule id), since it says
what the alteration did. A rule broken elsewhere is a consequence of the alteration
(the rules judge a turn's events together, so a changed action can make the turn's
earlier events illegal) and is not named. With the chain intact, the first event that
breaks a rule is named; a signature that does not match (`signature-invalid`) is named
when nothing else is wrong. Checking signatures
needs a cryptography library, so it happens outside the domain, which only records the
outcome (`RecordVerdict.signed`).
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from domain.chain import ChainBreak
from domain.replay import Verdict

#: The codes of a verdict that the chain or the signature refuses (beside the rules' own
#: error codes, `domain.errors`): the service answers an import with them.
CHAIN_BROKEN: Final = "chain-broken"
SIGNATURE_INVALID: Final = "signature-invalid"
SIGNATURE_REQUIRED: Final = "signature-required"
PROVENANCE_CODES: Final = (CHAIN_BROKEN, SIGNATURE_INVALID, SIGNATURE_REQUIRED)

ChainCheck = Literal["ok", "broken", "absent"]
SignatureCheck = Literal["valid", "invalid", "unknown-key", "unchecked", "absent"]


class RecordVerdict(Verdict, frozen=True, kw_only=True):
    """The rules verdict, with what the record's chain and signature say."""

    chain: ChainCheck = "absent"
    #: The first event (0-based) that the chain shows altered, when it is broken.
    altered_event: int | None = None
    signature: SignatureCheck = "absent"
    #: The id of the key that signed the record (`kid`), when it is signed.
    key_id: str | None = None

    def summary(self) -> str:
        """The verdict in one line, ending with what the chain and signature say."""
        if self.valid:
            return f"{self.code}: {self.message}; {self.provenance()}"
        where = (
            ""
            if self.first_bad_event is None
            else f"event {self.first_bad_event}: {self.rule or '-'} "
        )
        return f"invalid: {where}{self.code}: {self.message}; {self.provenance()}"

    def provenance(self) -> str:
        """What the chain and the signature say, in a few words."""
        if self.chain == "absent":
            return "unsigned: no chain, no signature (format penang-rummy-record/1)"
        if self.chain == "ok":
            chain = "chain intact"
        elif self.altered_event is None:
            chain = "chain broken at the header"
        else:
            chain = f"chain broken at event {self.altered_event}"
        return f"{chain}; {_SIGNATURE_NOTES[self.signature].format(key=self.key_id)}"

    def signed(self, check: SignatureCheck) -> RecordVerdict:
        """This verdict once the signature was checked (`valid`, `invalid`, `unknown-key`)."""
        if self.signature == "absent":
            raise ValueError("an unsigned record has no signature to check")
        checked = msgspec.structs.replace(self, signature=check)
        if check != "invalid" or not self.valid:
            return checked
        message = (
            f"the signature by key {self.key_id} does not match the chain's head: the "
            "record was altered and chained again, or signed by another key"
        )
        return msgspec.structs.replace(
            checked, valid=False, finished=False, code=SIGNATURE_INVALID, message=message
        )

    def signature_required(self) -> RecordVerdict:
        """This verdict where only a valid signature makes a record valid."""
        if self.signature == "valid" or not self.valid:
            return self
        message = f"a valid signature is required; this record's signature is {self.signature}"
        return msgspec.structs.replace(
            self, valid=False, finished=False, code=SIGNATURE_REQUIRED, message=message
        )


_SIGNATURE_NOTES: dict[SignatureCheck, str] = {
    "valid": "signed by key {key}: signature valid",
    "invalid": "signed by key {key}: signature invalid",
    "unknown-key": "signed by key {key}, which is not among the keys given: origin not proven",
    "unchecked": "signed by key {key}: signature not checked (no key given)",
    "absent": "unsigned",
}


def record_verdict(
    verdict: Verdict,
    chain: ChainBreak | Literal["absent"] | None,
    key_id: str | None,
    event_types: list[str],
) -> RecordVerdict:
    """The rules `verdict` with the chain's check (`chain`) and the signer (`key_id`).

    `event_types` are the record's events' types, to name an altered event.
    """
    fields = msgspec.structs.asdict(verdict)
    signature: SignatureCheck = "absent" if key_id is None else "unchecked"
    if chain == "absent":
        return RecordVerdict(**fields, signature=signature, key_id=key_id)
    if chain is None:
        return RecordVerdict(**fields, chain="ok", signature=signature, key_id=key_id)
    broken = RecordVerdict(
        **fields,
        chain="broken",
        altered_event=chain.event,
        signature=signature,
        key_id=key_id,
    )
    if not verdict.valid and chain.event is not None and verdict.first_bad_event == chain.event:
        return broken  # the rule the altered event breaks says what the change did
    at = 0 if chain.event is None else chain.event
    return msgspec.structs.replace(
        broken,
        valid=False,
        finished=False,
        events_checked=min(verdict.events_checked, at),
        first_bad_event=chain.event,
        rule=None,
        code=CHAIN_BROKEN,
        message=_break_message(chain, event_types),
    )


def _break_message(chain: ChainBreak, event_types: list[str]) -> str:
    if chain.kind == "header" or chain.event is None:
        return "the header (format, rules version, game id) is not the one the chain began with"
    index, count = chain.event, len(event_types)
    if chain.kind == "removed":
        return f"the chain goes on after the last event: the events from {index} on were removed"
    rest = f"event {index} is" if index == count - 1 else f"events {index} to {count - 1} are"
    if chain.kind == "added":
        return f"{rest} not in the chain: added after it was made"
    return (
        f"event {index} ({event_types[index]}) is not the one recorded: its hash differs "
        f"from the chain's, so {rest} unproven (each hash covers the one before)"
    )
