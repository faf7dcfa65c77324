"""The draw games' bots play by the rules: every command they send is one the engine
accepts (B3–B9, T4–T8), the window they play through lists exactly the moves the true
hand does, and whole matches they play verify offline (R31).

Hands are dealt from seeded fair decks under a mix of options, with a bot drawn for every
seat; each bot sees only its seat's view (`HandView`). After every command every card is
in exactly one place (tests/property/draw_play.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.drawgame.bots import DRAW_BOT_NAMES, make_draw_bot
from domain.drawgame.bots.game import DrawBotGame
from domain.drawgame.bots.window import hand_state
from domain.drawgame.piles import seeded
from domain.drawgame.state import DrawState
from domain.drawgame.views import HandView
from domain.fair import fair_deal_of
from domain.game import Game
from domain.games import GAMES
from domain.match.audit import verify_match_record
from domain.match.draw_options import DrawMatchOptions
from domain.match.records import MatchRecord, dump_match_record, load_match_record
from domain.rummy.bots import RUMMY_BOT_GAME
from domain.rummy.rules import RummyRules
from domain.three13.bots import THIRTEEN_BOT_GAME
from domain.three13.rules import ThirteenRules
from service.simulation.local import play_match
from service.simulation.plan import Plan

from .draw_play import check_cards_accounted_for

COMMANDS = 20_000
#: Each draw game as its bots play it.
BOT_GAMES: dict[str, DrawBotGame] = {
    "rummy": RUMMY_BOT_GAME,
    "three-thirteen": THIRTEEN_BOT_GAME,
}


@dataclass(frozen=True)
class Hand:
    game: str
    rules: Any
    number: int
    seed: int
    bots: tuple[str, ...]


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    game = draw(st.sampled_from(("rummy", "three-thirteen")))
    players = draw(st.integers(min_value=2, max_value=6 if game == "rummy" else 4))
    if game == "rummy":
        rules: Any = RummyRules(last_card_discard=draw(st.booleans()), ace_high=draw(st.booleans()))
        number = 1
    else:
        rules = ThirteenRules()
        number = draw(st.integers(min_value=1, max_value=11))
    bots = [draw(st.sampled_from(DRAW_BOT_NAMES)) for _ in range(players)]
    # Random seats alone take thousands of turns to meld a whole hand (a seeded hand of
    # five random seats of basic Rummy: 6,675 events); a greedy seat ends it sooner.
    bots[draw(st.integers(min_value=0, max_value=players - 1))] = "greedy"
    return Hand(
        game=game,
        rules=rules,
        number=number,
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        bots=tuple(bots),
    )


def play_hand(hand: Hand) -> DrawState:
    """The whole hand, each command the seat's bot's, judged by the engine."""
    spec: Game = GAMES[hand.game]
    server_seed = hashlib.sha256(str(hand.seed).encode()).digest()
    players = len(hand.bots)
    packs = spec.deck(hand.rules, players)
    deck, dealer, proof = fair_deal_of(packs, players, server_seed, ())
    names = [f"{bot}-{seat}" for seat, bot in enumerate(hand.bots)]
    events = spec.deal(names, deck, hand.rules, dealer, proof=proof, number=hand.number)
    state = spec.fold(events, None)
    rebuild = seeded(server_seed, ())
    game = BOT_GAMES[hand.game]
    bots = [make_draw_bot(bot, f"{hand.seed}/{seat}", game) for seat, bot in enumerate(hand.bots)]
    for _ in range(COMMANDS):
        if state.over:
            return state
        seat = state.turn
        assert seat is not None
        view = spec.view(state, seat, False)
        assert isinstance(view, HandView)
        if state.phase == "play":
            assert game.listed(hand_state(view), seat) == game.listed(state, seat)
        actions = bots[seat].command(view)
        state = spec.fold(spec.play(state, seat, actions, rebuild), state)  # raises if illegal
        check_cards_accounted_for(state, packs)
    raise AssertionError(f"no end within {COMMANDS} commands")


@settings(max_examples=30, deadline=None)
@given(hands())
def test_draw_bots_send_only_commands_the_rules_accept(hand: Hand) -> None:
    state = play_hand(hand)
    assert state.ended is not None
    event(f"{hand.game}: {state.ended.reason}, rebuilt {min(state.rebuilds, 2)}+ times")


def _match(number: int, seed: str, options: DrawMatchOptions, bots: tuple[str, ...]) -> Plan:
    """The plan of one match, as `penang-rummy simulate` plans its own."""
    return Plan(
        number=number, seed=seed, bots=bots, game=options.game, rules=options.rules, match=options
    )


def _played(plan: Plan) -> MatchRecord:
    return play_match(plan)[0]


def test_a_draw_bot_plays_the_same_match_from_the_same_seed() -> None:
    options = DrawMatchOptions(rules=RummyRules(), games=2)
    plan = _match(1, "same", options, ("random", "greedy", "random"))
    assert _played(plan) == _played(plan)


def test_matches_the_bots_play_verify_offline() -> None:
    for game, options in (
        ("rummy", DrawMatchOptions(rules=RummyRules(ace_high=True), target=60)),
        ("three-thirteen", DrawMatchOptions(rules=ThirteenRules())),
    ):
        plan = _match(1, game, options, ("greedy", "greedy"))
        record = load_match_record(dump_match_record(_played(plan)))
        verdict = verify_match_record(record)
        assert verdict.valid and verdict.finished and verdict.deal == "verified", verdict
        assert len(record.games) == (11 if game == "three-thirteen" else len(record.games))


def test_greedy_wins_most_matches_against_random() -> None:
    # Seeded, so the same matches every run: a greedy seat beside a random one.
    won = 0.0
    for number in range(12):
        bots = ("greedy", "random") if number % 2 else ("random", "greedy")
        options = DrawMatchOptions(rules=RummyRules(), games=3)
        ended = _played(_match(number, f"strength/{number}", options, bots)).events[-2]
        winners = getattr(ended, "winners", ())
        won += sum(bots[seat] == "greedy" for seat in winners) / max(len(winners), 1)
    assert won >= 9, f"greedy won {won} of 12 matches"
