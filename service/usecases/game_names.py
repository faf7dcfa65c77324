"""The games in the contract's and the refusals' words, read from the registry
(`domain.games.GAMES`), never a list kept by hand, so that a game registered is named.

A body type's `explain_refusal` (`service.api.inputs`) gives a request that names a game
the service does not play every game it plays, in place of the decoder's words ("Invalid
enum value 'poker'"), for the fields that name a game: `game` (every game) and
`draw_rules.game` (the draw games, whose rule options are tagged with it). The contract's
descriptions name each game's seats (`SEATS_TEXT`) and each game's view and moves types
(`by_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import msgspec

from domain.game import Game
from domain.games import GAMES, GAMES_TEXT, contract_name

#: The draw games, in words: those whose rule options are tagged with the game.
DRAW_GAMES_TEXT: Final = ", ".join(
    f"`{name}` ({spec.title})"
    for name, spec in GAMES.items()
    if spec.rules_type.__struct_config__.tag_field == "game"
)


def by_game(kinds: Callable[[Game], Iterable[type]]) -> str:
    """Each type `kinds` gives a game, with the games it is theirs: `HandView` (basic
    Rummy, Three Thirteen)."""
    games: dict[str, list[str]] = {}
    for spec in GAMES.values():
        for kind in kinds(spec):
            games.setdefault(contract_name(kind), []).append(spec.title)
    return ", ".join(f"`{name}` ({', '.join(titles)})" for name, titles in games.items())


def _seats() -> str:
    """The seats each game takes, games alike together: `basic Rummy and Three Thirteen 2
    to 6 (B1, T2)`."""
    groups: dict[range, list[Game]] = {}
    for spec in GAMES.values():
        groups.setdefault(spec.players, []).append(spec)
    said = []
    for seats, specs in groups.items():
        titles = " and ".join(spec.title for spec in specs)
        rules = ", ".join(spec.rules_type.SEATS_RULE for spec in specs)
        count = f"{seats.start} to {seats.stop - 1}" if len(seats) > 1 else str(seats.start)
        said.append(f"{titles} {count} ({rules})")
    return ", ".join(said)


#: The seats each game takes, in words (`CreateGame.players`).
SEATS_TEXT: Final = _seats()
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
