"""The two shapes a match's view is answered in, for the contract and to read one back.

The domain has one view of a match for every game (`domain.match.views.MatchView`). Its
fields that only a draw game's match shows are `UNSET` in Penang Rummy's, and never
written, so the view answers in one of two shapes: Penang's (`MatchView`: no
`hands_won`, its `options` a `MatchOptions`), and a draw game's (`DrawMatchView`: the
hands won, its `options` a `DrawMatchOptions`). Both name their `game`, which tells them
apart (the contract's discriminator). Each shape is a schema-only struct derived here
from the view's own fields, so the contract cannot drift from the view: the contract's
components are these shapes, and an answer's view read back (a stored answer replayed)
is decoded through its shape, since msgspec reads no union of two untagged structs.
"""

from __future__ import annotations

from typing import Any, Final, Literal, Union

import msgspec
from msgspec import UNSET, UnsetType

from domain.games import DEFAULT_GAME, GAMES
from domain.match.draw_options import DrawMatchOptions
from domain.match.options import MatchOptions
from domain.match.views import MatchView


def _without_unset(annotation: Any) -> Any:
    """`T | UnsetType` as `T`: the field is always there in this shape."""
    kept = tuple(arg for arg in getattr(annotation, "__args__", ()) if arg is not UnsetType)
    return Union[kept] if len(kept) > 1 else kept[0]  # noqa: UP007 (a runtime union)


def games_showing_hands(draw: bool) -> tuple[str, ...]:
    """The games whose match's view shows the hands won (`draw`), or those whose does not."""
    return tuple(name for name, game in GAMES.items() if game.match_shows_hands == draw)


def _shape(name: str, doc: str, options: type[msgspec.Struct], draw: bool) -> type[msgspec.Struct]:
    """The view's fields as one shape shows them: with `options` of that type, and the
    fields only a draw game's match shows required (`draw`) or left out."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for field in msgspec.structs.fields(MatchView):
        if field.name == "options":
            fields.append((field.name, options))
        elif field.name == "game":
            fields.append((field.name, Literal[games_showing_hands(draw)]))
        elif field.default is UNSET:
            if draw:
                fields.append((field.name, _without_unset(field.type)))
        elif field.required:
            fields.append((field.name, field.type))
        else:
            fields.append((field.name, field.type, field.default))
    return msgspec.defstruct(
        name,
        fields,
        kw_only=True,
        frozen=True,
        module=__name__,
        namespace={"__doc__": doc},
    )


#: Penang Rummy's match, as anyone sees it.
PenangMatchShape: Final = _shape("MatchView", "A match as anyone sees it.", MatchOptions, False)
#: A draw game's match, as anyone sees it (R31).
DrawMatchShape: Final = _shape(
    "DrawMatchView",
    "A match of basic Rummy, Three Thirteen or Gin Rummy as anyone sees it (R31): as\n"
    "`MatchView`, with its game, each seat's hands won and its columns; its games are its\n"
    "hands.",
    DrawMatchOptions,
    True,
)
#: Both shapes, in the order the contract states them.
MATCH_VIEW_SHAPES: Final = (PenangMatchShape, DrawMatchShape)


def _shape_of(view: dict[str, Any]) -> type[msgspec.Struct]:
    """The shape of a view as builtins: a draw game's where it shows the hands won."""
    return DrawMatchShape if "hands_won" in view else PenangMatchShape


def read_match_view(view: dict[str, Any]) -> MatchView:
    """A match's view as builtins (an answer's JSON), read back as the domain's view; one
    stored before every match's view named its game names the default game's (a draw
    game's named it)."""
    if "game" not in view:
        view = {"game": DEFAULT_GAME, **view}
    shown = msgspec.convert(view, _shape_of(view))
    return MatchView(**msgspec.structs.asdict(shown))
