"""The ratings' rules engine (R70-R74): a finished game's result, the model's update,
results folded in order, and a published table compared with a derived one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args, get_type_hints

import msgspec
import pytest
from openskill.models import PlackettLuce
from rated_games import game_won_by, rated_games

from domain.events import Event
from domain.games import GAMES, spec_starting
from domain.ratings.model import NEW, PROVISIONAL_GAMES, Rating, rate
from domain.ratings.results import Result, result_of, unrated
from domain.ratings.table import derive, differences


def _result(events: Sequence[Event], game_id: str = "g") -> Result | None:
    deal = events[0]
    spec = spec_starting(deal)
    ended = next(e for e in events if isinstance(e, spec.end_type))
    return result_of(game_id, deal, ended, spec)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_winner_is_first_and_every_other_seat_tied_after(game: str) -> None:
    seats = min(3, max(GAMES[game].players))
    players = [f"p{n}" for n in range(seats)]
    events, _ = game_won_by(game, players, 1, f"unit-{game}")
    result = _result(events)
    assert result is not None
    assert result.game == game
    assert result.ranks[result.players.index("p1")] == 0
    assert sorted(result.ranks) == [0] + [1] * (seats - 1)


def test_a_table_with_a_seat_no_player_holds_or_one_player_twice_is_not_rated() -> None:
    events, _ = game_won_by("penang", ["a", None], 0, "unit-unrated")
    spec = spec_starting(events[0])
    ended = next(e for e in events if isinstance(e, spec.end_type))
    assert unrated(events[0], ended, spec) == "not-every-seat-a-player"
    twice = msgspec.structs.replace(events[0], seated=("a", "a"))
    assert unrated(twice, ended, spec) == "not-every-seat-a-player"
    nobody = msgspec.structs.replace(events[0], seated=None)
    assert unrated(nobody, ended, spec) == "no-players"


def test_a_table_of_three_one_player_holding_two_seats_is_not_rated() -> None:
    # The service's bot at two seats of a table is one player there (U14, R76).
    events, _ = game_won_by("penang", ["a", "b", "c"], 0, "unit-twice")
    spec = spec_starting(events[0])
    ended = next(e for e in events if isinstance(e, spec.end_type))
    twice = msgspec.structs.replace(events[0], seated=("a", "bot", "bot"))
    assert unrated(twice, ended, spec) == "one-player-at-two-seats"
    assert result_of("g", twice, ended, spec) is None


#: The games whose end may be `abandoned` (R45), read from their end events' types.
ABANDONING = sorted(
    name
    for name, spec in GAMES.items()
    if "abandoned" in get_args(get_type_hints(spec.end_type).get("reason", str))
)


def test_some_game_ends_abandoned() -> None:
    assert ABANDONING


@pytest.mark.parametrize("game", ABANDONING)
def test_a_game_ended_abandoned_is_no_result(game: str) -> None:
    events, _ = game_won_by(game, ["a", "b"], None, f"unit-abandoned-{game}")
    assert _result(events) is None


def test_a_rating_is_openskills_plackett_luce_with_ties() -> None:
    model = PlackettLuce()
    before = (NEW, Rating(mu=30.0, sigma=5.0, games=7), NEW)
    after = rate(before, [1, 0, 1])
    teams = [[model.create_rating([r.mu, r.sigma])] for r in before]
    expected = model.rate(teams, ranks=[1, 0, 1])
    assert [(r.mu, r.sigma) for r in after] == [(t[0].mu, t[0].sigma) for t in expected]
    assert [r.games for r in after] == [1, 8, 1]
    assert after[0].ordinal == after[0].mu - 3 * after[0].sigma
    assert NEW.ordinal == pytest.approx(0.0)


def test_provisional_until_the_fifth_game() -> None:
    assert Rating(mu=25, sigma=8, games=PROVISIONAL_GAMES - 1).provisional
    assert not Rating(mu=25, sigma=8, games=PROVISIONAL_GAMES).provisional


def test_the_same_results_in_the_same_order_give_the_same_table() -> None:
    players = [f"p{n}" for n in range(5)]
    results = [_result(e, f"g{n}") for n, (e, _) in enumerate(rated_games(players, 12, "unit"))]
    ordered = [(n, r) for n, r in enumerate(results) if r is not None]
    table, history = derive(ordered)
    again, _ = derive(list(ordered))
    assert table == again
    assert sum(len(a.result.players) for a in history) == sum(r.games for r in table.values())
    assert differences(table, again) == []
    moved = dict(table)
    key = next(iter(moved))
    moved[key] = msgspec.structs.replace(moved[key], mu=moved[key].mu + 1e-6)
    (found,) = differences(table, moved)
    assert found.startswith(f"{key[0]}: player {key[1]} is published at mu")
    del moved[key]
    assert differences(table, moved) == [
        f"{key[0]}: player {key[1]} is rated by the records but not published"
    ]
