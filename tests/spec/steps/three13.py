"""Three Thirteen (T1–T11): its hands by number, their wild ranks, going out, last turns."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from ..drivers import Driver
from ..scene import Scene, accepted, play
from .draw import viewers


@given(parsers.parse("hand {number:d} of a game of Three Thirteen"))
def hand_of_three_thirteen(scene: Scene, number: int) -> None:
    scene.game = "three-thirteen"
    scene.number = number


@then(parsers.parse("the wild rank is {rank}"))
def wild_rank_is(driver: Driver, rank: str) -> None:
    for viewer in viewers(driver):
        assert driver.view(viewer)["wild"] == rank


@then(parsers.parse("the hand was dealt from {count:d} cards"))
def dealt_from(driver: Driver, count: int) -> None:
    view = driver.view(None)
    held = sum(seat["hand_size"] for seat in view["seats"])
    assert held + view["stock_size"] + len(view["discards"]) == count


@then(parsers.parse("the melds seat {seat:d} went out with are hidden from the others"))
def went_out_hidden(driver: Driver, seat: int) -> None:
    for viewer in viewers(driver):
        (went,) = [event for event in driver.events(viewer) if event["type"] == "WentOut"]
        assert went["seat"] == seat
        assert (went["melds"] is None) is (viewer != seat), f"viewer {viewer}: {went}"


@when("the seats draw from the stock and discard until it is empty")
def draw_until_empty(scene: Scene, driver: Driver) -> None:
    while driver.view(None)["stock_size"]:
        seat = driver.view(None)["turn"]
        accepted(play(scene, seat, [{"type": "draw", "source": "stock"}]), f"seat {seat}'s draw")
        discard = driver.legal_moves(seat)["discards"][0]
        accepted(play(scene, seat, [discard]), f"seat {seat}'s discard")
