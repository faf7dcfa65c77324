"""Hollywood scoring (G18, R53–R55): the columns of `domain.gin.hollywood`, and a match
scored in them by `domain.match.commands`, as the service and the verifier decide it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from domain.errors import InvalidRules
from domain.gin.hollywood import hollywood_columns
from domain.gin.rules import GinRules
from domain.match.commands import (
    close_match,
    game_scored,
    game_started,
    open_match,
    start_match,
)
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchEnded
from domain.match.options import MatchOptions
from domain.match.state import MatchState, fold
from domain.match.views import MatchView, view_match
from domain.rummy.rules import RummyRules
from domain.three13.rules import ThirteenRules


def _hands(text: str) -> list[tuple[int, int]]:
    """ "25-0; 0-18": each hand's points by seat."""
    pairs = [tuple(int(n) for n in hand.split("-")) for hand in text.split(";")]
    return [(a, b) for a, b in pairs]


@pytest.mark.parametrize(
    ("hands", "points"),
    [
        # G18: the first win in column 1, the second in 1 and 2, the third in all three.
        ("25-0", ((25, 0), (0, 0), (0, 0))),
        ("25-0; 18-0", ((43, 0), (18, 0), (0, 0))),
        ("25-0; 18-0; 36-0", ((79, 0), (54, 0), (36, 0))),
        ("25-0; 18-0; 36-0; 10-0", ((89, 0), (64, 0), (46, 0))),
        # Each seat enters the columns in turn, whatever the other has won.
        ("25-0; 18-0; 0-30", ((43, 30), (18, 0), (0, 0))),
        ("25-0; 0-30; 0-20", ((25, 50), (0, 20), (0, 0))),
        # A drawn hand enters no column.
        ("25-0; 0-0; 18-0", ((43, 0), (18, 0), (0, 0))),
        # R53: a column over takes no more; a seat shut out of it starts in the next.
        ("60-0; 50-0; 0-20", ((110, 0), (50, 20), (0, 0))),
        ("60-0; 50-0; 0-20; 0-30", ((110, 0), (50, 50), (0, 30))),
        ("60-0; 50-0; 10-0", ((110, 0), (60, 0), (10, 0))),
    ],
)
def test_each_win_enters_the_columns_its_winner_has_opened(
    hands: str, points: tuple[tuple[int, int], ...]
) -> None:
    columns = hollywood_columns(_hands(hands))
    assert tuple(column.points for column in columns) == points


def test_a_column_ends_at_the_target_with_its_game_and_box_bonuses() -> None:
    first, second, third = hollywood_columns(_hands("0-10; 60-0; 50-0"))
    assert (first.over, first.winner, first.hands_won) == (True, 0, (2, 1))
    assert first.bonuses == (100 + 2 * 25, 25) and not first.shutout
    assert first.final == (110 + 150, 10 + 25)
    assert (second.over, second.winner, second.bonuses, second.final) == (
        False,
        None,
        (0, 0),
        (50, 0),
    )
    assert third.points == (0, 0) and not third.over


def test_a_shutout_doubles_the_winners_score_in_its_column() -> None:
    first = hollywood_columns(_hands("60-0; 50-0"))[0]
    assert first.shutout and first.winner == 0
    assert first.final == (2 * (110 + 100 + 2 * 25), 0)  # R54: points and bonuses doubled


def test_the_target_and_the_bonuses_are_the_matchs() -> None:
    columns = hollywood_columns(_hands("30-0; 0-5"), target=30, game_bonus=10, box_bonus=1)
    # The 5 came after column 1 ended: it went to column 2, and column 1 is a shutout.
    assert (columns[0].over, columns[0].winner, columns[0].shutout) == (True, 0, True)
    assert columns[0].final == (2 * (30 + 10 + 1), 0)
    assert columns[1].points == (0, 5)


def test_no_hand_follows_the_end_of_every_column() -> None:
    with pytest.raises(ValueError, match="every column"):
        hollywood_columns(_hands("50-0; 50-0; 50-0; 10-0"), target=50)


