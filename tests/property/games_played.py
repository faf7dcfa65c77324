"""How random play plays each registered game: its `GamePlay`, by the game's name.

Every game of the registry (`GAMES`) is played: by a play of its own where one is here
(`OWN_PLAYS`), else by its own bots through its spec (`every_game.bots_play`), so a new
game is played by its registration alone; and every game by its bots too (`BOT_PLAYS`).

Penang Rummy is played by uniform picks among the whole turns its legal moves list
(`turns`: a seat with none declares dead, P29 D6), under a mix of rule options, with
2–5 players; play.py's own driver plays it harder (longer turns, friendly deals, turn
clocks). Basic Rummy (2–6 players, both options drawn, and short hands) and Three
Thirteen (2–6 players, every hand number 1–11) are played one listed command at a time
by the choosers of draw_play.py. Gin Rummy (two players, a table's rules with each
reading of the wall and of spades double, the `openspiel` preset, and the rules of a deal
recorded before the tables' options, with and without Oklahoma) is played by uniform
picks among the single actions its legal moves list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec
from hypothesis import strategies as st

from domain.cards import Card
from domain.events import Event
from domain.games import GAMES  # the registry of games: the one line to follow if it moves
from domain.gin.rules import OPENSPIEL, TABLE, GinRules
from domain.gin.state import GinState
from domain.penang.events import GameEnded
from domain.penang.rules import CardPoints, PenangRules
from domain.penang.state import PenangState
from domain.rummy.rules import RummyRules
from domain.three13.rules import ThirteenRules

from . import draw_play
from .every_game import Chooser, GamePlay, Played, Table, bots_play, play_game
from .play import check_scores, check_views

__all__ = ["BOT_PLAYS", "GAMES", "OWN_PLAYS", "PLAYS", "play"]

SEED = st.integers(min_value=0, max_value=2**32 - 1)

#: Penang's rule options, as random play draws them.
PENANG_RULES = st.builds(
    PenangRules,
    jokers=st.sampled_from((6, 8)),
    cards_per_player=st.sampled_from((None, None, 4, 6, 9, 12)),
    jokers_lay_off=st.booleans(),
    swapped_joker_same_turn=st.booleans(),
    all_joker_melds=st.booleans(),
    auto_dead=st.booleans(),
    card_points=st.sampled_from((CardPoints(), CardPoints(face=5, ace=1, joker=50))),
)
RUMMY_RULES = st.builds(
    RummyRules,
    last_card_discard=st.booleans(),
    ace_high=st.booleans(),
    cards_per_player=st.sampled_from((None, None, None, 3, 5)),
)


def _penang_cards(state: PenangState) -> list[Card]:
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    return held + tabled + list(state.undealt)


def _penang_bound(state: PenangState) -> int:
    # Every turn takes at least one card from the mover's hand for good; every other
    # command is a dead declaration, at most one per seat (P10, P30).
    return sum(len(hand) for hand in state.hands) + state.seats


def _penang_event(state: PenangState, event: Event) -> None:
    check_views(state)
    if isinstance(event, GameEnded):
        check_scores(state, event)


def _penang_end(played: Played) -> None:
    assert sum(isinstance(event, GameEnded) for event in played.events) == 1


def _uniform(state: Any, seat: int, listed: Sequence[Any], rng: random.Random) -> Any:
    return rng.choice(listed)


PENANG = GamePlay(
    listed=lambda moves: [turn.actions for turn in moves.turns],
    cards=_penang_cards,
    bound=_penang_bound,
    refold_every=1,
    choose=_uniform,
    tables=st.builds(
        Table,
        game=st.just("penang"),
        players=st.integers(2, 5),
        rules=PENANG_RULES,
        seed=SEED,
        fair=st.booleans(),
    ),
    examples=40,
    records=10,
    check_event=_penang_event,
    check_end=_penang_end,
    ending=lambda state: f"ended by {state.ended.reason}",
)
RUMMY = GamePlay(
    listed=draw_play.listed,
    cards=draw_play.cards,
    bound=lambda state: 4000,
    refold_every=20,
    choose=draw_play.choose_rummy,
    tables=st.builds(
        Table,
        game=st.just("rummy"),
        players=st.integers(2, 6),
        rules=RUMMY_RULES,
        seed=SEED,
        fair=st.booleans(),
    ),
    examples=150,
    records=25,
    check_event=draw_play.check_event,
    check_turn=draw_play.only_the_seat_on_turn(GAMES["rummy"].legal_moves),
    check_end=draw_play.check_rummy_scores,
    ending=draw_play.rummy_ending,
)
THREE_THIRTEEN = GamePlay(
    listed=draw_play.listed,
    cards=draw_play.cards,
    bound=lambda state: 4000,
    refold_every=20,
    choose=draw_play.choose_thirteen,
    tables=st.builds(
        Table,
        game=st.just("three-thirteen"),
        players=st.integers(2, 6),
        rules=st.just(ThirteenRules()),
        seed=SEED,
        fair=st.booleans(),
        number=st.integers(1, 11),
    ),
    examples=40,
    records=15,
    check_event=draw_play.check_event,
    check_turn=draw_play.only_the_seat_on_turn(GAMES["three-thirteen"].legal_moves),
    check_end=draw_play.check_thirteen_scores,
    ending=draw_play.thirteen_ending,
)


def _gin_cards(state: GinState) -> list[Card]:
    held = [card for hand in state.hands for card in hand]
    laid = [card for melds in state.melds for meld in melds for card in meld]
    return held + laid + list(state.layoffs) + list(state.stock) + list(state.discards)


def _gin_only_on_turn(state: GinState, seat: int) -> None:
    """G4: the seat on turn alone is listed an action."""
    assert not GAMES["gin"].legal_moves(state, 1 - seat).actions


def _gin_rules(base: GinRules, oklahoma: bool, wall: str, spades: str | None) -> GinRules:
    """`base` with Oklahoma or not; a table's (not OpenSpiel's, nor a deal recorded before
    the tables' options, R57) with a reading of the wall and, in Oklahoma, spades double."""
    rules = msgspec.structs.replace(base, oklahoma=oklahoma)
    if base != TABLE:
        return rules
    return msgspec.structs.replace(rules, wall=wall, spade_double=spades if oklahoma else None)


