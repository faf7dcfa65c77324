"""The dealer (P6–P8): who deals, the first dealer's draw, the next dealer."""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from ..drivers import Driver
from ..scene import Scene


@then(parsers.parse("seat {seat:d} deals"))
def dealer_is(driver: Driver, seat: int) -> None:
    assert driver.view(None)["dealer"] == seat


@when(
    parsers.parse(
        "the first dealer is drawn at random among {seats:d} seats and the draw is {draw:d}"
    )
)
def first_dealer_drawn(scene: Scene, driver: Driver, seats: int, draw: int) -> None:
    try:
        scene.first_dealer = driver.first_dealer(seats, draw)
    except ValueError:
        scene.draw_refused = True


@then(parsers.parse("seat {seat:d} deals the first game"))
def first_dealer_is(scene: Scene, seat: int) -> None:
    assert not scene.draw_refused, "the draw was refused"
    assert scene.first_dealer == seat


@then("the draw is refused")
def draw_refused(scene: Scene) -> None:
    assert scene.draw_refused, f"the draw chose seat {scene.first_dealer}"


@then(parsers.parse("among {seats:d} seats each possible draw picks a different first dealer"))
def first_dealer_uniform(driver: Driver, seats: int) -> None:
    dealers = [driver.first_dealer(seats, draw) for draw in range(seats)]
    assert sorted(dealers) == list(range(seats)), f"the draws pick {dealers}"


@then(parsers.parse("with points recorded the next dealer is seat {seat:d}"))
def next_dealer_recorded(driver: Driver, seat: int) -> None:
    assert driver.next_dealer(points_recorded=True) == seat


@then(parsers.parse("without points recorded the next dealer is seat {seat:d}"))
def next_dealer_unrecorded(driver: Driver, seat: int) -> None:
    assert driver.next_dealer(points_recorded=False) == seat
