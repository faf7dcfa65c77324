"""A finished game's snapshot as bytes: its format, and its encoding and decoding.

A snapshot's `format` names the state's class, `FOLD_VERSION`, and a digest of the
state's shape (msgspec's description of its fields and theirs, rules and events
within), so a change of a state's fields leaves the old snapshots unread. The state is
msgspec's MessagePack (`SnapshotCodec`); how snapshots are kept and used: `snapshots`.
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

import msgspec

from domain.cards import Card
from domain.drawgame.events import DrawRules
from domain.games import GAMES, AnyDrawRules
from service.store.game_folds import AnyGameState

#: Raised by one when a fold comes to give another state for the same events (a fix):
#: every snapshot written before is then passed over, and written anew when loaded.
FOLD_VERSION: Final = 1
#: Every registered game's folded state (`GameSpec.state_type`).
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


class SnapshotCodec:
    """A finished game's state to bytes and back (module doc)."""

    def __init__(self) -> None:
        self._encoder = msgspec.msgpack.Encoder(enc_hook=_enc_hook)
        self._decoders = {
            FORMATS[cls]: msgspec.msgpack.Decoder(cls, dec_hook=_dec_hook) for cls in STATE_TYPES
        }

    def encode(self, state: AnyGameState) -> tuple[str, bytes]:
        """The format of `state` and its bytes."""
        return FORMATS[type(state)], self._encoder.encode(state)

    def decode(self, form: str, data: bytes) -> AnyGameState | None:
        """The state stored as `data` in `form`; None for another format, or bytes that
        do not decode to one."""
        decoder = self._decoders.get(form)
        if decoder is None:
            return None
        try:
            found: AnyGameState = decoder.decode(data)
        except Exception:  # whatever is wrong, the events are read instead
            return None
        return found
