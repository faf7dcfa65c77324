"""The answers' fields that hold a view or legal moves of any game, typed for the contract.

Penang Rummy's `GameView` and `LegalMoves` carry no tag, so that Penang's answers stay
byte for byte as they were; the other games' views and moves carry none either. msgspec
cannot type a union of untagged structs: these fields hold any of them (`game_kinds`'
`AnyView`, `AnyMoves`) and state the union for the contract, by the components' names,
each with its games as the registry has them (`game_names.by_game`).
An answer decoded from its stored form (an Idempotency-Key's replay) gets its view back
as its struct in `__post_init__` (`game_kinds.as_view`).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from service.usecases.game_kinds import MOVES, VIEWS
from service.usecases.game_names import by_game
from service.usecases.stored_forms import COMPONENT_REF

#: A view of a game of any game, as its game's spec gives it. None carries a tag
#: (Penang's answers stay as they were), so msgspec cannot type their union: the field
#: holds any (`game_kinds.AnyView`) and states the union for the contract. They are told
#: apart by `rules_version`, which names the game.
View = Annotated[
    Any,
    msgspec.Meta(
        description=(
            "The game as the caller may see it, its game's view: "
            f"{by_game(lambda spec: spec.view_types)}; `rules_version` names the game."
        ),
        extra_json_schema={"oneOf": [{"$ref": COMPONENT_REF.format(name=n)} for n in VIEWS]},
    ),
]


#: A seat's legal moves in any game (`game_kinds.AnyMoves`), stated for the contract as `View`.
Moves = Annotated[
    Any,
    msgspec.Meta(
        description=(
            f"The seat's legal moves, its game's own: {by_game(lambda spec: (spec.moves_type,))}."
        ),
        extra_json_schema={"oneOf": [{"$ref": COMPONENT_REF.format(name=n)} for n in MOVES]},
    ),
]
