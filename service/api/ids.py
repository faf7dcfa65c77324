"""Game and match ids as paths name them: one spelling, read before the handler runs.

A path's id is a UUID spelt as the service writes it (`GAME_ID_PATTERN`); Litestar
reads it into a `CanonicalId` (`TYPE_DECODERS`), and the guards read it of the path
themselves (`canonical_id`). `service.api.http` states the path parameters.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any
from uuid import UUID

#: A game id as the service writes it: a UUID, lowercase, with dashes. Other spellings of
#: the same UUID (upper case, braces, `urn:uuid:`, no dashes) are refused (422), so that
#: every game has one URL for caches and logs.
GAME_ID_PATTERN = r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
_CANONICAL_ID = re.compile(GAME_ID_PATTERN)


class CanonicalId(UUID):
    """A game's or match's id as a path names it: a `UUID`, spelt as the service writes it
    (`GAME_ID_PATTERN`). Litestar reads it (`TYPE_DECODERS`): handlers get the UUID."""

    __slots__ = ()


def _canonical_id(kind: type[Any], value: Any) -> CanonicalId:
    """The id a path segment spells, or the refusal msgspec gives a string that breaks
    the pattern (Litestar answers it as 422 `invalid-request` naming the parameter)."""
    if isinstance(value, UUID):
        return CanonicalId(int=value.int)
    if isinstance(value, str) and _CANONICAL_ID.match(value):
        return CanonicalId(value)
    raise ValueError(f"Expected `str` matching regex {GAME_ID_PATTERN!r}")


@functools.lru_cache(maxsize=4096)
def canonical_id(text: str) -> CanonicalId | None:
    """The id a path segment spells as the service writes it, None for any other text.

    For the guards (`service.api.guards`), which read the path before the handler's
    parameters are: kept for the ids asked of lately, so that a game's turns after the
    first decode no id twice."""
    return CanonicalId(text) if _CANONICAL_ID.match(text) else None


#: The app's `type_decoders`: how the signature of a handler reads a `CanonicalId`.
TYPE_DECODERS: list[tuple[Callable[[Any], bool], Callable[[type[Any], Any], Any]]] = [
    (lambda kind: kind is CanonicalId, _canonical_id)
]
