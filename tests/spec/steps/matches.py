"""Matches and seats (P6–P8, R5, R16–R18): dealers, totals, the end, claims."""

from __future__ import annotations

import hashlib
import re

from pytest_bdd import given, parsers, then, when

from domain import fair

from ..drivers import Driver, Json
from ..notation import actions, cards, full_deck, jokers_for, packs_for, stacked_deck
from ..scene import Scene, accepted, play, rows, seat_list


def _match(driver: Driver) -> Json:
    return driver.match_view()


def _game(driver: Driver, number: int) -> Json:
    games = _match(driver)["games"]
    assert number <= len(games), f"the match has dealt {len(games)} games, not {number}"
    return dict(games[number - 1])


# --- opening a match -------------------------------------------------------------------


@given(parsers.parse('a {seats:d}-player match with the seed "{seed}" and its players named'))
def named_match(scene: Scene, seats: int, seed: str) -> None:
    scene.players = seats
    accepted(scene.driver.open_match(seats, {}, seed, named=True), "the match")


@given(parsers.parse('a {seats:d}-player match with open seats and the seed "{seed}"'))
def open_match(scene: Scene, seats: int, seed: str) -> None:
    scene.players = seats
    accepted(scene.driver.open_match(seats, {}, seed, named=False), "the match")


@given(
    parsers.re(
        r"a (?P<seats>\d+)-player match of (?P<games>\d+) games "
        r"where points are (?P<not_>not )?recorded"
    )
)
def match_of_games(scene: Scene, seats: str, games: str, not_: str | None = None) -> None:
    scene.players = int(seats)
    scene.match_options = {"games": int(games), "points_recorded": not_ is None}


@given(parsers.parse("a {seats:d}-player match to {target:d} points"))
def match_to_target(scene: Scene, seats: int, target: int) -> None:
    scene.players = seats
    scene.match_options = {"target": target}


@given(parsers.parse("a {seats:d}-player match without end"))
def open_ended_match(scene: Scene, seats: int) -> None:
    scene.players = seats
    scene.match_options = {}


@given(parsers.parse("game {number:d} is dealt by seat {dealer:d} with these hands:"))
def game_hands(scene: Scene, number: int, dealer: int, datatable: list[list[str]]) -> None:
    hands = {int(row["seat"]): cards(row["hand"]) for row in rows(datatable)}
    scene.rules["cards_per_player"] = len(hands[0])
    deck = full_deck(packs_for(scene.players, scene.rules), jokers_for(scene.rules))
    scene.match_decks[number] = (dealer, stacked_deck(hands, dealer, deck))


@when("the match begins")
def match_begins(scene: Scene) -> None:
    decks = [scene.match_decks[n][1] for n in sorted(scene.match_decks)]
    first_dealer = scene.match_decks[1][0]
    options = {**scene.match_options, "rules": scene.rules}
    accepted(scene.driver.start_match(scene.players, options, decks, first_dealer), "the match")


@when("these turns are played:")
def turns_are_played(scene: Scene, datatable: list[list[str]]) -> None:
    for row in rows(datatable):
        seat, turn = int(row["seat"]), actions(row["actions"])
        accepted(play(scene, seat, turn), f"seat {seat}'s turn")


@when("the match is closed")
def match_closed(scene: Scene) -> None:
    scene.outcome = scene.driver.close_match()


# --- seats (R18) ---------------------------------------------------------------------------


@when(
    parsers.re(
        r'seat (?P<seat>\d+) is claimed by "(?P<name>[^"]+)"'
        r'(?: with the seat seed "(?P<seed>[^"]*)")?'
    )
)
def seat_claimed(scene: Scene, seat: str, name: str, seed: str | None = None) -> None:
    scene.outcome = scene.driver.claim_seat(int(seat), name, seed)


@when(parsers.parse("seat {seat:d} is left"))
def seat_left(scene: Scene, seat: int) -> None:
    scene.outcome = scene.driver.leave_seat(seat)


@then(parsers.re(r"seats (?P<seats>\d+(?:(?:, | and )\d+)*) (?:is|are) still open"))
def seats_open(driver: Driver, seats: str) -> None:
    assert list(_match(driver)["open_seats"]) == seat_list(seats)


@then("no seat is open")
def no_seat_open(driver: Driver) -> None:
    assert _match(driver)["open_seats"] == []


