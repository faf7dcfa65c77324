"""What a stored event says of itself before its fields: its type, the tag of its event
class, and its schema version (`{"type": "LaidOff", "v": 1, ...}`, `domain.codec`).

A codec reads the head alone first to choose how to decode the rest: straight into the
class the tag names when the version is current, through the upcasters otherwise.
"""

from __future__ import annotations

from typing import Final, get_origin

import msgspec


class _Head(msgspec.Struct, frozen=True):
    """What a stored event says of itself: its type and schema version (strictly an int)."""

    type: str
    v: int


_head_decoder: Final = msgspec.json.Decoder(_Head)


def _tag(cls: type[msgspec.Struct]) -> str:
    """The tag of an event class, or of a generic one read with its parameters."""
    tag = (get_origin(cls) or cls).__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__name__} is not a stored event type")
    return tag
