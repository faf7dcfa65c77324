"""Legal moves (P29, D6): whether a seat can move, and the moves it is offered."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pytest_bdd import parsers, then

from ..drivers import Driver
from ..notation import action, actions, essential


@then(parsers.parse("seat {seat:d} has a legal move"))
def has_move(driver: Driver, seat: int) -> None:
    assert driver.legal_moves(seat)["can_move"]


@then(parsers.parse("seat {seat:d} has no legal move"))
def has_no_move(driver: Driver, seat: int) -> None:
    moves = driver.legal_moves(seat)
    assert not moves["can_move"], f"seat {seat} may still play {listed_moves(driver, seat)}"


def listed_moves(driver: Driver, seat: int) -> list[dict[str, Any]]:
    moves = driver.legal_moves(seat)
    return [essential(move) for kind in ("melds", "lay_offs", "swaps") for move in moves[kind]]


@then(parsers.parse('the legal moves of seat {seat:d} include "{words}"'))
def legal_moves_include(driver: Driver, seat: int, words: str) -> None:
    wanted = essential(action(words))
    listed = listed_moves(driver, seat)
    assert wanted in listed, f"{wanted} is not among {listed}"


@then(parsers.parse("the legal moves of seat {seat:d} hold no meld and no lay-off"))
def legal_moves_only_swaps(driver: Driver, seat: int) -> None:
    moves = driver.legal_moves(seat)
    assert (moves["melds"], moves["lay_offs"]) == ([], []), moves


@then(parsers.parse("the legal moves of seat {seat:d} are only melds, lay-offs and swaps"))
def legal_moves_kinds(driver: Driver, seat: int) -> None:
    moves = driver.legal_moves(seat)
    lists = {key for key, value in moves.items() if isinstance(value, list)}
    assert lists == {"melds", "lay_offs", "swaps", "turns"}, f"the legal moves list {sorted(lists)}"
    listed = [move for key in ("melds", "lay_offs", "swaps") for move in moves[key]]
    listed += [move for turn in moves["turns"] for move in turn["actions"]]
    kinds = Counter(move["type"] for move in listed)
    assert set(kinds) <= {"meld", "lay_off", "swap"}, f"moves of kinds {dict(kinds)}"
    assert kinds, "no move is listed at all"


@then(parsers.parse('the legal turns of seat {seat:d} include "{words}"'))
def legal_turns_include(driver: Driver, seat: int, words: str) -> None:
    wanted = [essential(move) for move in actions(words)]
    turns = [[essential(move) for move in turn["actions"]] for turn in listed_turns(driver, seat)]
    assert wanted in turns, f"{wanted} is not among {turns}"


def listed_turns(driver: Driver, seat: int) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = driver.legal_moves(seat)["turns"]
    return turns
