"""One hand played through our engine and OpenSpiel's `gin_rummy` together, in lockstep.

The deck is shuffled from the hand's seed; our engine deals it (seat 1 deals, so seat
0, the non-dealer, acts first, as OpenSpiel's player 0 always does), and OpenSpiel's
chance nodes are given the same cards: seat 0's ten, seat 1's ten, the upcard, then
each card our engine draws from the stock when OpenSpiel asks for it. Actions map both
ways (`to_openspiel`): cards are the same codes 0–51 (`domain.gin.melds`), 52 draws the
upcard, 53 the stock, 54 passes (and says `done`), 55 knocks, 56 + OpenSpiel's meld id
lays a meld. At every step both engines' legal actions must be the same set; at the
end, the same scores. A disagreement is a `Mismatch` carrying a reproducer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from domain.cards import NATURALS, Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import Drew
from domain.gin import melds as m
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.events import MeldShown
from domain.gin.fold import fold
from domain.gin.game import play, start_hand
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules
from domain.gin.state import GinState

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
#: No OpenSpiel action: a table's big gin (G19, R58).
BIG_GIN = -1


def meld_id(meld: tuple[int, ...]) -> int:
    """OpenSpiel's `MeldToInt`: 65 sets, then runs of 3, 4 and 5 by suit and low card."""
    ranks = {card % 13 for card in meld}
    if len(ranks) == 1:
        rank = meld[0] % 13
        if len(meld) == 4:
            return rank * 5 + 4
        missing = next(s for s in range(4) if s not in {card // 13 for card in meld})
        return rank * 5 + missing
    low = min(meld)
    suit, rank = low // 13, low % 13
    if len(meld) > 5:
        return 10_000 + low * 16 + len(meld)  # no OpenSpiel meld: a run of six or more (R39)
    offset = {3: 65, 4: 65 + 44, 5: 65 + 44 + 40}[len(meld)]
    return offset + suit * (13 - len(meld) + 1) + rank


def to_openspiel(action: GinAction) -> int:
    if isinstance(action, DrawAction):
        return DRAW_UPCARD if action.source == "discard" else DRAW_STOCK
    if isinstance(action, PassAction | DoneAction):
        return PASS
    if isinstance(action, KnockAction):
        return KNOCK
    if isinstance(action, BigGinAction):
        return BIG_GIN
    if isinstance(action, DiscardAction | LayOffCardAction):
        return _card_code(action.card)
    assert isinstance(action, ShowMeldAction)
    return MELD_BASE + meld_id(tuple(sorted(_card_code(text) for text in action.cards)))


def _card_code(text: str) -> int:
    return m.code(Card(text))


class Mismatch(AssertionError):
    """The engines disagree; the message is a reproducer."""


@dataclass
class Played:
    seed: int
    oklahoma: bool
    actions: list[int] = field(default_factory=list)
    state: GinState | None = None
    returns: tuple[float, float] = (0.0, 0.0)


Chooser = Callable[[Any, GinState, list[int], random.Random], int]


def random_choice(theirs: Any, ours: GinState, legal: list[int], rng: random.Random) -> int:
    """Any legal action, uniformly."""
    return rng.choice(legal)


def knocking_choice(theirs: Any, ours: GinState, legal: list[int], rng: random.Random) -> int:
    """Mostly purposeful play, so that knocks, gins, lay-offs and undercuts happen:
    knock when allowed, usually discard the card that leaves the least deadwood, lay
    melds and lay-offs more often than not, and otherwise pick at random."""
    if KNOCK in legal and rng.random() < 0.9:
        return KNOCK
    taken = None if ours.taken is None else m.code(ours.taken)
    cards = [action for action in legal if action < DRAW_UPCARD and action != taken]
    if ours.phase == "discard" and cards and rng.random() < 0.8:
        hand = m.codes(ours.hands[ours.turn or 0])
        return min(cards, key=lambda card: m.best_deadwood(tuple(c for c in hand if c != card)))
    if ours.phase in ("layoff", "defend_meld", "knock_meld"):
        plays = [action for action in legal if action != PASS]
        if plays and rng.random() < 0.85:
            return rng.choice(plays)
    return rng.choice(legal)


def bot_choice(bots: list[Any]) -> Chooser:
    """OpenSpiel's simple gin rummy bot for both seats."""

    def choose(theirs: Any, ours: GinState, legal: list[int], rng: random.Random) -> int:
        return int(bots[theirs.current_player()].step(theirs))

    return choose


def deck_for(seed: int) -> list[Any]:
    deck = list(NATURALS)
    random.Random(seed).shuffle(deck)
    return deck


def play_hand(
    seed: int,
    rules: GinRules,
    choose: Chooser = random_choice,
    *,
    compare: bool = True,
    game: Any = None,
) -> Played:
    """Play hand `seed` through both engines; raise Mismatch where they disagree."""
    rng = random.Random(seed * 7919 + 1)
    deck = deck_for(seed)
    state = fold(start_hand(("north", "south"), deck, rules, 1))
    if game is None:
        game = load(rules)
    theirs = game.new_initial_state()
    for card in (*state.hands[0], *state.hands[1], state.discards[-1]):
        theirs.apply_action(m.code(card))
    played = Played(seed=seed, oklahoma=rules.oklahoma)

    def fail(why: str) -> Mismatch:
        return Mismatch(
            f"seed {seed} oklahoma={rules.oklahoma} after actions {played.actions}: {why}\n"
            f"ours: phase={state.phase} turn={state.turn} hands="
            f"{[' '.join(c.text for c in h) for h in state.hands]} "
            f"upcard={state.upcard} ended={state.ended}\n"
            f"OpenSpiel:{theirs}"
        )

    drawn: list[int] = []
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            if not drawn:
                raise fail("OpenSpiel deals a card our engine did not draw")
            theirs.apply_action(drawn.pop())
            continue
        player = theirs.current_player()
        if state.over or state.turn != player:
            raise fail(f"OpenSpiel has player {player} on turn")
        ours = {to_openspiel(action): action for action in legal_actions(state)}
        legal = list(theirs.legal_actions())
        if compare and set(ours) != set(legal):
            raise fail(f"legal actions differ: ours {sorted(ours)}, OpenSpiel {sorted(legal)}")
        choice = choose(theirs, state, legal, rng)
        played.actions.append(choice)
        if choice not in ours:
            raise fail(f"our engine has no action {choice}")
        events = play(state, player, [ours[choice]])
        state = fold(events, state)
        drawn.extend(
            _card_code(event.card)
            for event in events
            if isinstance(event, Drew) and event.source == "stock"
        )
        theirs.apply_action(choice)
    if not state.over:
        raise fail("OpenSpiel's hand is over, ours is not")
    assert state.ended is not None
    returns = theirs.returns()
    points = state.ended.points
    ours_returns = (points[0] - points[1], points[1] - points[0])
    played.state, played.returns = state, (returns[0], returns[1])
    if compare and tuple(returns) != ours_returns:
        raise fail(f"scores differ: ours {ours_returns}, OpenSpiel {tuple(returns)}")
    return played


def load(rules: GinRules) -> Any:
    return pyspiel.load_game(
        "gin_rummy",
        {
            "oklahoma": rules.oklahoma,
            "knock_card": rules.knock_card,
            "gin_bonus": rules.gin_bonus,
            "undercut_bonus": rules.undercut_bonus,
        },
    )


def _readings_of(state: GinState, ours: set[int], legal: set[int]) -> set[str]:
    """The readings (READINGS.md) that explain why the default rules list `ours` where
    OpenSpiel lists `legal`; "unexplained" for any other difference."""
    found: set[str] = set()
    taken = None if state.taken is None else m.code(state.taken)
    for action in ours ^ legal:
        if action == taken and action in legal and state.phase in ("discard", "knock_discard"):
            found.add("R37")  # G7: the default keeps the card just taken
        elif action == KNOCK and state.phase == "discard":
            hand = m.codes(state.hands[state.turn or 0])
            exact = m.best_discard_deadwood(hand)
            found.add("R40" if (exact <= state.knock_limit) == (KNOCK in ours) else "R37")
        elif action == BIG_GIN:
            found.add("R58")  # a table's big gin: eleven cards melded, no discard
        elif action >= MELD_BASE:
            found.add("R39")  # runs longer than five cards, laid as one meld
        elif state.phase == "layoff" and action < DRAW_UPCARD:
            found.add("R39")  # lay-offs beyond two cards past a run's end
        else:
            found.add("unexplained")
    return found


def play_readings(seed: int, rules: GinRules, choose: Chooser, game: Any) -> set[str]:
    """Hand `seed` through the default-rule `rules` and OpenSpiel together, choosing
    among the actions both allow; the readings each difference is explained by."""
    rng = random.Random(seed * 7919 + 1)
    state = fold(start_hand(("north", "south"), deck_for(seed), rules, 1))
    theirs = game.new_initial_state()
    for card in (*state.hands[0], *state.hands[1], state.discards[-1]):
        theirs.apply_action(m.code(card))
    readings: set[str] = set()
    drawn: list[int] = []
    arranged = False  # R62: the defender's done laid melds for it
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            theirs.apply_action(drawn.pop())
            continue
        legal = set(theirs.legal_actions())
        if state.over:
            assert state.ended is not None
            wall = state.ended.reason == "wall" and legal <= {PASS, KNOCK}
            readings.add("R41" if wall else "unexplained")
            return readings
        ours = {to_openspiel(action): action for action in legal_actions(state)}
        if set(ours) != legal:
            readings |= _readings_of(state, set(ours), legal)
        both = sorted(set(ours) & legal)
        if not both:
            return readings
        choice = choose(theirs, state, both, rng)
        events = play(state, state.turn or 0, [ours[choice]])
        arranged |= isinstance(ours[choice], DoneAction) and any(
            isinstance(event, MeldShown) for event in events
        )
        state = fold(events, state)
        drawn.extend(
            _card_code(event.card)
            for event in events
            if isinstance(event, Drew) and event.source == "stock"
        )
        theirs.apply_action(choice)
    if not state.over:
        return readings | {"unexplained"}
    assert state.ended is not None
    points = state.ended.points
    if tuple(theirs.returns()) != (points[0] - points[1], points[1] - points[0]):
        tie = state.ended.deadwood[0] == state.ended.deadwood[1]
        readings.add("R38" if tie else "R62" if arranged else "unexplained")
    return readings
