"""The registry: every game of the engine, by name, and every game's events in one codec.

A game is one package and one registration, like OpenSpiel's `REGISTER_SPIEL_GAME`: it
builds its `GameSpec` (`domain.game_spec`) from its own modules (`domain.penang.spec`,
`domain.rummy.spec`, `domain.three13.spec`), and this module lists them. It is the one
module of the core that names the games; the rest of the core, and the service, ask a
game's spec for what differs.

`GAMES` maps each game's name (`GameName`) to its spec; `spec_for_rules_version` finds
the game a record or a deal names by its rules version; `ALL_GAME_EVENTS` reads a store
of every game's events (no two games tag different types alike, and the draw games'
shared `HandDealt` is read with either game's rules). `AnyDrawRules` is every draw
game's rule options, tagged with the game: what the draw core reads as `DrawRules`
(`domain.drawgame.events`) is one of these wherever a stored deal, a match of a draw
game or the contract is read.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from domain.codec import EventCodec
from domain.game_spec import GameSpec
from domain.penang.spec import PENANG
from domain.rummy.rules import RummyRules
from domain.rummy.spec import RUMMY
from domain.three13.rules import ThirteenRules
from domain.three13.spec import THREE_THIRTEEN

#: The name of each game of the engine, as a client asks for it (`CreateGame.game`).
GameName = Literal["penang", "rummy", "three-thirteen"]
#: Every draw game's rule options, tagged with the game (`"game": "rummy"`): what a draw
#: game's deal, a match of one, and the contract hold (`domain.drawgame.events.DrawRules`).
AnyDrawRules = RummyRules | ThirteenRules
#: Every game of the engine, by name.
GAMES: Final[dict[str, GameSpec[Any, Any]]] = {
    spec.name: spec for spec in (PENANG, RUMMY, THREE_THIRTEEN)
}
#: Every game's events in one codec: a store that holds them all reads them with it.
ALL_GAME_EVENTS: Final = EventCodec.merged(spec.codec for spec in GAMES.values())


def spec_for_rules_version(rules_version: str) -> GameSpec[Any, Any] | None:
    """The game played under `rules_version` (a deal's or a record header's), if any."""
    return next((spec for spec in GAMES.values() if spec.rules_version == rules_version), None)
