"""The turn clock (R19): the table's time limit, and a seat whose time runs out."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from ..scene import Scene, accepted, send


@given(parsers.parse("the table gives each turn {seconds:d} seconds"))
def table_clock(scene: Scene, seconds: int) -> None:
    scene.table["turn_seconds"] = seconds


@when(parsers.parse("seat {seat:d}'s turn clock runs out"))
def clock_runs_out(scene: Scene, seat: int) -> None:
    send(scene, lambda game: game.time_out(seat))


@then("the timeout is recorded")
def timeout_recorded(scene: Scene) -> None:
    accepted(scene.last(), "the timeout")
