"""Game records: a finished (or running) game as one self-contained document.

Two formats, each in two encodings, all UTF-8 JSON. `penang-rummy-record/1`:

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

Every game of the engine (`domain.games`) writes the same record: the header's
`rules_version` names the game (`penang-1`, `rummy-1`, …), whose codec reads the events
and whose rules replay them. A draw game's record begins with `HandDealt` (the hands,
the upcard and the stock in order, `domain.drawgame`) and ends with its game's end event
and `SeedRevealed`.

`penang-rummy-record/2` is the same with the events' hash chain (`domain.chain`) and,
when a key signed it, the signature over the chain's head:

- the JSON document gains `chain` (`{"header": h0, "events": [h1, …, hn]}`, lowercase
  hex) and `signature` (`{"alg": "EdDSA", "kid": key id, "value": base64url}`, left out
  when unsigned) after `events`;
- NDJSON gains one last line, the trailer `{"chain": …, "signature": …}`. The header line
  cannot hold them: a writer knows the head only after the last event.

The chain's header (h0) is the header object as the NDJSON header line writes it:
`{"format": …, "rules_version": …, "game_id": …}` in that order (`record_header`).

A record is chained, signed and verified in `domain.record_proofs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

from domain.chain import RecordChain, RecordSignature
from domain.codec import TYPE_KEY, MalformedEvent, StoredEvent
from domain.errors import MalformedInput
from domain.events import Event
from domain.game import Game
from domain.games import DEFAULT_GAME, GAMES, spec_for_rules_version

RECORD_FORMAT: Final = "penang-rummy-record/1"
#: The format with the events' hash chain and, when signed, a signature.
CHAINED_RECORD_FORMAT: Final = "penang-rummy-record/2"
RECORD_FORMATS: Final = (RECORD_FORMAT, CHAINED_RECORD_FORMAT)
_HEADER_KEYS: Final = frozenset({"format", "rules_version", "game_id"})
_SEAL_KEYS: Final = frozenset({"chain", "signature"})


class MalformedRecord(MalformedInput):
    """A document that is not a game record: not JSON, a wrong format, a bad event."""

    code = "malformed-record"


class NotARecord(MalformedRecord):
    """A JSON document whose `format` names no game record's: some other file altogether."""

    def __init__(self, found: object) -> None:
        readable = " or ".join(repr(name) for name in RECORD_FORMATS)
        what = "it names no `format`" if found is None else f"its format is {repr(found)[:80]}"
        super().__init__(f"not a game record ({readable}): {what}")
        #: What the document says it is, in words (its format, or that it names none).
        self.what = what


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's events with the record's header, and for `/2` its chain and signature."""

    rules_version: str
    events: tuple[Event, ...]
    game_id: str | None = None
    format: str = RECORD_FORMAT
    #: The events as the record stores them (what the chain hashes); by default the
    #: codec's encoding of `events`.
    stored: tuple[StoredEvent, ...] = field(default=())
    chain: RecordChain | None = None
    signature: RecordSignature | None = None

    def __post_init__(self) -> None:
        if not self.stored and self.events:
            stored = tuple(_as_json(event, self.rules_version) for event in self.events)
            object.__setattr__(self, "stored", stored)
        if len(self.stored) != len(self.events):
            raise ValueError("a record stores each of its events once")
        if (self.format == CHAINED_RECORD_FORMAT) != (self.chain is not None):
            raise ValueError(f"a chain comes with format {CHAINED_RECORD_FORMAT} only")
        if self.signature is not None and self.chain is None:
            raise ValueError("a signature covers a chain")


def _as_json(event: Event, rules_version: str) -> StoredEvent:
    """The event's stored form as JSON reads it back (lists, not tuples)."""
    stored: StoredEvent = msgspec.json.decode(_game(rules_version).codec.encode_json(event))
    return stored


def _game(rules_version: str) -> Game:
    """The game a record's rules version names; Penang's for a version no game has, so
    that its verifier names the version it does not know, as it always did."""
    return spec_for_rules_version(rules_version) or GAMES[DEFAULT_GAME]


def make_record(events: Sequence[Event], game_id: str | None = None) -> GameRecord:
    """The record of a game's events; its rules version is the one its deal names."""
    deal = events[0] if events else None
    spec = next((s for s in GAMES.values() if isinstance(deal, s.deal_type)), None)
    rules_version = getattr(deal, "rules_version", None)
    if spec is None or not isinstance(rules_version, str):
        raise ValueError("a game's events begin with Dealt (a draw game's with HandDealt)")
    return GameRecord(rules_version=rules_version, events=tuple(events), game_id=game_id)


def record_header(record: GameRecord) -> dict[str, Any]:
    """The header object: the NDJSON header line, and what the chain's h0 covers."""
    return _header(record.format, record.rules_version, record.game_id)


