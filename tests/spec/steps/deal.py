"""The deal (P1–P5, D2): options, stacked and shuffled decks, what is dealt and hidden."""

from __future__ import annotations

import json

from pytest_bdd import given, parsers, then, when

from ..drivers import Driver
from ..notation import cards, full_deck, jokers_for, packs_for, remove_cards, stacked_deck
from ..scene import PACK_WORDS, Scene, accepted, rows, shuffled_deck, start


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
