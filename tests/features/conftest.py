"""Step definitions of the rules spec (features/*.feature), for any `Driver`.

Steps reach the game only through the `driver` fixture (see drivers.py), which each
test module binding the scenarios provides. Positions are written in card notation;
the helpers in notation.py turn hands into a stacked deck and words into actions.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from .drivers import Driver, Json, Outcome
from .notation import (
    action,
    actions,
    cards,
    essential,
    full_deck,
    jokers_for,
    packs_for,
    remove_cards,
    same_cards,
    stacked_deck,
)
from .rule_ids import known_tags

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
PACK_WORDS = {"two": 2, "three": 3}
#: The shuffle of "a shuffled deck": fixed, so every run deals the same game.
SHUFFLE_SEED = 20_220_901


def pytest_configure(config: pytest.Config) -> None:
    for tag in known_tags():
        config.addinivalue_line("markers", f"{tag}: the scenario checks {tag}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test module that sets `SCENARIO_TAG` runs only the scenarios carrying that tag.

    The tag may sit on the feature, the rule, the scenario or an Examples block:
    pytest-bdd turns each into a marker of the test (or of its example's parameters).
    """
    kept: list[pytest.Item] = []
    deselected: list[pytest.Item] = []
    for item in items:
        module = getattr(item, "module", None)
        tag = getattr(module, "SCENARIO_TAG", None)
        if tag is None or item.get_closest_marker(tag) is not None:
            kept.append(item)
        else:
            deselected.append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


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
    players: int = 0
    outcome: Outcome | None = None
    before: Snapshot | None = None
    first_dealer: int | None = None

    def last(self) -> Outcome:
        if self.outcome is None:
            raise AssertionError("no command has been sent yet")
        return self.outcome


@pytest.fixture
def scene(driver: Driver) -> Scene:
    return Scene(driver)


# --- helpers -----------------------------------------------------------------------


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
    scene.outcome = scene.driver.start(list(NAMES[:players]), deck, scene.rules, dealer)
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
    return [int(number) for number in re.findall(r"\d+", text)]


def rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *body = datatable
    return [dict(zip(header, row, strict=True)) for row in body]


# --- the table and the deal ----------------------------------------------------------


@given(parsers.parse('the rule option "{name}" is {value}'))
def rule_option(scene: Scene, name: str, value: str) -> None:
    scene.rules[name] = json.loads(value)


@given(parsers.parse("a {players:d}-player game dealt by seat {dealer:d} with these hands:"))
def game_with_hands(scene: Scene, players: int, dealer: int, datatable: list[list[str]]) -> None:
    hands = {int(row["seat"]): cards(row["hand"]) for row in rows(datatable)}
    scene.rules["cards_per_player"] = len(hands[0])
    deck = full_deck(packs_for(players, scene.rules), jokers_for(scene.rules))
    accepted(start(scene, players, stacked_deck(hands, dealer, deck), dealer), "the deal")


@given(
    parsers.parse(
        "a {players:d}-player game with {size:d} cards each dealt by seat {dealer:d} "
        'from a deck whose top cards are "{top}"'
    )
)
def game_from_stacked_top(scene: Scene, players: int, size: int, dealer: int, top: str) -> None:
    scene.rules["cards_per_player"] = size
    deck = full_deck(packs_for(players, scene.rules), jokers_for(scene.rules))
    order = cards(top)
    accepted(start(scene, players, order + remove_cards(deck, order), dealer), "the deal")


@given(
    parsers.parse(
        "a {players:d}-player game dealt by seat {dealer:d} "
        "from {packs} shuffled packs and {jokers:d} jokers"
    )
)
def game_shuffled(scene: Scene, players: int, dealer: int, packs: str, jokers: int) -> None:
    deck = shuffled_deck(players, PACK_WORDS[packs], jokers)
    accepted(start(scene, players, deck, dealer), "the deal")


@when(
    parsers.parse(
        "a {players:d}-player game is dealt by seat {dealer:d} "
        "from {packs} shuffled packs and {jokers:d} jokers"
    )
)
def deal_is_tried(scene: Scene, players: int, dealer: int, packs: str, jokers: int) -> None:
    start(scene, players, shuffled_deck(players, PACK_WORDS[packs], jokers), dealer)


@when(
    parsers.parse(
        "a {players:d}-player game is dealt by seat {dealer:d} from two packs and "
        '{jokers:d} jokers less one "{card}"'
    )
)
def deal_short_deck(scene: Scene, players: int, dealer: int, jokers: int, card: str) -> None:
    deck = remove_cards(shuffled_deck(players, 2, jokers), [card])
    start(scene, players, deck, dealer)


# --- playing -----------------------------------------------------------------------


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


# --- answers to commands -------------------------------------------------------------


@then(parsers.re(r"the (?:turn|deal|declaration) is accepted"))
def command_accepted(scene: Scene) -> None:
    accepted(scene.last(), "the command")


@then(
    parsers.re(
        r"the (?:turn|deal|declaration) is refused(?: at action (?P<index>\d+))? "
        r'citing (?P<rule>[PDR]\d+) with code "(?P<code>[a-z-]+)"'
    )
)
def command_refused(scene: Scene, rule: str, code: str, index: str | None) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, f"accepted, recording {scene.last().event_types}"
    assert (refusal.rule, refusal.code) == (rule, code), f"refused otherwise: {refusal}"
    if index is not None:
        assert refusal.action_index == int(index), f"refused at another action: {refusal}"


