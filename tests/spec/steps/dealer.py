"""The dealer (P6–P8): who deals, the first dealer's draw, the next dealer."""

from __future__ import annotations

from collections import Counter

from pytest_bdd import parsers, then, when

from ..drivers import Driver
from ..scene import Scene


@then(parsers.parse("seat {seat:d} deals"))
def dealer_is(driver: Driver, seat: int) -> None:
    assert driver.view(None)["dealer"] == seat


@when(parsers.parse('the first dealer among {seats:d} seats is drawn from the seed "{seed}"'))
def first_dealer_drawn(scene: Scene, driver: Driver, seats: int, seed: str) -> None:
    scene.first_dealer = driver.first_dealer(seats, seed)


@then(parsers.parse("seat {seat:d} deals the first game"))
def first_dealer_is(scene: Scene, seat: int) -> None:
    assert scene.first_dealer == seat


@then(
    parsers.parse(
        "among {seats:d} seats {draws:d} seeds draw every seat as first dealer, "
        "each within a tenth of an equal share"
    )
)
def first_dealer_uniform(driver: Driver, seats: int, draws: int) -> None:
    dealers = Counter(driver.first_dealer(seats, f"first-dealer-{i}") for i in range(draws))
    assert sorted(dealers) == list(range(seats)), f"the draws pick {dict(dealers)}"
    share = draws / seats
    assert all(abs(count - share) <= share / 10 for count in dealers.values()), dict(dealers)


@then(parsers.parse("with points recorded the next dealer is seat {seat:d}"))
def next_dealer_recorded(driver: Driver, seat: int) -> None:
    assert driver.next_dealer(points_recorded=True) == seat


@then(parsers.parse("without points recorded the next dealer is seat {seat:d}"))
def next_dealer_unrecorded(driver: Driver, seat: int) -> None:
    assert driver.next_dealer(points_recorded=False) == seat
