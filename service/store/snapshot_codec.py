"""A finished game's snapshot as bytes: its format, and its encoding and decoding.

A snapshot's `format` names the state's class, `FOLD_VERSION`, and a digest of the
state's shape (msgspec's description of its fields and theirs, rules and events
within), so a change of a state's fields leaves the old snapshots unread. The state is
msgspec's MessagePack (`SnapshotCodec`); how snapshots are kept and used: `snapshots`.

A state is decoded through its text twin (`_text_twin`): a subclass of its class whose
fields of cards read the cards' texts, and whose draw rules read the tagged union, so
that msgspec decodes them without calling a hook per card (a Three Thirteen state holds
two packs: its decode took 22 µs through the hook, 11 µs so); the texts are then made
cards from the interned table and the object given its class. The bytes and the
format are the same either way.
"""

from __future__ import annotations

import dataclasses
import hashlib
import types
import typing
from collections.abc import Callable
from typing import Any, Final

import msgspec

from domain.cards import Card
from domain.drawgame.events import DrawRules
from domain.games import GAMES, AnyDrawRules
from service.store.game_folds import AnyGameState

#: Raised by one when a fold comes to give another state for the same events (a fix):
#: every snapshot written before is then passed over, and written anew when loaded.
FOLD_VERSION: Final = 1
#: Every registered game's folded state (`Game.state_type`).
STATE_TYPES: Final[tuple[type[Any], ...]] = tuple(
    dict.fromkeys(spec.state_type for spec in GAMES.values())
)


def _shape(cls: type[Any]) -> str:
    """A digest of how `cls` is encoded: its fields, and those of the types within."""
    described = repr(msgspec.inspect.type_info(cls)).encode()
    return hashlib.sha256(described).hexdigest()[:16]


#: Each state type's format: its name, the fold's version and the digest of its shape.
FORMATS: Final[dict[type[Any], str]] = {
    cls: f"{cls.__name__}/{FOLD_VERSION}/{_shape(cls)}" for cls in STATE_TYPES
}


def _enc_hook(value: object) -> object:
    if type(value) is Card:
        return value.text
    raise NotImplementedError(f"no snapshot of a {type(value).__name__}")


_CARDS: Final = Card._interned


def _dec_hook(kind: type[Any], value: object) -> object:
    if kind is Card and isinstance(value, str):
        return _CARDS.get(value) or Card(value)
    if kind is DrawRules:
        # A draw game's state names its rule options by the draw core's protocol: they
        # are stored tagged with their game, as a deal holds them.
        return msgspec.convert(value, AnyDrawRules)
    raise NotImplementedError(f"no snapshot holds a {kind.__name__}")


def _texts(kind: Any) -> tuple[Any, Callable[[Any], Any] | None]:
    """What a field of type `kind` reads instead (cards as their texts), and how that
    becomes `kind`'s value; None: read as it is (no card, or cards deeper within)."""
    if kind is Card:
        return str, _CARDS.__getitem__
    args = typing.get_args(kind)
    if typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner, made = _texts(args[0])
        if made is None:
            return kind, None
        return tuple[inner, ...], lambda texts: tuple(map(made, texts))  # type: ignore[valid-type]
    union = typing.get_origin(kind) in (typing.Union, types.UnionType)
    if union and len(args) == 2 and type(None) in args:
        (other,) = (arg for arg in args if arg is not type(None))
        inner, made = _texts(other)
        if made is not None:
            return inner | None, lambda text: None if text is None else made(text)
    return kind, None


def _text_twin(cls: type[Any]) -> Callable[[bytes], Any] | None:
    """A decode of `cls`'s MessagePack through its text twin (module doc), or None
    where `cls` has no field of cards."""
    hints = typing.get_type_hints(cls)
    fields: list[tuple[str, Any, Any]] = []
    made: list[tuple[str, Callable[[Any], Any]]] = []
    for field in dataclasses.fields(cls):
        kind, make = _texts(hints[field.name])
        if hints[field.name] is DrawRules:
            kind = AnyDrawRules
        elif make is None:
            continue
        else:
            made.append((field.name, make))
        default = field.default
        if field.default_factory is not dataclasses.MISSING:
            default = dataclasses.field(default_factory=field.default_factory)
        fields.append((field.name, kind, default))
    if not made:
        return None
    twin = dataclasses.make_dataclass(
        f"{cls.__name__}Texts",
        [(n, k) if d is dataclasses.MISSING else (n, k, d) for n, k, d in fields],
        bases=(cls,),
        frozen=True,
        slots=True,
    )
    if getattr(twin, "__slots__", None) != ():
        return None  # not of its class's layout: it could not be given its class
    decoder: msgspec.msgpack.Decoder[Any] = msgspec.msgpack.Decoder(twin, dec_hook=_dec_hook)
    setattr_ = object.__setattr__

    def decode(data: bytes) -> Any:
        state = decoder.decode(data)
        for name, make in made:
            setattr_(state, name, make(getattr(state, name)))
        setattr_(state, "__class__", cls)
        return state

    return decode


class SnapshotCodec:
    """A finished game's state to bytes and back (module doc)."""

    def __init__(self) -> None:
        self._encoder = msgspec.msgpack.Encoder(enc_hook=_enc_hook)
        self._decoders: dict[str, Callable[[bytes], Any]] = {
            FORMATS[cls]: _text_twin(cls) or msgspec.msgpack.Decoder(cls, dec_hook=_dec_hook).decode
            for cls in STATE_TYPES
        }

    def encode(self, state: AnyGameState) -> tuple[str, bytes]:
        """The format of `state` and its bytes."""
        return FORMATS[type(state)], self._encoder.encode(state)

    def decode(self, form: str, data: bytes) -> AnyGameState | None:
        """The state stored as `data` in `form`; None for another format, or bytes that
        do not decode to one (a card's text unknown too)."""
        decode = self._decoders.get(form)
        if decode is None:
            return None
        try:
            found: AnyGameState = decode(data)
        except Exception:  # whatever is wrong, the events are read instead
            return None
        return found
