"""What proves a game record (`domain.records`): its hash chain, the signature over the
chain's head, and its verification.

`chain_record` turns a record into format `penang-rummy-record/2` with the chain of its
header and events (`domain.chain`), and `signed_record` adds a signature over the chain's
head. `verify_record` replays a record through its game's rules (`Game.verify`) and
recomputes its chain; `domain.provenance` says how the two combine. Signing and checking
a signature need a cryptography library and happen outside the domain (the service's
signing module).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal

from domain.chain import Chain, ChainBreak, RecordChain, RecordSignature, compute_chain, first_break
from domain.codec import TYPE_KEY
from domain.events import Event
from domain.game import Game
from domain.provenance import RecordVerdict, record_verdict
from domain.records import CHAINED_RECORD_FORMAT, GameRecord, _game, _header, record_header
from domain.replay import Refusal


def record_chain(record: GameRecord) -> Chain:
    """The chain of the record's header and events as they stand (recomputed)."""
    return compute_chain(record_header(record), record.stored)


def chain_record(record: GameRecord) -> GameRecord:
    """The record in format `/2`, with its chain computed and no signature yet."""
    header = _header(CHAINED_RECORD_FORMAT, record.rules_version, record.game_id)
    start, links = compute_chain(header, record.stored).hex()
    return replace(
        record,
        format=CHAINED_RECORD_FORMAT,
        chain=RecordChain(header=start, events=links),
        signature=None,
    )


#: A further check of a record's events once the rules found them valid: its first
#: refusal, or None (the bots' re-derivation of their seats' commands, R33).
#: It takes where each command of the record begins, as the rules' replay found them.
EventsCheck = Callable[[Game, Sequence[Event], Sequence[int]], Refusal | None]


def verify_record(record: GameRecord, also: EventsCheck | None = None) -> RecordVerdict:
    """Replay the record through the rules and recompute its chain (`domain.provenance`);
    with `also`, check the events further where the rules found them valid.

    A signature is reported `unchecked`: checking it takes the signer's public key.
    """
    spec = _game(record.rules_version)
    starts: list[int] = []
    verdict = spec.verify(record.events, record.rules_version, starts)
    if verdict.valid and also is not None and (refusal := also(spec, record.events, starts)):
        verdict = refusal.verdict(verdict.deal)
    check: ChainBreak | Literal["absent"] | None = "absent"
    if record.chain is not None:
        check = first_break(record_chain(record), record.chain.header, record.chain.events)
    key_id = None if record.signature is None else record.signature.kid
    types = [str(stored.get(TYPE_KEY)) for stored in record.stored]
    return record_verdict(verdict, check, key_id, types)


def signed_record(record: GameRecord, signature: RecordSignature) -> GameRecord:
    """The chained `record` with `signature` over its chain's head."""
    if record.chain is None:
        raise ValueError("only a chained record is signed")
    return replace(record, signature=signature)
