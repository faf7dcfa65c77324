"""Turns (P9–P12, D8): playing, declaring dead, and the answers to each command."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from ..drivers import Driver
from ..notation import action, actions
from ..scene import Scene, accepted, play, rows, send, snapshot


@given(parsers.parse('seat {seat:d} played "{words}"'))
def seat_played(scene: Scene, seat: int, words: str) -> None:
    accepted(play(scene, seat, actions(words)), f"seat {seat}'s turn")


@given("these turns were played:")
def turns_played(scene: Scene, datatable: list[list[str]]) -> None:
    for row in rows(datatable):
        seat, turn = int(row["seat"]), actions(row["actions"])
        accepted(play(scene, seat, turn), f"seat {seat}'s turn")


@given(parsers.parse("seat {seat:d} declared dead"))
def seat_declared_dead(scene: Scene, seat: int) -> None:
    accepted(send(scene, lambda game: game.declare_dead(seat)), f"seat {seat}'s declaration")


@when(parsers.parse('seat {seat:d} plays "{words}"'))
def seat_plays(scene: Scene, seat: int, words: str) -> None:
    play(scene, seat, actions(words))


@when(parsers.parse("seat {seat:d} plays:"))
def seat_plays_table(scene: Scene, seat: int, datatable: list[list[str]]) -> None:
    play(scene, seat, [action(row[0]) for row in datatable])


@when(parsers.parse("seat {seat:d} plays nothing"))
def seat_plays_nothing(scene: Scene, seat: int) -> None:
    play(scene, seat, [])


@when(parsers.parse("seat {seat:d} declares dead"))
def seat_declares_dead(scene: Scene, seat: int) -> None:
    send(scene, lambda game: game.declare_dead(seat))


@then(parsers.re(r"the (?:turn|deal|declaration|command) is accepted"))
def command_accepted(scene: Scene) -> None:
    accepted(scene.last(), "the command")


@then(
    parsers.re(
        r"the (?:turn|deal|declaration|timeout|command) is refused(?: at action (?P<index>\d+))? "
        r'citing (?P<rule>[A-Z]\d+) with code "(?P<code>[a-z-]+)"'
    )
)
def command_refused(scene: Scene, rule: str, code: str, index: str | None) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, f"accepted, recording {scene.last().event_types}"
    assert (refusal.rule, refusal.code) == (rule, code), f"refused otherwise: {refusal}"
    if index is not None:
        assert refusal.action_index == int(index), f"refused at another action: {refusal}"


@then(
    parsers.re(r"the (?:turn|command) is refused(?: at action (?P<index>\d+))? as malformed input")
)
def turn_malformed(scene: Scene, index: str | None) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, f"accepted, recording {scene.last().event_types}"
    assert refusal.code == "malformed-input", f"refused otherwise: {refusal}"
    if index is not None:
        assert refusal.action_index == int(index), f"refused at another action: {refusal}"


@then(parsers.parse('the refusal names the move "{move}"'))
def refusal_names_move(scene: Scene, move: str) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, "the command was accepted"
    assert move in refusal.message, f"the refusal says: {refusal.message!r}"


@then("nothing was recorded")
def nothing_recorded(scene: Scene, driver: Driver) -> None:
    assert scene.before is not None, "no command was sent after the deal"
    assert not scene.last().events, f"the refusal came with events {scene.last().event_types}"
    after = snapshot(driver)
    assert after.events == scene.before.events, "events were recorded"
    for viewer, view in scene.before.views.items():
        assert after.views[viewer] == view, f"the game changed as viewer {viewer} sees it"


@then(parsers.parse("the events recorded are {types}"))
def events_recorded(scene: Scene, types: str) -> None:
    expected = [name.strip() for name in types.split(",")]
    assert scene.last().event_types == expected


@then(parsers.parse("it is seat {seat:d}'s turn"))
def seat_to_play(driver: Driver, seat: int) -> None:
    assert driver.view(None)["turn"] == seat
