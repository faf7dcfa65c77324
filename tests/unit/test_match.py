"""Matches: seats claimed and left, the first dealer, the next dealer, scores and the end
(P6, P7, P8, R5, R16, R17, R18)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.errors import InvalidRules, RuleViolation
from domain.match.commands import (
    claim_seat,
    close_match,
    game_scored,
    game_started,
    leave_seat,
    next_game,
    open_match,
    start_match,
)
from domain.match.events import (
    AnyMatchEvent,
    MatchClosed,
    MatchEnded,
    MatchGameScored,
    MatchStarted,
    SeatClaimed,
)
from domain.match.options import MatchOptions
from domain.match.state import MatchState, fold
from domain.penang.events import GameEnded


def _ended(points: Sequence[int], winners: Sequence[int]) -> GameEnded:
    return GameEnded(
        reason="all_dead",
        deadwood=((),) * len(points),
        points=tuple(points),
        winners=tuple(winners),
    )


def _then(state: MatchState, events: list[AnyMatchEvent]) -> MatchState:
    return fold(events, state)


def _named(seats: int = 3, **options: object) -> MatchState:
    state = fold(
        open_match(seats, MatchOptions(**options), players=[f"P{i}" for i in range(seats)])
    )  # type: ignore[arg-type]
    return _then(state, start_match(state, dealer=0))


def _play(state: MatchState, games: Sequence[tuple[Sequence[int], Sequence[int]]]) -> MatchState:
    """Deal and score one game per (points, winners), as the service does."""
    for number, (points, winners) in enumerate(games, start=1):
        state = _then(state, game_started(state, f"game-{number}"))
        state = _then(state, game_scored(state, _ended(points, winners)))
    return state


# --- seats (R18) -----------------------------------------------------------------------


def test_open_seats_are_claimed_one_by_one_and_the_match_starts_when_all_are_taken() -> None:
    state = fold(open_match(3, MatchOptions()))
    assert state.open_seats == (0, 1, 2)
    for seat, name in enumerate(["Ann", "Bo", "Cy"]):
        assert next_game(state) is None
        state = _then(state, claim_seat(state, seat, name, seat_seed=f"s{seat}"))
    assert state.open_seats == ()
    state = _then(state, start_match(state, dealer=2))
    assert state.started == MatchStarted(
        players=("Ann", "Bo", "Cy"), seat_seeds=("s0", "s1", "s2"), dealer=2
    )
    assert next_game(state) == (1, 2)


def test_a_claimed_seat_cannot_be_claimed_twice() -> None:
    state = fold(open_match(2, MatchOptions()))
    state = _then(state, claim_seat(state, 0, "Ann"))
    with pytest.raises(RuleViolation) as refused:
        claim_seat(state, 0, "Bo")
    assert (refused.value.code, refused.value.rule) == ("seat-taken", "R18")


def test_a_seat_left_before_the_deal_is_open_again_and_its_seed_forgotten() -> None:
    state = fold(open_match(2, MatchOptions()))
    state = _then(state, claim_seat(state, 0, "Ann", "first"))
    state = _then(state, leave_seat(state, 0))
    assert state.open_seats == (0, 1)
    state = _then(state, claim_seat(state, 0, "Bo"))
    state = _then(state, claim_seat(state, 1, "Cy", "x"))
    state = _then(state, start_match(state, dealer=0))
    assert state.started is not None and state.started.seat_seeds == ("", "x")


def test_seats_are_neither_claimed_nor_left_after_the_deal() -> None:
    state = _named(2)
    for command in (lambda: claim_seat(state, 0, "X"), lambda: leave_seat(state, 0)):
        with pytest.raises(RuleViolation) as refused:
            command()
        assert refused.value.code == "match-started"


def test_an_open_seat_cannot_be_left_and_the_match_cannot_start_with_open_seats() -> None:
    state = fold(open_match(2, MatchOptions()))
    with pytest.raises(RuleViolation, match="open"):
        leave_seat(state, 1)
    with pytest.raises(RuleViolation) as refused:
        start_match(state, dealer=0)
    assert refused.value.code == "seats-open"


def test_an_unknown_seat_is_refused() -> None:
    state = fold(open_match(2, MatchOptions()))
    with pytest.raises(RuleViolation) as refused:
        claim_seat(state, 2, "Ann")
    assert refused.value.code == "unknown-seat"


# --- dealers (P6, P7, P8, R5) ----------------------------------------------------------


def test_the_first_game_is_dealt_by_the_drawn_dealer() -> None:
    state = fold(open_match(3, MatchOptions(), players=["A", "B", "C"]))
    state = _then(state, start_match(state, dealer=1))
    assert next_game(state) == (1, 1)


@pytest.mark.parametrize(
    ("recorded", "points", "winners", "dealer"),
    [
        pytest.param(True, (20, 0, 45), (1,), 1, id="P7-winner-deals"),
        pytest.param(False, (20, 0, 45), (1,), 2, id="P8-worst-loser-deals"),
        pytest.param(True, (10, 30, 10), (0, 2), 2, id="R5-shared-win-first-left-of-dealer-0"),
        pytest.param(False, (45, 0, 45), (1,), 2, id="R5-equal-worst-first-left-of-dealer-0"),
    ],
)
def test_the_next_game_is_dealt_by_the_winner_or_the_worst_loser(
    recorded: bool, points: tuple[int, ...], winners: tuple[int, ...], dealer: int
) -> None:
    state = _play(_named(3, points_recorded=recorded), [(points, winners)])
    assert next_game(state) == (2, dealer)
    assert game_started(state, "g2")[0].dealer == dealer  # type: ignore[union-attr]


def test_no_game_is_dealt_while_one_is_played() -> None:
    state = _named(2)
    state = _then(state, game_started(state, "g1"))
    assert next_game(state) is None
    with pytest.raises(RuleViolation):
        game_started(state, "g2")


# --- scores and the end (R16, R17) ------------------------------------------------------


def test_totals_add_up_game_by_game() -> None:
    state = _play(_named(3), [((20, 0, 45), (1,)), ((0, 15, 30), (0,))])
    assert state.totals == (20, 15, 75)
    assert [game.scored.totals for game in state.games if game.scored] == [
        (20, 0, 45),
        (20, 15, 75),
    ]


def test_a_match_of_two_games_ends_after_the_second_won_by_the_lowest_total() -> None:
    state = _play(_named(3, games=2), [((20, 0, 45), (1,)), ((0, 25, 30), (0,))])
    assert state.ended == MatchEnded(reason="games", totals=(20, 25, 75), winners=(0,))
    assert next_game(state) is None


def test_a_match_to_a_target_ends_after_the_game_that_reaches_it() -> None:
    state = _named(3, target=50)
    state = _play(state, [((20, 0, 45), (1,))])
    assert not state.over
    state = _play(state, [((0, 5, 10), (0,))])
    assert state.ended == MatchEnded(reason="target", totals=(20, 5, 55), winners=(1,))


def test_equal_lowest_totals_share_the_match() -> None:
    state = _play(_named(2, games=1), [((10, 10), (0, 1))])
    assert state.ended is not None and state.ended.winners == (0, 1)


def test_without_points_recorded_the_most_games_won_wins_the_match() -> None:
    state = _named(3, points_recorded=False, games=3)
    state = _play(state, [((5, 0, 90), (1,)), ((0, 60, 5), (0,)), ((50, 0, 0), (1, 2))])
    assert state.ended is not None and state.ended.winners == (1,)


def test_a_target_needs_points_recorded_and_excludes_a_number_of_games() -> None:
    with pytest.raises(InvalidRules) as refused:
        MatchOptions(points_recorded=False, target=100).validate(3)
    assert refused.value.rule == "R17"
    with pytest.raises(InvalidRules) as both:
        MatchOptions(games=3, target=100).validate(3)
    assert both.value.rule == "R16"


def test_closing_a_running_match_makes_the_game_being_played_its_last() -> None:
    state = _named(2)
    state = _then(state, game_started(state, "g1"))
    closed = close_match(state)
    assert closed == [MatchClosed()]
    state = _then(state, closed)
    events = game_scored(state, _ended((0, 30), (0,)))
    assert isinstance(events[0], MatchGameScored)
    assert events[1] == MatchEnded(reason="closed", totals=(0, 30), winners=(0,))


def test_closing_a_match_before_its_deal_ends_it_at_once_without_winners() -> None:
    state = fold(open_match(2, MatchOptions()))
    assert close_match(state) == [
        MatchClosed(),
        MatchEnded(reason="closed", totals=(0, 0), winners=()),
    ]


def test_an_ended_match_takes_no_more_commands() -> None:
    state = _play(_named(2, games=1), [((0, 30), (0,))])
    for command in (lambda: close_match(state), lambda: game_started(state, "g2")):
        with pytest.raises(RuleViolation) as refused:
            command()
        assert refused.value.code == "match-over"


def test_claimed_names_become_the_players() -> None:
    state = fold(open_match(2, MatchOptions()))
    events = claim_seat(state, 1, "Bo")
    assert events == [SeatClaimed(seat=1, name="Bo", seat_seed=None)]