@dataclass(frozen=True)
class Hand:
    """A hand's end as the match reads it (`domain.deal.Scored`)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = "knock"


def _match(target: int | None = 100) -> MatchState:
    options = DrawMatchOptions(rules=GinRules(), target=target, scoring="hollywood")
    state = fold(open_match(2, options, players=("Ann", "Bo")))
    return fold(start_match(state, 0, ("", "")), state)


def _play(state: MatchState, hands: str) -> MatchState:
    for a, b in _hands(hands):
        state = fold(game_started(state, f"hand-{len(state.games) + 1}"), state)
        winners = tuple(seat for seat, won in enumerate((a, b)) if won)
        state = fold(game_scored(state, Hand(points=(a, b), winners=winners)), state)
    return state


def test_a_hollywood_match_goes_on_past_a_target_in_one_column() -> None:
    state = _play(_match(), "60-0; 50-0")  # column 1 over, columns 2 and 3 still open
    assert not state.over and state.totals == (110, 0)
    view = view_match(state)
    assert isinstance(view, MatchView) and view.result is None
    assert [column.over for column in view.columns] == [True, False, False]


def test_a_hollywood_match_ends_when_every_column_is_over() -> None:
    state = _play(_match(50), "0-30; 40-0; 0-25; 30-0; 30-0; 0-20")
    assert not state.over
    state = _play(state, "0-35")
    ended = state.ended
    assert isinstance(ended, MatchEnded) and ended.reason == "target"
    assert ended.totals == (100, 110) and ended.bonuses == ()
    assert [column.winner for column in ended.columns] == [1, 0, 1]
    assert ended.final == (65 + 210 + 55, 205 + 50 + 205) and ended.winners == (1,)
    view = view_match(state)
    assert view.result is not None and view.result.columns == ended.columns
    assert view.result.final == ended.final and view.columns == ended.columns


def test_the_sum_of_the_columns_decides_not_the_columns_won() -> None:
    # Seat 0 wins columns 1 and 2 (175 to 35 each); seat 1 shuts it out of column 3.
    state = _play(_match(50), "0-10; 50-0; 0-10; 50-0; 0-200")
    ended = state.ended
    assert ended is not None, state.games
    assert [column.winner for column in ended.columns] == [0, 0, 1]
    assert [column.final for column in ended.columns] == [(175, 35), (175, 35), (0, 650)]
    assert ended.columns[2].shutout
    assert ended.winners == (1,) and ended.final == (350, 720)


def test_a_closed_hollywood_match_keeps_the_bonuses_of_its_columns_over() -> None:
    state = _play(_match(), "60-0; 50-0")
    state = fold(close_match(state), state)
    ended = state.ended
    assert ended is not None and ended.reason == "closed"
    assert ended.final == (520 + 50, 0) and ended.winners == (0,)


def test_a_single_column_match_keeps_its_bonuses_and_no_columns() -> None:
    options = DrawMatchOptions(rules=GinRules(), target=100)
    state = fold(open_match(2, options, players=("Ann", "Bo")))
    state = _play(fold(start_match(state, 0, ("", "")), state), "60-0; 50-0")
    assert state.ended is not None and state.ended.columns == ()
    assert state.ended.bonuses == (150, 0) and state.ended.final == (260, 0)  # R46: no shutout
    view = view_match(state)
    assert isinstance(view, MatchView) and view.columns == ()


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        (DrawMatchOptions(rules=RummyRules(), scoring="hollywood"), "B12"),
        (DrawMatchOptions(rules=ThirteenRules(), scoring="hollywood"), "T1"),
    ],
)
def test_only_a_game_whose_spec_lists_hollywood_takes_it(
    options: DrawMatchOptions, rule: str
) -> None:
    with pytest.raises(InvalidRules) as refused:
        open_match(2, options, players=("Ann", "Bo"))
    assert (refused.value.rule, refused.value.field) == (rule, "scoring")


def test_penangs_match_is_scored_in_one_column() -> None:
    with pytest.raises(InvalidRules) as refused:
        open_match(2, MatchOptions(scoring="hollywood"), players=("Ann", "Bo"))
    assert (refused.value.rule, refused.value.field) == ("R16", "scoring")
