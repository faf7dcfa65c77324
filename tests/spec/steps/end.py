"""The end of the game (P29–P33, D1): dead seats, Game, winners and scores."""

from __future__ import annotations

from pytest_bdd import parsers, then

from ..drivers import Driver
from ..notation import cards, same_cards
from ..scene import result, rows, seat_list, seat_view


@then(parsers.parse('seat {seat:d} is dead ("{reason}")'))
def seat_dead(driver: Driver, seat: int, reason: str) -> None:
    assert seat_view(driver, seat)["dead"], f"seat {seat} is alive"
    declared = [
        event["reason"]
        for event in driver.events(None)
        if event["type"] == "DeclaredDead" and event["seat"] == seat
    ]
    assert declared == [reason], f"seat {seat} was declared dead for {declared}"


@then(parsers.parse("seat {seat:d} is alive"))
def seat_alive(driver: Driver, seat: int) -> None:
    assert not seat_view(driver, seat)["dead"], f"seat {seat} is dead"


@then("the game is not over")
def not_over(driver: Driver) -> None:
    view = driver.view(None)
    assert not view["over"] and view["turn"] is not None


@then(parsers.parse("the game ended with Game declared by seat {seat:d}"))
def ended_by_game(driver: Driver, seat: int) -> None:
    assert result(driver)["reason"] == "game"
    declared = [event["seat"] for event in driver.events(None) if event["type"] == "DeclaredGame"]
    assert declared == [seat]


@then("the game ended with every seat dead")
def ended_all_dead(driver: Driver) -> None:
    assert result(driver)["reason"] == "all_dead"
    assert all(seat["dead"] for seat in driver.view(None)["seats"])
    types = [event["type"] for event in driver.events(None)]
    assert "DeclaredGame" not in types and types[-1] == "GameEnded"


@then(parsers.re(r"the game is won by seats? (?P<seats>\d+(?:(?:, | and )\d+)*)"))
def won_by(driver: Driver, seats: str) -> None:
    assert list(result(driver)["winners"]) == seat_list(seats)


@then(parsers.parse("the game is over: winners {winners}; points {points}"))
def game_over_summary(driver: Driver, winners: str, points: str) -> None:
    ended = result(driver)
    assert list(ended["winners"]) == seat_list(winners)
    assert list(ended["points"]) == seat_list(points)


@then("the final score is:")
def final_score(driver: Driver, datatable: list[list[str]]) -> None:
    ended = result(driver)
    for row in rows(datatable):
        seat = int(row["seat"])
        deadwood = list(ended["deadwood"][seat])
        assert same_cards(deadwood, cards(row["deadwood"])), f"seat {seat}: {deadwood}"
        assert ended["points"][seat] == int(row["points"]), f"seat {seat}: {ended['points']}"
