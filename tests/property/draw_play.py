"""What random play checks and chooses in the draw games (basic Rummy, Three Thirteen).

Where the cards are (the hands, the stock, the discard pile, the table); what every
viewer's view and events hide while the hand runs (R28) and show once it is over; that
only the seat on turn is listed a command; how each game scores a finished hand (B8 B9
R30, T9 T11); and the players' choices, which make hands end by going out more often
than uniform picks among the listed commands would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState
from domain.drawgame.views import view_draw_event, view_hand
from domain.events import Event
from domain.rummy.rules import RummyRules
from domain.three13.commands import GoOutAction
from domain.three13.deadwood import best_arrangement
from domain.three13.rules import ThirteenRules, wild_rank

from .every_game import Played


def listed(moves: Any) -> list[Sequence[Any]]:
    """A draw game's legal moves list each action as a command of its own."""
    return [command.actions for command in moves.commands]


def cards(state: DrawState) -> list[Card]:
    held = [card for hand in state.hands for card in hand]
    tabled = [card for meld in state.table for card in meld.cards]
    return held + tabled + list(state.stock) + list(state.discards)


def check_cards_accounted_for(state: DrawState, deck: Sequence[Card]) -> None:
    assert Counter(cards(state)) == Counter(deck), "a card went astray"


def check_event(state: DrawState, event: Event) -> None:
    check_views(state)
    check_event_views(state, [event])


def only_the_seat_on_turn(legal_moves: Callable[[DrawState, int], Any]) -> Callable[..., None]:
    """B3, T4: the seat on turn alone is listed a command."""

    def check(state: DrawState, seat: int) -> None:
        for other in range(state.seats):
            if other != seat:
                assert not listed(legal_moves(state, other))

    return check


def check_views(state: DrawState) -> None:
    """R28: while the hand runs a viewer sees its own hand only, never the stock's order."""
    over = state.over
    for viewer in (None, *range(state.seats)):
        view = view_hand(state, viewer)
        assert [seat.hand_size for seat in view.seats] == [len(hand) for hand in state.hands]
        for seat, shown in enumerate(view.seats):
            visible = over or seat == viewer
            assert (shown.hand is not None) is visible
        assert (view.stock is not None) is over and view.stock_size == len(state.stock)


def check_event_views(state: DrawState, events: Sequence[Event]) -> None:
    """R28: what each viewer reads of `events` while the hand runs, and once it is over."""
    over = state.over
    for viewer in (None, *range(state.seats)):
        for event in events:
            seen = view_draw_event(event, viewer, over)
            fields = {name: getattr(seen, name) for name in seen.__struct_fields__}
            if "hands" in fields:
                assert [h is not None for h in fields["hands"]] == [
                    over or seat == viewer for seat in range(state.seats)
                ]
            if "stock" in fields:
                assert (fields["stock"] is not None) is over
            if type(seen).__name__ == "DrewView":
                hidden = fields["source"] == "stock" and fields["seat"] != viewer and not over
                assert (fields["card"] is None) is hidden
            if type(seen).__name__ == "WentOutView":
                assert (fields["melds"] is None) is (not over and fields["seat"] != viewer)


def check_hand_over(played: Played) -> None:
    """Only the last event of play ends the hand, and every event then shows all (R28)."""
    assert sum(isinstance(e, HandEnded) for e in played.events) == 1
    check_event_views(played.state, played.events)


# --- basic Rummy ---------------------------------------------------------------------


def rummy_ending(state: DrawState) -> str:
    ended = state.ended
    assert ended is not None
    return "blocked" if ended.went_out is None else "rummy" if ended.rummy else "out"


def check_rummy_scores(played: Played) -> None:
    """B8, B9, R30: the losers' cards score to the winner, doubled for rummy; a blocked
    hand scores nothing and has no winner."""
    check_hand_over(played)
    ended = played.state.ended
    if ended.went_out is None:
        assert ended.reason == "blocked" and set(ended.points) == {0} and ended.winners == ()
        return
    winner = ended.went_out
    rules = played.state.rules
    assert isinstance(rules, RummyRules)
    won = sum(rules.card_points(Card(c)) for seat in ended.deadwood for c in seat)
    assert ended.points[winner] == won * (2 if ended.rummy else 1)
    assert sum(ended.points) == ended.points[winner] and ended.deadwood[winner] == ()


def choose_rummy(state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random) -> Any:
    """Meld and lay off what is listed (the longest meld first); draw the top discard when
    it has two neighbours in the hand, else from the stock; discard a card of the fewest
    neighbours; now and then any listed command."""
    draws = {c[0].source: c for c in commands if isinstance(c[0], DrawAction)}
    top = state.top_discard
    if draws and rng.random() < 0.95:
        wanted = top is not None and _neighbours(top, state.hands[seat]) >= 2
        return draws[
            "discard" if (wanted or "stock" not in draws) and "discard" in draws else "stock"
        ]
    plays = [c for c in commands if isinstance(c[0], MeldAction | LayOffAction)]
    if plays and rng.random() < 0.9:
        return max(plays, key=lambda c: len(c[0].cards) if isinstance(c[0], MeldAction) else 1)
    discards = [c for c in commands if isinstance(c[0], DiscardAction)]
    if discards and rng.random() < 0.8:
        hand = state.hands[seat]
        return min(discards, key=lambda c: (_neighbours(Card(c[0].card), hand), rng.random()))
    return rng.choice(commands)


# --- Three Thirteen ------------------------------------------------------------------


def thirteen_ending(state: DrawState) -> str:
    assert state.ended is not None
    return f"{len(state.ended.winners)} winner(s)"


def check_thirteen_scores(played: Played) -> None:
    """T9, T11: each seat scores its hand's least deadwood, the seat that went out 0; the
    lowest score wins."""
    check_hand_over(played)
    state = played.state
    ended = state.ended
    wild, points = wild_rank(state.number), ThirteenRules().card_points
    for seat, hand_left in enumerate(state.hands):
        if seat == ended.went_out:
            assert ended.points[seat] == 0 and ended.deadwood[seat] == ()
        else:
            assert ended.points[seat] == best_arrangement(hand_left, wild, points).points
    assert ended.winners == tuple(s for s, p in enumerate(ended.points) if p == min(ended.points))


def choose_thirteen(
    state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random
) -> Any:
    """Go out when listed; draw the top discard when it has two neighbours in the hand (or
    is wild), else from the stock; discard a card of the fewest neighbours, never a wild
    card; now and then any listed command."""
    wild = wild_rank(state.number)
    hand = state.hands[seat]
    outs = [c for c in commands if isinstance(c[0], GoOutAction)]
    if outs:
        return rng.choice(outs)
    draws = {c[0].source: c for c in commands if isinstance(c[0], DrawAction)}
    if draws and rng.random() < 0.95:
        top = state.top_discard
        wanted = top is not None and (top.rank == wild or _neighbours(top, hand) >= 2)
        return draws[
            "discard" if (wanted or "stock" not in draws) and "discard" in draws else "stock"
        ]
    discards = [c for c in commands if isinstance(c[0], DiscardAction)]
    plain = [c for c in discards if Card(c[0].card).rank != wild] or discards
    if plain and rng.random() < 0.9:
        return min(plain, key=lambda c: (_neighbours(Card(c[0].card), hand), rng.random()))
    return rng.choice(commands)


def _neighbours(card: Card, hand: tuple[Card, ...]) -> int:
    return sum(
        other is not card
        and (
            other.rank == card.rank
            or (other.suit == card.suit and abs(other.rank - card.rank) <= 2)
        )
        for other in hand
    )
