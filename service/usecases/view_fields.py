"""The answers' fields that hold a view or legal moves of any game, typed for the contract.

Every game's view and legal moves name their `game`, a plain field (a draw game's
`HandView` is two games' view), not a msgspec tag: msgspec cannot type their union, so
these fields hold any of them (`game_kinds`' `AnyView`, `AnyMoves`) and state the union
for the contract, by the components' names, each with its games as the registry has
them (`game_names.by_game`); the contract's discriminator maps each game's name to its
component (`service.api.openapi.tag_games`).
An answer decoded from its stored form (an Idempotency-Key's replay) gets its view back
as its struct in `__post_init__` (`game_kinds.as_view`).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from service.usecases.game_kinds import MOVES, VIEWS
from service.usecases.game_names import by_game
from service.usecases.stored_forms import COMPONENT_REF

#: A view of a game of any game, as its game gives it: the field holds any
#: (`game_kinds.AnyView`) and states the union for the contract, told apart by `game`.
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
