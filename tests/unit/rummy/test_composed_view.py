"""A turn composed up to going out is checked, not shown: the view `getMovesAfter`
answers for a composition that ends the turn is the seat's view before it, so composing
a winning turn and not sending it shows no other hand and no stock (R28)."""

from __future__ import annotations

import msgspec

from domain.drawgame.events import Drew, WentOut
from domain.rummy.codec import turn_actions
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store.envelopes import GameSecrets
from service.store.game_folds import fold_game
from service.usecases import game_kinds
from service.usecases.games import SeatRead, compose


def test_a_composed_going_out_shows_the_view_before_it() -> None:
    options = SimulationOptions(
        games=12, players=2, bots=("greedy", "greedy"), seed="composed-view", game="rummy"
    )
    checked = 0
    for number in range(1, 13):
        events = play_game(plan_game(options, number))
        out = next((n for n, e in enumerate(events) if isinstance(e, WentOut)), None)
        if out is None:
            continue
        drew = max(n for n, e in enumerate(events[:out]) if isinstance(e, Drew))
        before = fold_game(events[: drew + 1])
        seat = events[drew].seat
        actions = turn_actions(events[drew + 1 : out])
        assert actions, "the seat went out by what it played after its draw"
        read = SeatRead(secrets=GameSecrets(token_sha256=()), state=before)
        composed = compose(read, seat, actions)
        assert composed.complete and composed.ends_turn
        shown = msgspec.to_builtins(composed.view)
        assert shown == msgspec.to_builtins(game_kinds.view(before, seat))
        assert fold_game(events[drew + 1 : out + 2], before).over  # the hand it would end
        checked += 1
    assert checked >= 3
