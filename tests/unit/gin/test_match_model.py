"""A match of Gin Rummy in the match model: dealers, the target and the bonuses (G17,
R43, R46–R48), decided by `domain.match.commands` as the service and the verifier do."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from domain.errors import InvalidRules
from domain.games import GAMES
from domain.gin.rules import TABLE, GinRules
from domain.match.commands import (
    close_match,
    game_scored,
    game_started,
    next_game,
    open_match,
    start_match,
)
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchEnded
from domain.match.state import MatchState, fold
from domain.match.views import MatchView, view_match
from domain.rummy.rules import RummyRules


@dataclass(frozen=True)
class Hand:
    """A hand's end as the match reads it (`domain.deal.Scored`)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = "knock"


def _won(seat: int, points: int) -> Hand:
    return Hand(points=(points, 0) if seat == 0 else (0, points), winners=(seat,))


DRAWN = Hand(points=(0, 0), winners=(), reason="wall")


def _match(target: int = 100, dealer: int = 0) -> MatchState:
    options = DrawMatchOptions(rules=GinRules(), target=target)
    state = fold(open_match(2, options, players=("Ann", "Bo")))
    return fold(start_match(state, dealer, ("", "")), state)


def _play(state: MatchState, *hands: Hand) -> MatchState:
    for hand in hands:
        state = fold(game_started(state, f"hand-{len(state.games) + 1}"), state)
        state = fold(game_scored(state, hand), state)
    return state


def test_the_winner_of_a_hand_deals_the_next_and_a_drawn_hand_keeps_the_dealer() -> None:
    state = _match(dealer=0)
    assert next_game(state) == (1, 0)  # P6: the drawn first dealer
    state = _play(state, _won(1, 12))
    assert next_game(state) == (2, 1)  # R43: the winner deals
    state = _play(state, DRAWN)
    assert next_game(state) == (3, 1)  # R48: after a draw the same dealer deals again
    state = _play(state, _won(0, 7))
    assert next_game(state) == (4, 0)


def test_the_first_to_the_target_wins_with_the_game_and_box_bonuses() -> None:
    state = _play(_match(), _won(0, 60), _won(1, 30), DRAWN, _won(0, 45))
    ended = state.ended
    assert isinstance(ended, MatchEnded) and ended.reason == "target"
    assert ended.totals == (105, 30) and ended.winners == (0,)
    # G17, R46: 100 to the winner; 25 a hand won (two hands and one); the draw counts nil.
    assert ended.bonuses == (150, 25) and ended.final == (255, 55)
    view = view_match(state)
    assert isinstance(view, MatchView) and view.game == "gin"
    assert view.hands_won == (2, 1) and view.result is not None
    assert (view.result.bonuses, view.result.final) == ((150, 25), (255, 55))


def test_below_the_target_the_match_deals_on() -> None:
    state = _play(_match(), _won(0, 60), _won(1, 30))
    assert not state.over and next_game(state) == (3, 1)


def test_a_match_closed_short_of_its_target_adds_no_bonuses() -> None:
    state = _play(_match(), _won(1, 30))
    state = fold(close_match(state), state)
    ended = state.ended
    assert isinstance(ended, MatchEnded) and ended.reason == "closed"
    assert ended.winners == (1,) and ended.bonuses == () and ended.final == (0, 30)


def test_a_lower_target_ends_the_match_sooner() -> None:
    state = _play(_match(target=25), _won(1, 26))
    assert state.ended is not None and state.ended.bonuses == (0, 125)


def _hands(*points: tuple[int, int]) -> list[Hand]:
    return [Hand(points=hand, winners=tuple(s for s in (0, 1) if hand[s])) for hand in points]


def test_gins_spec_scores_no_bonus_short_of_the_target() -> None:
    bonuses = GAMES["gin"].match_bonuses
    assert bonuses(_hands((60, 0), (0, 30)), 100, TABLE) == ()
    assert bonuses(_hands((60, 0), (0, 30), (45, 0)), 100, TABLE) == (150, 25)
    assert GAMES["rummy"].match_bonuses(_hands((150, 0)), 100, RummyRules()) == ()


@pytest.mark.parametrize(
    ("games", "target", "field"),
    [
        pytest.param(3, None, "games", id="no-games"),
        pytest.param(3, 100, "games", id="games-and-target"),
        pytest.param(None, None, "target", id="no-target"),
    ],
)
def test_a_gin_match_is_played_to_a_target_only(
    games: int | None, target: int | None, field: str
) -> None:
    options = DrawMatchOptions(rules=GinRules(), games=games, target=target)
    with pytest.raises(InvalidRules) as raised:
        options.validate(2)
    assert (raised.value.rule, raised.value.field) == ("G17", field)


def test_a_gin_match_seats_two() -> None:
    with pytest.raises(InvalidRules) as raised:
        DrawMatchOptions(rules=GinRules(), target=100).validate(3)
    assert raised.value.rule == "G1"
