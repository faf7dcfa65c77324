"""The event codec machinery: how every game's events are stored (storage and records).

A stored event is a JSON object with the event's fields, its type in `"type"` and
its schema version in `"v"`:

    {"type": "LaidOff", "v": 1, "seat": 2, "meld": 4, "card": "7H", "stands_for": "7H",
     "end": "high"}

Three versions meet in a stored game, each with its own job:

- the record format (`penang-rummy-record/1`, or `/2` with a hash chain and a
  signature; `domain.records`) says how events are wrapped in a file;
- the rules version (`penang-1`, `rummy-1`, `three-thirteen-1`: the deal event's
  `rules_version`) says which game's rules the game was played under, with its rule
  options in the deal;
- each event type's schema version (its codec's `versions`) says which shape its
  fields were stored in.

How an event type evolves:

1. A new field with a default needs nothing here: an event stored without it decodes
   to the default, and the schema version stays. Penang's `Dealt.proof` (fair deals) is
   such a field: a deal stored without it decodes with `proof = None`, and the verifier
   then says the deal is unproven.
2. A change of shape (a field renamed, removed, made required, or its meaning changed)
   bumps the type's schema version and registers an upcaster for the old version: a
   function from the old stored dict to the next version's dict (`EventCodec.upcaster`).
   Reading applies the upcasters in turn (v1 → v2 → … → current), then converts the dict
   to the event type. Upcasters take and return plain dicts and never import event
   classes, so an old shape stays readable however the classes move on.
3. A change of meaning that an old event cannot be translated to is a new event type,
   never a silent reuse of an old one.
4. A new value of an enumerated field, whose old values keep their meaning, needs
   nothing either: Penang's `DeclaredDead.reason` gained `timeout` (R19) at schema
   version 1. Every event stored before reads as it did, byte for byte (the golden
   records hold them); a reader that predates the value refuses an event carrying it as
   malformed, rather than misreading it.

A game's rule options are stored inside its deal event; a change to their shape is a
change to the deal's shape and is upcast in the same way. The one upcaster so far is
the worked example of rule 2: Penang's `Dealt` v1 (`domain.penang.codec`).

The same stored form serves every family of events (a game's, a match's): each family
is one `EventCodec` with its own types, schema versions and upcasters. Each game of the
engine (`domain.games`) is its own family, and no two games tag different event types
alike, so one merged codec (`EventCodec.merged`) reads a store of all of them.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Generic, TypeVar, get_args, get_origin

import msgspec

from domain.errors import MalformedInput
from domain.stored_head import _Head, _head_decoder, _tag

StoredEvent = dict[str, Any]
Upcaster = Callable[[StoredEvent], StoredEvent]
E = TypeVar("E", bound=msgspec.Struct)

TYPE_KEY: Final = "type"
VERSION_KEY: Final = "v"


class MalformedEvent(MalformedInput):
    """A stored event that is not an event of any known type, version or shape."""

    code = "malformed-event"


class EventCodec(Generic[E]):
    """The stored form of one family of tagged event structs, with their schema versions.

    Each type is listed once, in `types`; `versions` gives the current schema version of
    those past version 1, by tag (the rest are at 1); every version below a type's current
    one needs an upcaster (checked by `check`).
    """

    def __init__(
        self, types: tuple[type[E], ...], versions: Mapping[str, int] | None = None
    ) -> None:
        self.types = {_tag(cls): cls for cls in types}
        given = dict(versions or {})
        if not set(given) <= set(self.types):
            raise ValueError(
                f"schema versions of no listed type: {sorted(set(given) - set(self.types))}"
            )
        self.versions: Final = {name: given.get(name, 1) for name in self.types}
        self.upcasters: Final[dict[tuple[str, int], Upcaster]] = {}
        self._decoders: dict[str, msgspec.json.Decoder[E]] = {}
        #: By event class, how `encode_json` splices its version in (`_splice_of`).
        self._splices: dict[type[Any], tuple[int, bytes] | tuple[()]] = {}
        #: For `decode_json_array`, made on first use: the heads' decoder, the events'
        #: decoder, and the head of each type at its current version.
        self._array_decoders: (
            tuple[msgspec.json.Decoder[list[_Head]], msgspec.json.Decoder[Any], frozenset[_Head]]
            | None
        ) = None

    @classmethod
    def merged(cls, codecs: Iterable[EventCodec[E]]) -> EventCodec[E]:
        """One codec for several families whose tags never clash (a store of every game's
        events): a tag two families share must name the same class at the same version,
        or the same generic class, which the store then reads with the union of the
        families' parameters (the draw games' `HandDealt`, each with its game's rules)."""
        types: dict[str, type[E]] = {}
        versions: dict[str, int] = {}
        upcasters: dict[tuple[str, int], Upcaster] = {}
        for codec in codecs:
            for name, event_type in codec.types.items():
                known = types.setdefault(name, event_type)
                if known is not event_type:
                    types[name] = _joined(name, known, event_type)
                if versions.setdefault(name, codec.versions[name]) != codec.versions[name]:
                    raise ValueError(f"{name} has two schema versions")
            upcasters.update(codec.upcasters)
        joined = cls(tuple(types.values()), versions)
        joined.upcasters.update(upcasters)
        return joined

    def upcaster(self, event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Register a function that turns a stored `event_type` of `from_version` into the next."""

        def register(function: Upcaster) -> Upcaster:
            key = (event_type, from_version)
            if key in self.upcasters:
                raise ValueError(f"an upcaster for {event_type} v{from_version} is registered")
            self.upcasters[key] = function
            return function

        return register

    def encode(self, event: E) -> StoredEvent:
        """The stored form of `event`: builtins, with its `type` and schema version `v` first."""
        name = _tag(type(event))
        fields = msgspec.to_builtins(event)
        del fields[TYPE_KEY]
        for omitted in getattr(type(event), "omitted_when_none", ()):
            if fields.get(omitted, 0) is None:
                del fields[omitted]
        return {TYPE_KEY: name, VERSION_KEY: self.versions[name], **fields}

    def encode_json(self, event: E) -> bytes:
        """`event`'s stored form as one line of JSON (no newline).

        The same bytes as `encode`'s dict encoded, in one encode of the struct: its tag
        comes first, and the schema version is put in after it (a type that leaves out
        fields when None takes the dict's way).
        """
        cls = type(event)
        splice = self._splices.get(cls)
        if splice is None:
            splice = self._splices[cls] = _splice_of(cls, self.versions)
        if splice:
            cut, head = splice
            body = _json_encode(event)
            if body.startswith(head[:cut]):
                return head + body[cut:]
        return _json_encode(self.encode(event))

    def upcast(self, data: StoredEvent) -> StoredEvent:
        """`data` brought to its type's current schema version (a new dict; `v` removed)."""
        name = data.get(TYPE_KEY)
        if not isinstance(name, str) or name not in self.versions:
            raise MalformedEvent(f"unknown event type {name!r}")
        version = data.get(VERSION_KEY)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise MalformedEvent(f"{name}: the schema version `v` must be a positive integer")
        current = self.versions[name]
        if version > current:
            raise MalformedEvent(
                f"{name} v{version} was stored by a newer version of the rules service "
                f"(this one reads up to v{current})"
            )
        shaped = {key: value for key, value in data.items() if key != VERSION_KEY}
        while version < current:
            shaped = self.upcasters[(name, version)](shaped)
            version += 1
        return shaped

    def decode(self, data: object) -> E:
        """The event stored as `data` (any schema version known here), or MalformedEvent."""
        if not isinstance(data, dict):
            raise MalformedEvent(f"an event is a JSON object, not {type(data).__name__}")
        shaped = self.upcast(data)
        name = shaped[TYPE_KEY]
        try:
            # The tag names the class: converting to it is much faster than to the union.
            return msgspec.convert(shaped, type=self.types[name])
        except msgspec.ValidationError as error:
            raise MalformedEvent(f"{name}: {error}") from None

    def decode_json(self, data: bytes | str) -> E:
        """The event stored as the JSON object `data` (keys beside the stored form's ignored).

        An event stored at its type's current schema version is decoded straight into
        the class its tag names, with no dict between (rebuilding a game reads every
        event this way); any other is read through `decode`, upcasts and errors alike.
        """
        try:
            head = _head_decoder.decode(data)
            if self.versions.get(head.type) == head.v:
                return self._decoder(head.type).decode(data)
        except msgspec.MsgspecError:
            pass  # `decode` names what is wrong
        try:
            stored = msgspec.json.decode(data)
        except msgspec.DecodeError as error:
            raise MalformedEvent(f"not JSON: {error}") from None
        return self.decode(stored)

    def decode_json_array(self, data: bytes) -> list[E] | None:
        """The events stored as the JSON array `data`, when every one of them is of a
        type of this family at its current schema version; None otherwise (or when
        `data` is no such array), for the caller to read them one by one
        (`decode_json`), which upcasts or names what is wrong.

        Two decodes of the whole array and no Python per event: one reads each event's
        type and version, the other the events themselves, into their classes by tag
        (a rebuild reads every event of a game this way).
        """
        if self._array_decoders is None:
            union: Any = functools.reduce(operator.or_, self.types.values())
            self._array_decoders = (
                msgspec.json.Decoder(list[_Head]),
                msgspec.json.Decoder(list[union]),
                frozenset(_Head(name, version) for name, version in self.versions.items()),
            )
        heads, events, current = self._array_decoders
        try:
            if not current.issuperset(heads.decode(data)):
                return None
            found: list[E] = events.decode(data)
        except msgspec.MsgspecError:
            return None
        return found

    def _decoder(self, name: str) -> msgspec.json.Decoder[E]:
        decoder = self._decoders.get(name)
        if decoder is None:
            decoder = self._decoders[name] = msgspec.json.Decoder(self.types[name])
        return decoder

    def decode_events(self, stored: Iterable[object]) -> list[E]:
        """Events from their stored forms; an error names the position of the bad one."""
        events = []
        for index, data in enumerate(stored):
            try:
                events.append(self.decode(data))
            except MalformedEvent as error:
                raise MalformedEvent(f"event {index}: {error.message}") from None
        return events

    def check(self) -> None:
        """Every version below an event type's current one has an upcaster."""
        for name, current in self.versions.items():
            for version in range(1, current):
                if (name, version) not in self.upcasters:
                    raise AssertionError(f"no upcaster for {name} v{version}")


def _joined(name: str, known: type[E], other: type[E]) -> type[E]:
    """`Event[A]` and `Event[B]`, one generic event class read with two games' parameters,
    as `Event[A | B]`; any other two classes under one tag clash."""
    origin = get_origin(known)
    if origin is None or origin is not get_origin(other):
        raise ValueError(f"two event types are tagged {name!r}")
    generic: Any = origin
    parameters = functools.reduce(operator.or_, (*get_args(known), *get_args(other)))
    joined: type[E] = generic[parameters]
    return joined


_json_encode: Final = msgspec.json.Encoder().encode


def _splice_of(cls: type[Any], versions: dict[str, int]) -> tuple[int, bytes] | tuple[()]:
    """For `encode_json`: the length of the struct's own JSON head (`{"type":"LaidOff"`),
    and the stored form's head that takes its place (`{"type":"LaidOff","v":1`); empty
    for a type whose stored form is not the struct's (fields left out when None), or
    unknown here (`encode` says so)."""
    if getattr(cls, "omitted_when_none", ()):
        return ()
    name = _tag(cls)
    if name not in versions:
        return ()
    own = b'{"' + TYPE_KEY.encode() + b'":' + _json_encode(name)
    version = b',"' + VERSION_KEY.encode() + b'":' + _json_encode(versions[name])
    return len(own), own + version
