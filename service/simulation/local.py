"""One simulated game in process: the rules engine alone, no service, no store.

The game is dealt from its plan's seed (`domain.fair`, as `POST /games` deals it), and
each seat's bot is shown only its seat's view (`domain.penang.views.view_game`) when its turn
comes. The engine judges every turn (`domain.penang.game`): a bot's illegal turn, or a dead
declaration while it has a move, raises the rule it breaks and ends the run. The
events end as the service's do: the game's end, then the revealed seed (R3).
"""

from __future__ import annotations

from domain.events import Event
from domain.fair import fair_deal_of
from domain.penang.game import declare_dead, play_turn, reveal_seed, start_game
from domain.penang.state import fold
from domain.penang.views import view_game
from domain.records import dump_record, make_record
from service.simulation.plan import GamePlan


def play_game(plan: GamePlan) -> list[Event]:
    """Every event of the planned game, from the deal to the revealed seed."""
    players = len(plan.bots)
    deck, dealer, proof = fair_deal_of(plan.rules.deck_for(players), players, plan.server_seed, ())
    events = start_game(plan.players, deck, plan.rules, dealer, proof)
    state = fold(events)
    bots = plan.seat_bots()
    # Each turn takes a card from a hand for good (P10; a swap gives one card for
    # another), and each seat dies at most once: a bound no game can reach.
    for _ in range(sum(len(hand) for hand in state.hands) + players + 1):
        if state.turn is None:
            return [*events, *reveal_seed(state, plan.server_seed)]
        seat = state.turn
        turn = bots[seat].turn(view_game(state, seat))
        new = declare_dead(state, seat) if turn is None else play_turn(state, seat, turn.actions)
        events += new
        state = fold(new, state)
    raise AssertionError(f"game {plan.number} did not end: a turn must take a card from a hand")


def record_bytes(plan: GamePlan, events: list[Event]) -> bytes:
    """The game's record (`domain.records`), as `penang-rummy verify` reads it."""
    return dump_record(make_record(events, game_id=plan.seed))
