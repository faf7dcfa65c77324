"""What a request naming a game the service does not play is told: every game it plays,
read from the registry (`domain.games.GAMES`), never a list kept by hand.

A body type's `explain_refusal` (`service.api.inputs`) gives these words in place of the
decoder's ("Invalid enum value 'poker'") for the fields that name a game: `game` (every
game) and `draw_rules.game` (the draw games, whose rule options are tagged with it).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from domain.games import GAMES, GAMES_TEXT

#: The draw games, in words: those whose rule options are tagged with the game.
DRAW_GAMES_TEXT: Final = ", ".join(
    f"`{name}` ({spec.title})"
    for name, spec in GAMES.items()
    if spec.rules_type.__struct_config__.tag_field == "game"
)


#: The most characters of the value sent that a refusal repeats.
_LONGEST: Final = 40


def explain_game_refusal(document: Any, field: str) -> str | None:
    """Why the game `field` names is refused, where `field` names a game; else None."""
    if field == "game":
        sent = _at(document, ("game",))
        return f"{sent} is not a game this service plays: {GAMES_TEXT}"
    if field == "draw_rules.game":
        sent = _at(document, ("draw_rules", "game"))
        return f"{sent} is not a draw game this service plays: {DRAW_GAMES_TEXT}"
    return None


def _at(document: Any, path: tuple[str, ...]) -> str:
    """The value sent at `path` of the body, as the refusal shows it."""
    value = document
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    shown = repr(value) if isinstance(value, str) else msgspec.json.encode(value).decode()
    return shown if len(shown) <= _LONGEST else f"{shown[: _LONGEST - 1]}…"
