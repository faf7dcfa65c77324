"""Matches of the draw games (B12, T1, T3, T11, R24, R29, R31): their hands dealt by the
match, the deal passing to the left, and who wins."""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from ..drivers import Driver
from ..notation import cards, full_deck, remove_cards, stacked_hand
from ..scene import Scene, accepted, rows
from .draw import GAMES, TITLES, packs_for, sized

_RANKS = {3: "threes", 4: "fours", 5: "fives", 13: "kings"}


@given(
    parsers.re(
        rf"a (?P<seats>\d+)-player match of (?P<game>{TITLES})"
        r"(?: of (?P<hands>\d+) hands)?(?: to (?P<target>\d+) points)?$"
    )
)
def draw_match(
    scene: Scene, seats: str, game: str, hands: str | None = None, target: str | None = None
) -> None:
    scene.players = int(seats)
    scene.game = GAMES[game]
    scene.match_options = {"game": scene.game}
    if hands:
        scene.match_options["games"] = int(hands)
    if target:
        scene.match_options["target"] = int(target)


@given(
    parsers.re(
        rf"a (?P<seats>\d+)-player match of (?P<game>{TITLES}) "
        r'with (?P<how>open seats|its players named) and the seed "(?P<seed>[^"]*)"'
    )
)
def seeded_draw_match(scene: Scene, seats: str, game: str, how: str, seed: str) -> None:
    scene.players = int(seats)
    scene.game = GAMES[game]
    options = {"game": scene.game}
    named = how == "its players named"
    accepted(scene.driver.open_match(int(seats), options, seed, named=named), "the match")


@given(
    parsers.parse(
        "hand {number:d} of the match is dealt by seat {dealer:d}, the stock's top cards "
        '"{top}", with these hands:'
    )
)
def match_hand(
    scene: Scene, number: int, dealer: int, top: str, datatable: list[list[str]]
) -> None:
    hands = {int(row["seat"]): cards(row["hand"]) for row in rows(datatable)}
    if sized(scene):
        scene.rules["cards_per_player"] = len(hands[0])
    packs = packs_for(scene, scene.players)
    stock_top = cards(top)
    taken = [card for hand in hands.values() for card in hand] + stock_top
    upcard = remove_cards(full_deck(packs, 0), taken)[-1]
    scene.match_decks[number] = (dealer, stacked_hand(hands, dealer, upcard, stock_top, packs))


@then(
    parsers.re(
        r"the hand being played deals (?P<size>\d+) cards each"
        r"(?: with (?P<wild>threes|fours|fives|kings) wild)?"
    )
)
def hand_being_played(driver: Driver, size: str, wild: str | None = None) -> None:
    view = driver.view(None)
    assert not view["over"], "the hand is over"
    number = view["number"]
    dealt = driver.game_dealt(number)
    assert dealt["hand"] == number and set(dealt["hand_sizes"]) == {int(size)}, dealt
    shown = None if wild is None else next(r for r, w in _RANKS.items() if w == wild)
    rank = view["wild"]
    assert (rank and _rank_of(rank)) == shown, f"the wild rank is {rank}"


def _rank_of(text: str) -> int:
    words = {"A": 1, "J": 11, "Q": 12, "K": 13}
    return words.get(text, 0) or int(text)


@when("the match of hands is opened")
def match_of_hands_opened(scene: Scene) -> None:
    options = {**scene.match_options, "rules": scene.rules}
    scene.outcome = scene.driver.start_match(scene.players, options, [], 0)
