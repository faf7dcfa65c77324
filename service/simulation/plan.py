"""Which games a simulation plays: seeds, seats and bots, all derived from one seed.

Game n (from 1) of a run with seed S is dealt from the seed text `simulate/S/n`: its
server seed is SHA-256 of that text, exactly as `POST /games` takes a `seed` (with no
seat seeds), so the same game is dealt in process and by a service (`domain.fair`).
Seat s of game n is played by the bot `bots[(s + n) % len(bots)]`: the bots take turns
at every seat, so none keeps the seat that moves first. A `random` bot at seat s draws
from the seed text `simulate/S/n/seat-s`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import get_args

import msgspec

from domain.bots import BOT_NAMES, DRAW_BOT_NAMES, Bot, make_bot
from domain.drawgame.views import HandView
from domain.games import GAMES, MatchGameName
from domain.match.draw_options import DrawMatchOptions
from domain.penang.rules import Rules
from domain.rummy.rules import RummyRules

#: The names `--game` takes, as the registry of games spells them (`domain.games`): the
#: games a match plays (`MatchGameName`), since a draw game is simulated as matches, and
#: whose seats the simulation's bots play: Penang's bots or the draw bots (`bot_names`),
#: which play from a `HandView` (Gin's seats see a `GinView`: no simulation plays it yet).
GAME_NAMES: tuple[str, ...] = tuple(
    name
    for name in get_args(MatchGameName)
    if not GAMES[name].has_stock or HandView in GAMES[name].view_types
)
#: A match of basic Rummy ends at this target where neither a target nor hands are given.
RUMMY_TARGET = 100


def bot_names(game: str) -> tuple[str, ...]:
    """The bots that play `game`: Penang's (`domain.bots`), or the draw games' own."""
    return DRAW_BOT_NAMES if GAMES[game].has_stock else BOT_NAMES


class SimulationOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What to play: how many games, how many seats, which bots, from which seed."""

    games: int
    players: int
    bots: tuple[str, ...]
    seed: str
    #: Cards dealt to each player; None: the rules' default (P3, D2, B2).
    cards: int | None = None
    #: The game: Penang's games, or matches of basic Rummy or Three Thirteen (R31).
    game: str = "penang"
    #: Basic Rummy: each match's target, or its number of hands (B12).
    target: int | None = None
    hands: int | None = None

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
        if not GAMES[self.game].has_stock:
            if self.target is not None or self.hands is not None:
                raise ValueError("--target and --hands end a match of basic Rummy")
            self.rules.validate(self.players)
        else:
            self.draw_options.validate(self.players)
        return self

    @property
    def rules(self) -> Rules:
        return Rules(cards_per_player=self.cards)

    @property
    def draw_options(self) -> DrawMatchOptions:
        """The options of each match of a draw game (R31)."""
        spec = GAMES[self.game]
        if spec.rules_type.MATCH_HANDS is not None:  # Three Thirteen's eleven hands (T1)
            if self.cards is not None:
                raise ValueError(f"{spec.title} deals n + 2 cards in hand n (T1): no --cards")
            if self.target is not None or self.hands is not None:
                raise ValueError(f"a match of {spec.title} is its eleven hands (T1)")
            return DrawMatchOptions(rules=spec.rules_type())
        target = self.target if self.target is not None or self.hands else RUMMY_TARGET
        rules = RummyRules(cards_per_player=self.cards)
        return DrawMatchOptions(rules=rules, target=target, games=self.hands)


class GamePlan(msgspec.Struct, frozen=True, kw_only=True):
    """One game of a run: its number, its seed text, its rules and each seat's bot."""

    number: int
    seed: str
    rules: Rules
    bots: tuple[str, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order: the bot and the seat."""
        return tuple(f"{bot}-{seat}" for seat, bot in enumerate(self.bots))

    @property
    def server_seed(self) -> bytes:
        return hashlib.sha256(self.seed.encode("utf-8")).digest()

    def seat_bots(self) -> list[Bot]:
        """A fresh bot for each seat, seeded for this game and seat."""
        return [make_bot(bot, f"{self.seed}/seat-{seat}") for seat, bot in enumerate(self.bots)]


def plan_game(options: SimulationOptions, number: int) -> GamePlan:
    bots = options.bots
    return GamePlan(
        number=number,
        seed=f"simulate/{options.seed}/{number}",
        rules=options.rules,
        bots=tuple(bots[(seat + number) % len(bots)] for seat in range(options.players)),
    )


def plans(options: SimulationOptions) -> Iterator[GamePlan]:
    """Every game of the run, in order."""
    for number in range(1, options.games + 1):
        yield plan_game(options, number)