GIN = GamePlay(
    listed=lambda moves: [(action,) for action in moves.actions],
    cards=_gin_cards,
    bound=lambda state: 2000,
    refold_every=20,
    choose=_uniform,
    tables=st.builds(
        Table,
        game=st.just("gin"),
        players=st.just(2),
        rules=st.builds(
            _gin_rules,
            st.sampled_from((TABLE, OPENSPIEL, GinRules())),
            st.booleans(),
            st.sampled_from(("discard", "fiftieth_card", "draw")),
            st.sampled_from((None, "points", "all")),
        ),
        seed=SEED,
        fair=st.booleans(),
    ),
    examples=40,
    records=15,
    check_turn=_gin_only_on_turn,
    ending=lambda state: f"ended by {state.ended.reason}",
)

#: The games played by a play of their own (the choosers above), by the game's name.
OWN_PLAYS: dict[str, GamePlay] = {
    "penang": PENANG,
    "rummy": RUMMY,
    "three-thirteen": THREE_THIRTEEN,
    "gin": GIN,
}
#: Every registered game played by its own bots through its spec alone, by its name (a
#: game without bots has none).
BOT_PLAYS: dict[str, GamePlay] = {
    name: bots_play(spec) for name, spec in GAMES.items() if spec.bots
}
#: Every registered game's play, by the game's name: its own, or, for a game with none,
#: its bots' (a game with neither is missing here, and test_every_game_play.py says so).
PLAYS: dict[str, GamePlay] = {
    name: OWN_PLAYS.get(name) or BOT_PLAYS[name]
    for name in GAMES
    if name in OWN_PLAYS or name in BOT_PLAYS
}


def play(table: Table, choose: Chooser | None = None, game: GamePlay | None = None) -> Played:
    """`table` played to its end by its game's play (or `game`) and chooser (or `choose`)."""
    return play_game(GAMES[table.game], game or PLAYS[table.game], table, choose)
