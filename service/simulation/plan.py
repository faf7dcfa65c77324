"""Which games a simulation plays: seeds, seats and bots, all derived from one seed.

Every game of the registry (`domain.games`) whose seats have bots (`domain.bots.seats.
bots_of`) is simulated, and what differs between games is asked of the game's spec and
its rule options' type, never of its name (docs/benchmarks.md). A game whose deal leaves no stock
(`Game.has_stock` false: Penang) is simulated a game at a time; a draw game is
simulated a match at a time (R31), a match as its rules say it ends: after its fixed
hands (`MATCH_HANDS`), at the target it is always played to (`MATCH_TARGET`, 100 unless
`--target` says otherwise), or at `--target` or after `--hands` (`RUMMY_TARGET` where
neither is given).

Game (or match) n, from 1, of a run with seed S is drawn from the seed text
`simulate/S/n`: its server seed (or match seed) is SHA-256 of that text, exactly as
`POST /games` (`POST /matches`) takes a `seed`, with no seat seeds, so the same game is
dealt in process and by a service (`domain.fair`). Seat s of game n is played by the
bot `bots[(s + n) % len(bots)]`: the bots take turns at every seat, so none keeps the
seat that moves first. Each command a bot sends is seeded as a bot seat's is (R33,
`domain.fair.bot_seed`: the server seed of the game or hand, the seat and the version the
seat sees), so the same view gives the same command here, over HTTP, and in a bot seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any, Final

import msgspec

from domain.bots.seats import bots_of
from domain.game import Game
from domain.games import GAMES
from domain.match.draw_options import DrawMatchOptions

#: The names `--game` takes: every registered game whose seats have bots.
GAME_NAMES: Final[tuple[str, ...]] = tuple(name for name, spec in GAMES.items() if bots_of(spec))
#: The game a run plays where it names none: the registry's first.
DEFAULT_GAME: Final = GAME_NAMES[0]
#: A match that takes a target or a number of hands ends at this target where it is
#: given neither and its rules name no target of their own (basic Rummy's B12 names none).
RUMMY_TARGET: Final = 100


def bot_names(game: str) -> tuple[str, ...]:
    """The bots that play `game`'s seats (`domain.bots.seats.bots_of`)."""
    return tuple(bots_of(GAMES[game]))


def plays_matches(spec: Game) -> bool:
    """Whether `spec`'s game is simulated a match at a time (a draw game's, R31)."""
    return spec.has_stock


def takes_cards(spec: Game) -> bool:
    """Whether `spec`'s rule options take a number of cards dealt to each player."""
    return "cards_per_player" in spec.rules_type.__struct_fields__


class SimulationOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What to play: how many games, how many seats, which bots, from which seed."""

    games: int
    players: int
    bots: tuple[str, ...]
    seed: str
    #: Cards dealt to each player; None: the rules' default (P3, D2, B2).
    cards: int | None = None
    #: The game, by its name in the registry (`domain.games.GAMES`).
    game: str = DEFAULT_GAME
    #: A match's target, or its number of hands (B12, G17).
    target: int | None = None
    hands: int | None = None

    @property
    def spec(self) -> Game:
        return GAMES[self.game]

    @property
    def matches(self) -> bool:
        """Whether each of `games` is a match (R31), not a single game."""
        return plays_matches(self.spec)

    def validate(self) -> SimulationOptions:
        """These options, or ValueError naming what is wrong (the rules' own check too)."""
        if self.game not in GAME_NAMES:
            raise ValueError(
                f"no game is called {self.game!r}: choose from {', '.join(GAME_NAMES)}"
            )
        if self.games < 1:
            raise ValueError(f"play at least one game, not {self.games}")
        if not self.bots:
            raise ValueError("name at least one bot")
        names = bot_names(self.game)
        unknown = [name for name in self.bots if name not in names]
        if unknown:
            raise ValueError(f"no bot is called {unknown[0]!r}: choose from {', '.join(names)}")
        if self.matches:
            self.match_options.validate(self.players)
            return self
        if self.target is not None or self.hands is not None:
            matched = [spec.title for spec in GAMES.values() if _takes_an_ending(spec)]
            raise ValueError(
                f"--target and --hands end a match of {' or '.join(matched)}: "
                f"{self.spec.title} is simulated game by game"
            )
        self.spec.validate(self.rules, self.players)
        return self

    @property
    def rules(self) -> Any:
        """The rule options of every game (every hand of a match): the game's defaults,
        with `cards` dealt to each player where given."""
        spec = self.spec
        if self.cards is None:
            rules = spec.rules_type()
        elif not takes_cards(spec):
            raise ValueError(f"{spec.title} deals as its rules say ({spec.deal_rule}): no --cards")
        else:
            rules = spec.rules_type(cards_per_player=self.cards)
        # As a new table takes them: Gin's settle the options a table takes by default (R57).
        return spec.validate(rules, self.players)

    @property
    def match_options(self) -> DrawMatchOptions:
        """The options of each match of a draw game (R31): how it ends, asked of its rules."""
        rules = self.rules
        if rules.MATCH_HANDS is not None:  # a fixed number of hands: no target, no --hands
            if self.target is not None or self.hands is not None:
                fixed = f"{rules.MATCH_HANDS} hands ({rules.MATCH_HANDS_RULE})"
                raise ValueError(
                    f"a match of {self.spec.title} is its {fixed}: no --target or --hands"
                )
            return DrawMatchOptions(rules=rules)
        target = self.target
        if target is None and self.hands is None:
            target = rules.MATCH_TARGET if rules.MATCH_TARGET is not None else RUMMY_TARGET
        if target is None and rules.MATCH_TARGET is not None:
            target = rules.MATCH_TARGET  # played to its target: `--hands` is refused below
        return DrawMatchOptions(rules=rules, target=target, games=self.hands)


def _takes_an_ending(spec: Game) -> bool:
    return plays_matches(spec) and getattr(spec.rules_type, "MATCH_HANDS", None) is None


class Plan(msgspec.Struct, frozen=True, kw_only=True):
    """One game (or match) of a run: its number, its seed text, its game and rules, how
    a match ends, and each seat's bot."""

    number: int
    seed: str
    bots: tuple[str, ...]
    #: The game's name in the registry (`domain.games.GAMES`).
    game: str
    #: The rule options of the game, or of every hand of the match.
    rules: Any
    #: A match's options (R31); None where the plan is a single game.
    match: DrawMatchOptions | None = None

    @property
    def spec(self) -> Game:
        return GAMES[self.game]

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order: the bot and the seat."""
        return tuple(f"{bot}-{seat}" for seat, bot in enumerate(self.bots))

    @property
    def server_seed(self) -> bytes:
        """The game's server seed, or the match's seed: SHA-256 of the seed text."""
        return hashlib.sha256(self.seed.encode("utf-8")).digest()


#: The plan of a single game (the name the store's tests and benchmarks use).
GamePlan = Plan


def plan_game(options: SimulationOptions, number: int) -> Plan:
    bots = options.bots
    return Plan(
        number=number,
        seed=f"simulate/{options.seed}/{number}",
        bots=tuple(bots[(seat + number) % len(bots)] for seat in range(options.players)),
        game=options.game,
        rules=options.rules,
        match=options.match_options if options.matches else None,
    )


def plans(options: SimulationOptions) -> Iterator[Plan]:
    """Every game (or match) of the run, in order."""
    for number in range(1, options.games + 1):
        yield plan_game(options, number)
