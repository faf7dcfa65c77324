"""What the steps of one scenario share (`Scene`), and the helpers the step modules use.

Steps reach the game only through the `driver` fixture (see drivers.py); positions are
written in card notation (notation.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .drivers import Driver, Json, Outcome
from .notation import full_deck

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
PACK_WORDS = {"two": 2, "three": 3}
#: The shuffle of "a shuffled deck": fixed, so every run deals the same game.
SHUFFLE_SEED = 20_220_901


@dataclass
class Snapshot:
    """Everything any viewer can read: to prove a refused command recorded nothing."""

    events: list[Json]
    views: dict[int | None, Json]


@dataclass
class Scene:
    """What the steps of one scenario share: the driver, the options, the last command."""

    driver: Driver
    rules: dict[str, Any] = field(default_factory=dict)
    #: The table's options beside the rules (the service's turn clock, `turn_seconds`).
    table: dict[str, Any] = field(default_factory=dict)
    players: int = 0
    outcome: Outcome | None = None
    before: Snapshot | None = None
    first_dealer: int | None = None
    #: A match's options, and each game's dealer and deck by number, until it begins.
    match_options: dict[str, Any] = field(default_factory=dict)
    match_decks: dict[int, tuple[int, list[str]]] = field(default_factory=dict)
    #: A draw game's hand: its game, number, the upcard and the stock's top cards to deal
    #: (before the deal), and the discard pile a seat drew from an empty stock against.
    game: str | None = None
    number: int = 1
    upcard: str | None = None
    stock_top: list[str] = field(default_factory=list)
    pile_before_draw: list[str] = field(default_factory=list)

    def last(self) -> Outcome:
        if self.outcome is None:
            raise AssertionError("no command has been sent yet")
        return self.outcome


def snapshot(driver: Driver) -> Snapshot:
    seats = len(driver.view(None)["seats"])
    viewers: list[int | None] = [None, *range(seats)]
    return Snapshot(
        events=driver.events(None), views={viewer: driver.view(viewer) for viewer in viewers}
    )


def send(scene: Scene, command: Callable[[Driver], Outcome]) -> Outcome:
    """Send one command, keeping what every viewer saw before it."""
    scene.before = snapshot(scene.driver)
    scene.outcome = command(scene.driver)
    return scene.outcome


def play(scene: Scene, seat: int, turn: list[dict[str, Any]]) -> Outcome:
    return send(scene, lambda game: game.play(seat, turn))


def accepted(outcome: Outcome, what: str) -> Outcome:
    assert outcome.refusal is None, f"{what} was refused: {outcome.refusal}"
    return outcome


def start(scene: Scene, players: int, deck: Sequence[str], dealer: int) -> Outcome:
    assert not scene.players, "a scenario deals one game only (check the Background)"
    scene.players = players
    scene.outcome = scene.driver.start(
        list(NAMES[:players]), deck, scene.rules, dealer, table=scene.table
    )
    scene.before = None
    return scene.outcome


def shuffled_deck(players: int, packs: int, jokers: int) -> list[str]:
    deck = full_deck(packs, jokers)
    random.Random(f"{SHUFFLE_SEED}-{players}-{packs}-{jokers}").shuffle(deck)
    return deck


def seat_view(driver: Driver, seat: int) -> Json:
    return driver.view(None)["seats"][seat]


def own_hand(driver: Driver, seat: int) -> list[str]:
    hand = driver.view(seat)["hand"]
    assert hand is not None, f"seat {seat} cannot see its own hand"
    return list(hand)


def table_meld(driver: Driver, meld: int) -> Json:
    table = driver.view(None)["table"]
    assert meld < len(table), f"there is no meld {meld}: the table holds {len(table)}"
    return table[meld]


def result(driver: Driver) -> Json:
    view = driver.view(None)
    assert view["over"], "the game is not over"
    assert view["result"] is not None, "the game is over but has no result"
    return dict(view["result"])


def seat_list(text: str) -> list[int]:
    return [int(number) for number in re.findall(r"-?\d+", text)]


def rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *body = datatable
    return [dict(zip(header, row, strict=True)) for row in body]
