"""The turn clock (R19, R36): the table's time limit, and a seat whose time runs out."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from ..scene import Scene, accepted, send


@given(parsers.parse("the table gives each turn {seconds:d} seconds"))
def table_clock(scene: Scene, seconds: int) -> None:
    scene.table["turn_seconds"] = seconds


@given(parsers.parse("seat {seat:d}'s turn clock ran out"))
def clock_ran_out(scene: Scene, seat: int) -> None:
    accepted(send(scene, lambda game: game.time_out(seat)), f"seat {seat}'s timeout")


@when(parsers.parse("seat {seat:d}'s turn clock runs out"))
def clock_runs_out(scene: Scene, seat: int) -> None:
    send(scene, lambda game: game.time_out(seat))


@when("the turn clock of the seat on turn runs out")
def clock_of_seat_on_turn_runs_out(scene: Scene) -> None:
    seat = scene.driver.view(None)["turn"]
    assert isinstance(seat, int), "nobody is on turn"
    send(scene, lambda game: game.time_out(seat))


@then(parsers.parse('seat {seat:d} discarded "{card}" by timeout'))
def discarded_by_timeout(scene: Scene, seat: int, card: str) -> None:
    discards = [
        event
        for event in scene.last().events
        if event.get("type") == "Discarded" and event.get("seat") == seat
    ]
    assert [(event["card"], event.get("reason")) for event in discards] == [(card, "timeout")], (
        discards
    )


@then("the timeout is recorded")
def timeout_recorded(scene: Scene) -> None:
    accepted(scene.last(), "the timeout")
