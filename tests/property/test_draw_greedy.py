"""The greedy bot of Three Thirteen chooses what its definition says (T6, T8, T9).

At every command of seeded hands (the largest hands among them, two to four seats), the
bot, shown only its seat's view, sends the command worked out here from the definition
in `domain.drawgame.bots.greedy` and `domain.three13.bots`, each hand's deadwood found
by a search of that hand alone
(`best_arrangement`): however quickly the bot comes to the same numbers, it makes the
same choices, so the same seed plays the same game. Each seat keeps one bot for the
whole hand, as `simulate` does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from domain.cards import Card
from domain.drawgame.bots.greedy import PATIENCE, GreedyDrawBot
from domain.drawgame.commands import DiscardAction
from domain.drawgame.state import DrawState
from domain.games import GAMES
from domain.three13.bots import THIRTEEN_BOT_GAME
from domain.three13.commands import GoOutAction
from domain.three13.deadwood import best_arrangement
from domain.three13.rules import ThirteenRules, wild_rank

from .every_game import Table
from .games_played import play

SPEC = GAMES["three-thirteen"]


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _least_after_discard(state: DrawState, cards: Sequence[Card]) -> tuple[int, str]:
    """The least deadwood after one discard, and the discard (ties: the most points, then
    the first by its text)."""
    wild, points = wild_rank(state.number), state.rules.card_points
    least, _, text = min(
        (best_arrangement(_without(cards, card), wild, points).points, -points(card), card.text)
        for card in set(cards)
    )
    return least, text


def defined(state: DrawState, seat: int, listed: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    """The command the definition gives for the seat on turn, from the listed ones."""
    actions = [command[0] for command in listed]
    hand = list(state.hands[seat])
    if state.phase == "draw":
        sources = {action.source: action for action in actions}
        top = state.top_discard
        if "discard" in sources and top is not None:
            now = best_arrangement(hand, wild_rank(state.number), state.rules.card_points)
            wanted = (
                top.rank == wild_rank(state.number)
                or _least_after_discard(state, [*hand, top])[0] < now.points
            )
            if wanted or "stock" not in sources:
                return (sources["discard"],)
        return (sources["stock"],)
    go_outs = [action for action in actions if isinstance(action, GoOutAction)]
    if go_outs:
        return (go_outs[0],)
    discards = [action for action in actions if isinstance(action, DiscardAction)]
    if state.version > PATIENCE:
        return (discards[(state.version // 2) % len(discards)],)
    _, text = _least_after_discard(state, hand)
    return next((action,) for action in discards if action.card == text)


@pytest.mark.parametrize(
    ("players", "number", "seed"),
    [(2, 11, 1), (3, 11, 2), (4, 10, 3), (2, 9, 4), (3, 6, 5), (4, 3, 6)],
)
def test_the_greedy_bot_chooses_as_its_definition_says(
    players: int, number: int, seed: int
) -> None:
    bots = [GreedyDrawBot(THIRTEEN_BOT_GAME) for _ in range(players)]
    chosen = 0

    def greedy(
        state: DrawState, seat: int, listed: Sequence[Sequence[Any]], rng: random.Random
    ) -> Sequence[Any]:
        nonlocal chosen
        command = bots[seat].command(SPEC.view(state, seat, False))
        assert tuple(command) == defined(state, seat, listed), state.hands[seat]
        chosen += 1
        return command

    table = Table("three-thirteen", players, ThirteenRules(), seed, fair=True, number=number)
    played = play(table, greedy)
    assert played.state is not None and played.state.over
    assert chosen == played.commands
