"""Bots play by the rules: every turn they answer is legal, and they declare dead only
when they have no move (P10, P11, P26–P30, D6, D8).

Games are dealt from seeded fair deals or from friendly decks (more runs and sets, so
more swaps and more Games), under a mix of rule options, with a bot drawn for every
seat; each bot sees only its seat's view (`domain.penang.views.view_game`). The engine judges
every answer (`play_turn` raises the rule an illegal turn breaks), the invariants of
`play.py` are checked after every command, and the window a bot plays through
(`domain.penang.bots.window.seat_state`) lists exactly the moves the true state does.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.cards import Card
from domain.events import Event
from domain.fair import fair_deal_of
from domain.penang.bots import BOT_NAMES, make_bot
from domain.penang.bots.window import seat_state
from domain.penang.dead_check import has_legal_move
from domain.penang.events import GameEnded
from domain.penang.fold import fold
from domain.penang.game import declare_dead, play_turn, start_game
from domain.penang.moves import legal_moves
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState
from domain.penang.views import view_game

from .games_played import PENANG_RULES
from .play import check_cards_accounted_for, check_scores, friendly_deck


@dataclass(frozen=True)
class Table:
    players: int
    rules: PenangRules
    seed: int
    friendly: bool
    bots: tuple[str, ...]

    def deal(self) -> tuple[list[Card], int]:
        rng = random.Random(self.seed)
        if self.friendly:
            dealer = rng.randrange(self.players)
            return friendly_deck(rng, self.players, dealer, self.rules), dealer
        server_seed = hashlib.sha256(str(self.seed).encode()).digest()
        deck, dealer, _ = fair_deal_of(
            self.rules.deck_for(self.players), self.players, server_seed, ()
        )
        return deck, dealer


@st.composite
def tables(draw: st.DrawFn) -> Table:
    players = draw(st.integers(min_value=2, max_value=5))
    return Table(
        players=players,
        rules=draw(PENANG_RULES),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        friendly=draw(st.booleans()),
        bots=tuple(draw(st.sampled_from(BOT_NAMES)) for _ in range(players)),
    )


def play_bots(table: Table) -> tuple[list[Event], PenangState]:
    """The whole game, each turn the seat's bot's answer, judged by the engine."""
    deck, dealer = table.deal()
    names = [f"{bot}-{seat}" for seat, bot in enumerate(table.bots)]
    bots = [make_bot(bot, f"{table.seed}/{seat}") for seat, bot in enumerate(table.bots)]
    events = start_game(names, deck, table.rules, dealer)
    state = fold(events)
    bound = sum(len(hand) for hand in state.hands) + table.players
    for _ in range(bound):
        if state.over:
            return events, state
        seat = state.turn
        assert seat is not None
        view = view_game(state, seat)
        assert legal_moves(seat_state(view), seat) == legal_moves(state, seat)
        turn = bots[seat].turn(view)
        if turn is None:
            assert not has_legal_move(state, seat), f"{table.bots[seat]} declared dead with a move"
            new = declare_dead(state, seat)
        else:
            new = play_turn(state, seat, turn.actions)  # raises the rule an illegal turn breaks
        events += new
        state = fold(new, state)
        check_cards_accounted_for(state, deck)
    raise AssertionError(f"no end within {bound} commands")


@settings(max_examples=150, deadline=None)
@given(tables())
def test_bots_send_only_legal_turns_and_declare_dead_only_without_a_move(table: Table) -> None:
    events, state = play_bots(table)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    check_scores(state, ended)
    event(f"ended by {ended.reason}")


def test_a_bot_plays_the_same_game_from_the_same_seed() -> None:
    table = Table(3, PenangRules(cards_per_player=12), 17, True, ("random", "greedy", "patient"))
    assert play_bots(table)[0] == play_bots(table)[0]


def test_seeded_bot_games_reach_game_swaps_and_declared_dead() -> None:
    # The properties above mean little unless the bots reach these.
    seen: set[str] = set()
    for seed in range(12):
        rules = PenangRules(cards_per_player=16, auto_dead=seed % 2 == 0)
        bots = (BOT_NAMES[seed % 3], BOT_NAMES[(seed + 1) % 3])
        events, _ = play_bots(Table(2, rules, seed, True, bots))
        seen.update(type(fact).__name__ for fact in events)
        seen.update(getattr(fact, "reason", "") for fact in events)
    assert {"WildSwapped", "DeclaredGame", "declared", "no_move"} <= seen, seen