@then(parsers.parse("the match's players are {names}"))
def match_players(driver: Driver, names: str) -> None:
    expected = re.split(r", | and ", names)
    assert [seat["name"] for seat in _match(driver)["seats"]] == expected


@then(
    parsers.re(
        r'the first dealer is the one the match seed "(?P<seed>[^"]*)" draws with the seat '
        r'seeds (?P<seeds>"[^"]*"(?:(?:, | and )"[^"]*")*)'
    )
)
def first_dealer_drawn_from_seeds(driver: Driver, seed: str, seeds: str) -> None:
    seat_seeds = re.findall(r'"([^"]*)"', seeds)
    server_seed = hashlib.sha256(seed.encode("utf-8")).digest()
    drawn = fair.first_dealer(server_seed, seat_seeds, len(seat_seeds))
    view = _match(driver)
    assert view["first_dealer"] == drawn, f"the match drew seat {view['first_dealer']}"
    assert _game(driver, 1)["dealer"] == drawn


@then(
    parsers.parse(
        'game {number:d} of the match is dealt from the seed the match seed "{seed}" gives it'
    )
)
def game_seeded(driver: Driver, number: int, seed: str) -> None:
    match_seed = hashlib.sha256(seed.encode("utf-8")).digest()
    proof = driver.game_dealt(number)["proof"]
    assert proof["server_seed_sha256"] == fair.commitment(fair.game_seed(match_seed, number))
    seeds = [seat["seat_seed"] for seat in _match(driver)["seats"]]
    assert proof["seat_seeds"] == seeds and proof["dealer_drawn"] is False


# --- dealers, scores and the end --------------------------------------------------------------


@then(parsers.parse("the first game of the match is dealt by seat {dealer:d}"))
def first_game_dealer(driver: Driver, dealer: int) -> None:
    assert _match(driver)["first_dealer"] == dealer
    assert _game(driver, 1)["dealer"] == dealer
    assert driver.view(None)["dealer"] == dealer


@then(parsers.parse("game {number:d} of the match is dealt by seat {dealer:d}"))
def game_dealer(driver: Driver, number: int, dealer: int) -> None:
    assert _game(driver, number)["dealer"] == dealer
    assert driver.game_dealt(number)["dealer"] == dealer


@then(parsers.parse("game {number:d} of the match scored points {points} with winners {winners}"))
def game_scored(driver: Driver, number: int, points: str, winners: str) -> None:
    game = _game(driver, number)
    assert game["over"], f"game {number} is not over"
    assert game["points"] == seat_list(points) and game["winners"] == seat_list(winners), game


@then(parsers.parse("the match's totals are {totals}"))
def match_totals(driver: Driver, totals: str) -> None:
    assert _match(driver)["totals"] == seat_list(totals)


_REASONS = {
    "after its games": "games",
    "at its target": "target",
    "as closed": "closed",
    "as abandoned": "abandoned",
}


@then(
    parsers.re(
        r"the match is over (?P<how>after its games|at its target|as closed|as abandoned), "
        r"won by seats? (?P<seats>\d+(?:(?:, | and )\d+)*)"
    )
)
def match_over(driver: Driver, how: str, seats: str) -> None:
    view = _match(driver)
    assert view["status"] == "over", view["status"]
    assert view["result"]["reason"] == _REASONS[how]
    assert view["result"]["winners"] == seat_list(seats)


@then("the match is not over")
def match_not_over(driver: Driver) -> None:
    assert _match(driver)["status"] != "over"


@then("no game of the match is being played")
def no_game_played(driver: Driver) -> None:
    assert _match(driver)["current_game"] is None


@then("a game of the match is being played")
def a_game_played(driver: Driver) -> None:
    view = _match(driver)
    assert view["current_game"] is not None and view["status"] == "playing"


@then(parsers.re(r"the match has dealt (?P<count>\d+) games?"))
def games_dealt(driver: Driver, count: str) -> None:
    assert len(_match(driver)["games"]) == int(count)


@then(
    parsers.re(
        r'the match command is refused citing (?P<rule>[PDRBT]\d+) with code "(?P<code>[a-z-]+)"'
    )
)
def match_refused(scene: Scene, rule: str, code: str) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, "the match command was accepted"
    assert (refusal.rule, refusal.code) == (rule, code), refusal