def _header(form: str, rules_version: str, game_id: str | None) -> dict[str, Any]:
    return {"format": form, "rules_version": rules_version, "game_id": game_id}


# --- writing --------------------------------------------------------------------------


def dump_record(record: GameRecord, *, ndjson: bool = False) -> bytes:
    """The record as a JSON document (one event per line, for diffs) or as NDJSON.

    A `/1` record is written byte for byte as before `/2` existed.
    """
    encode = msgspec.json.encode
    lines = [encode(stored) for stored in record.stored]
    seal = _seal(record)
    if ndjson:
        trailer = [] if seal is None else [encode(seal)]
        return b"".join(line + b"\n" for line in [encode(record_header(record)), *lines, *trailer])
    head = encode(record_header(record))[:-1]  # the header object, still open
    document = head + b',"events":' + _lines(lines)
    if seal is not None:
        chain = seal["chain"]
        document += b',"chain":{"header":' + encode(chain.header)
        document += b',"events":' + _lines([encode(h) for h in chain.events]) + b"}"
        if "signature" in seal:
            document += b',"signature":' + encode(seal["signature"])
    return document + b"}\n"


def _lines(items: list[bytes]) -> bytes:
    """A JSON array with one item per line."""
    return b"[\n" + b",\n".join(items) + (b"\n" if items else b"") + b"]"


def _seal(record: GameRecord) -> dict[str, Any] | None:
    if record.chain is None:
        return None
    seal: dict[str, Any] = {"chain": record.chain}
    if record.signature is not None:
        seal["signature"] = record.signature
    return seal


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
        return _from_parts(document, [], None)
    events = document.pop("events")
    if not isinstance(events, list):
        raise MalformedRecord("`events` must be a list of events")
    seal = {key: document.pop(key) for key in _SEAL_KEYS & set(document)}
    return _from_parts(document, events, seal)


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
    if header.get("format") != CHAINED_RECORD_FORMAT:
        return _from_parts(header, items[1:], None)
    trailer = items[-1] if len(items) > 1 else None
    if not isinstance(trailer, dict) or TYPE_KEY in trailer or "chain" not in trailer:
        raise MalformedRecord(f"an NDJSON {CHAINED_RECORD_FORMAT} record ends with its chain")
    return _from_parts(header, items[1:-1], trailer)


def _from_parts(
    header: dict[str, Any], stored: list[Any], seal: dict[str, Any] | None
) -> GameRecord:
    # The format first: a document of another format is not a record with odd fields.
    form = header.get("format")
    if form not in RECORD_FORMATS:
        raise NotARecord(form)
    unknown = set(header) - _HEADER_KEYS
    if unknown:
        raise MalformedRecord(f"unknown header fields: {', '.join(sorted(unknown))}")
    rules_version = header.get("rules_version")
    game_id = header.get("game_id")
    if not isinstance(rules_version, str):
        raise MalformedRecord("`rules_version` must be a string")
    if game_id is not None and not isinstance(game_id, str):
        raise MalformedRecord("`game_id` must be a string or null")
    chain, signature = _read_seal(form, seal or {})
    try:
        events = _game(rules_version).codec.decode_events(stored)
    except MalformedEvent as error:
        raise MalformedRecord(error.message) from None
    return GameRecord(
        rules_version=rules_version,
        events=tuple(events),
        game_id=game_id,
        format=form,
        stored=tuple(stored),
        chain=chain,
        signature=signature,
    )


def _read_seal(
    form: str, seal: dict[str, Any]
) -> tuple[RecordChain | None, RecordSignature | None]:
    """The chain and signature a record carries: `/2` has a chain, `/1` neither."""
    unknown = set(seal) - _SEAL_KEYS
    if unknown:
        raise MalformedRecord(f"unknown trailer fields: {', '.join(sorted(unknown))}")
    present = {key: value for key, value in seal.items() if value is not None}
    if form == RECORD_FORMAT:
        if present:
            named = " and ".join(f"`{key}`" for key in sorted(present))
            why = f"not allowed in a {RECORD_FORMAT} record: only {CHAINED_RECORD_FORMAT} has them"
            raise MalformedRecord(f"{named}: {why}")
        return None, None
    if "chain" not in present:
        raise MalformedRecord(f"a {CHAINED_RECORD_FORMAT} record carries its chain")
    try:
        chain = msgspec.convert(present["chain"], RecordChain)
        signature = (
            None
            if "signature" not in present
            else msgspec.convert(present["signature"], RecordSignature)
        )
    except msgspec.ValidationError as error:
        raise MalformedRecord(f"the record's chain or signature: {error}") from None
    return chain, signature
