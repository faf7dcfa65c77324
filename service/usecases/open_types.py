"""The types the domain leaves open, read and described as every game of the engine has them.

The draw core types a draw game's rule options by what it reads of them
(`domain.drawgame.events.DrawRules`, a protocol): each game gives its own struct, tagged
with the game. The service holds every game's, so it reads them, and the contract states
them, as the registered draw games' options (`domain.games.AnyDrawRules`): `dec_hook`
decodes a view or an answer that holds a draw game's rules (a `HandView`, a stored
answer replayed), and `schema_hook` gives their schema, a union tagged by `"game"`.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from domain.drawgame.events import DrawRules
from domain.games import AnyDrawRules
from service.usecases.stored_forms import COMPONENT_REF

#: Each open type of the domain, and the closed type the service reads it as.
_CLOSED: Final[dict[Any, Any]] = {DrawRules: AnyDrawRules}


def dec_hook(cls: type, value: Any) -> Any:
    """`value` (JSON builtins) read as the closed type of the open type `cls`."""
    if cls not in _CLOSED:
        raise NotImplementedError(f"no decoding for {cls!r}")
    return msgspec.convert(value, _CLOSED[cls])


def schema_hook(cls: type) -> dict[str, Any]:
    """The contract of the open type `cls`: its closed type's schema."""
    if cls not in _CLOSED:
        raise NotImplementedError(f"no schema for {cls!r}")
    (schema,), _ = msgspec.json.schema_components([_CLOSED[cls]], ref_template=COMPONENT_REF)
    return schema