@then("the turn is refused as malformed input")
def turn_malformed(scene: Scene) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, f"accepted, recording {scene.last().event_types}"
    assert refusal.code == "malformed-input", f"refused otherwise: {refusal}"


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


# --- the game as viewers see it ---------------------------------------------------------


@then(parsers.parse("it is seat {seat:d}'s turn"))
def seat_to_play(driver: Driver, seat: int) -> None:
    assert driver.view(None)["turn"] == seat


@then(parsers.parse("seat {seat:d} deals"))
def dealer_is(driver: Driver, seat: int) -> None:
    assert driver.view(None)["dealer"] == seat


@then(parsers.parse('seat {seat:d} holds "{hand}"'))
def seat_holds(driver: Driver, seat: int, hand: str) -> None:
    held = own_hand(driver, seat)
    assert same_cards(held, cards(hand)), f"seat {seat} holds {' '.join(held)}"


@then(parsers.parse("seat {seat:d} holds no cards"))
def seat_holds_nothing(driver: Driver, seat: int) -> None:
    assert own_hand(driver, seat) == []
    assert seat_view(driver, seat)["hand_size"] == 0


@then(parsers.parse("seat {seat:d} holds {count:d} cards"))
def seat_holds_count(driver: Driver, seat: int, count: int) -> None:
    assert len(own_hand(driver, seat)) == count
    assert seat_view(driver, seat)["hand_size"] == count


@then(parsers.parse("each seat holds {size:d} cards and {aside:d} cards are put aside"))
def deal_sizes(driver: Driver, size: int, aside: int) -> None:
    view = driver.view(None)
    assert [seat["hand_size"] for seat in view["seats"]] == [size] * len(view["seats"])
    assert view["undealt_count"] == aside


@then(parsers.parse("{aside:d} cards are still put aside"))
def still_aside(driver: Driver, aside: int) -> None:
    assert driver.view(None)["undealt_count"] == aside


@then(parsers.parse("the deal used {total:d} cards"))
def deal_total(driver: Driver, total: int) -> None:
    view = driver.view(None)
    dealt = sum(seat["hand_size"] for seat in view["seats"])
    assert dealt + view["undealt_count"] == total


@then(parsers.parse("the table holds {count:d} melds"))
def table_size(driver: Driver, count: int) -> None:
    assert len(driver.view(None)["table"]) == count


@then(parsers.parse('meld {meld:d} is the {kind} "{meld_cards}" of seat {seat:d}'))
def meld_is(driver: Driver, meld: int, kind: str, meld_cards: str, seat: int) -> None:
    found = table_meld(driver, meld)
    shown = f"{found['kind']} {' '.join(found['cards'])} of seat {found['owner']}"
    assert (found["kind"], found["owner"]) == (kind, seat), f"meld {meld} is the {shown}"
    if kind == "run":  # a run lies in order; a set in any order
        assert list(found["cards"]) == cards(meld_cards), f"meld {meld} is the {shown}"
    else:
        assert same_cards(found["cards"], cards(meld_cards)), f"meld {meld} is the {shown}"


@then(parsers.parse('meld {meld:d} stands for "{stands_for}"'))
def meld_stands_for(driver: Driver, meld: int, stands_for: str) -> None:
    assert list(table_meld(driver, meld)["stands_for"]) == cards(stands_for)


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


@then(parsers.parse("seat {seat:d} has its passport"))
def has_passport(driver: Driver, seat: int) -> None:
    assert seat_view(driver, seat)["passport"]


@then(parsers.parse("seat {seat:d} has no passport yet"))
def has_no_passport(driver: Driver, seat: int) -> None:
    assert not seat_view(driver, seat)["passport"]


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


# --- hidden cards (P5) --------------------------------------------------------------------


@then("no viewer sees the undealt cards")
def undealt_hidden(driver: Driver) -> None:
    seats = len(driver.view(None)["seats"])
    for viewer in [None, *range(seats)]:
        view = driver.view(viewer)
        assert view["undealt"] is None, f"viewer {viewer} sees the undealt cards"
        assert view["undealt_count"] > 0
        for event in driver.events(viewer):
            if event["type"] == "Dealt":
                assert event["undealt"] is None, f"viewer {viewer} reads them in the record"


@then("each seat sees its own hand and no other")
def hands_hidden(driver: Driver) -> None:
    seats = len(driver.view(None)["seats"])
    for viewer in [None, *range(seats)]:
        view = driver.view(viewer)
        (dealt,) = [event for event in driver.events(viewer) if event["type"] == "Dealt"]
        for seat in range(seats):
            shown = view["seats"][seat]["hand"]
            recorded = dealt["hands"][seat]
            if seat == viewer:
                assert shown is not None and recorded is not None, f"seat {seat} sees no hand"
            else:
                assert shown is None, f"viewer {viewer} sees the hand of seat {seat}"
                assert recorded is None, f"viewer {viewer} reads the deal of seat {seat}"


@then(parsers.parse("every viewer sees the {count:d} undealt cards"))
def undealt_shown(driver: Driver, count: int) -> None:
    seats = len(driver.view(None)["seats"])
    for viewer in [None, *range(seats)]:
        undealt = driver.view(viewer)["undealt"]
        assert undealt is not None and len(undealt) == count, f"viewer {viewer}: {undealt}"


# --- the end of the game -------------------------------------------------------------------


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


# --- the dealer (P6–P8) -------------------------------------------------------------------


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
