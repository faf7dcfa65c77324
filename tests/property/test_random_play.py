"""Random legal play from random deals (P2–P12, P19–P33, D1–D8, DESIGN principle 14).

Every game is dealt from a shuffled deck with 2–5 players, a random dealer, 6 or 8
jokers and a mix of rule options, then played by picking each action from
`legal_moves` (swaps first when only swaps are listed). After every event the driver
in `play.py` checks that every card is accounted for exactly once, that folding the
record from scratch gives the same state, that views show the right hand sizes and
hide the right cards, that dead seats keep their hands, and that the final points are
the final hands' deadwood. Every game ends within one turn per card dealt.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.penang.audit import verify_events
from domain.penang.events import DeclaredDead, GameEnded, WildSwapped
from domain.penang.fold import fold
from domain.penang.rules import PenangRules

from .games_played import PENANG_RULES
from .play import PlayedGame, play_random_game


@dataclass(frozen=True)
class Deal:
    players: int
    dealer: int
    rules: PenangRules
    seed: int
    greedy: bool
    friendly: bool

    def play(self) -> PlayedGame:
        return play_random_game(
            random.Random(self.seed),
            self.players,
            self.dealer,
            self.rules,
            greedy=self.greedy,
            friendly=self.friendly,
        )


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    players = draw(st.integers(min_value=2, max_value=5))
    return Deal(
        players=players,
        dealer=draw(st.integers(min_value=0, max_value=players - 1)),
        rules=draw(PENANG_RULES),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        greedy=draw(st.booleans()),
        friendly=draw(st.booleans()),
    )


@settings(max_examples=400, deadline=None)
@given(deals())
def test_random_legal_play_keeps_every_invariant_and_ends(deal: Deal) -> None:
    game = deal.play()
    assert game.state is not None
    assert game.state.over
    ended = game.events[-1]
    assert isinstance(ended, GameEnded)
    event(f"ended by {ended.reason}")
    # Only the final event ends the game, and the undealt cards never moved (P5).
    assert sum(isinstance(event, GameEnded) for event in game.events) == 1
    assert game.state.undealt == fold(game.events[:1]).undealt


def test_seeded_games_reach_every_kind_of_ending() -> None:
    # The random play must reach what the invariants are about, or passing means little.
    seen: Counter[str] = Counter()
    for seed in range(80):
        rng = random.Random(seed)
        players = rng.randint(2, 5)
        rules = PenangRules(
            jokers=rng.choice((6, 8)),
            cards_per_player=rng.choice((None, 3, 4, 6, 10)),
            jokers_lay_off=rng.random() < 0.7,
            swapped_joker_same_turn=rng.random() < 0.7,
            auto_dead=rng.random() < 0.6,
        )
        dealer = rng.randrange(players)
        game = Deal(
            players, dealer, rules, seed, greedy=seed % 2 == 0, friendly=seed % 3 == 0
        ).play()
        ended = game.events[-1]
        assert isinstance(ended, GameEnded)
        seen[ended.reason] += 1
        seen["shared win"] += len(ended.winners) > 1
        seen["swap"] += any(isinstance(fact, WildSwapped) for fact in game.events)
        for fact in game.events:
            if isinstance(fact, DeclaredDead):
                seen[fact.reason] += 1
        seen["several actions in a turn"] += game.actions > game.turns
    for what in ("game", "all_dead", "swap", "declared", "no_move", "no_passport"):
        assert seen[what] > 0, f"no seeded game showed {what!r}: {dict(seen)}"
    assert seen["several actions in a turn"] > 0


@settings(max_examples=60, deadline=None)
@given(deals(), st.sampled_from((0.1, 0.3, 0.7)))
def test_seats_that_run_out_of_time_leave_a_game_that_ends_and_verifies(
    deal: Deal, timeouts: float
) -> None:
    # R19: a timeout passes the turn as any dead declaration does (D6, P32); every
    # invariant holds after it, the game ends, and its record verifies.
    game = play_random_game(
        random.Random(deal.seed),
        deal.players,
        deal.dealer,
        deal.rules,
        greedy=deal.greedy,
        friendly=deal.friendly,
        timeouts=timeouts,
    )
    assert game.state is not None and game.state.over
    verdict = verify_events(game.events)
    assert verdict.valid and verdict.finished, verdict.summary()
    timed_out = sum(
        isinstance(fact, DeclaredDead) and fact.reason == "timeout" for fact in game.events
    )
    event(f"timeouts: {min(timed_out, 3)}{'+' if timed_out > 3 else ''}")
    if timed_out:
        assert "taken as recorded (R19" in verdict.message
