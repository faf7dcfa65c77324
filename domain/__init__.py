"""Penang Rummy rules engine: pure functions and values, no I/O, no clock, no randomness.

Modules, one per game concept: `cards` (notation, decks: P1, P2), `rules` (options:
D1–D8), `deal` (P3–P5, P7, P8), `melds` (P13–P18, D3, D4), `layoffs` (P19–P21),
`wildcards` (P22–P25), `commands` (turn actions), `events`, `state` (fold), `game`
(commands: P9–P12, P26–P32, D5–D8, and a turn clock's timeout: R19), `dead_check` (the
exact dead check: P29, R8), `moves` (legal moves as whole turns: D6), `scoring` (P33,
D1, D7), `views` (what each seat may see), `fair` (seeded deals and the first dealer:
P6), `rule_ids`, `codec`, `records` and `audit` (game records and their verification),
`chain` and `provenance` (the records' hash chain, and what it and a signature say);
`match` (matches: several games at one table, P6–P8, R16–R18).

The engine plays two more rummy games on the same core: `meld_terms` gives runs and sets
their ace rule, wild cards and rule ids per game; `drawgame` is what basic Rummy
(`rummy`, B1–B12) and Three Thirteen (`three13`, T1–T11) share; `game_spec` and `games`
put every game behind one surface (see `domain.games` for the layout).
"""

from domain.cards import Card, build_deck, format_cards, parse_cards
from domain.commands import LayOffAction, MeldAction
from domain.events import Event, LaidOff, Melded
from domain.penang.commands import Action, SwapAction, Turn
from domain.penang.dead_check import has_legal_move
from domain.penang.events import (
    AnyEvent,
    Dealt,
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
)
from domain.penang.game import declare_dead, play_turn, start_game, time_out
from domain.penang.moves import LegalMoves, legal_moves
from domain.penang.rules import Rules
from domain.penang.state import GameState, evolve, fold

__all__ = [
    "Action",
    "AnyEvent",
    "Card",
    "Dealt",
    "DeclaredDead",
    "DeclaredGame",
    "Event",
    "GameEnded",
    "GameState",
    "LaidOff",
    "LayOffAction",
    "LegalMoves",
    "MeldAction",
    "Melded",
    "PassportMelded",
    "Rules",
    "SwapAction",
    "Turn",
    "TurnEnded",
    "WildSwapped",
    "build_deck",
    "declare_dead",
    "evolve",
    "fold",
    "format_cards",
    "has_legal_move",
    "legal_moves",
    "parse_cards",
    "play_turn",
    "start_game",
    "time_out",
]
