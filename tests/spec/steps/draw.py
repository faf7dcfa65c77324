"""The draw games (B1–B12, T1–T11): dealing a hand, the stock and the discard pile, what
each viewer sees of them, the end of a hand and a match of hands."""

from __future__ import annotations

import hashlib
import random
import re

import msgspec
from pytest_bdd import given, parsers, then, when

from domain import fair
from domain.cards import Card
from domain.drawgame.game import DrawGame
from domain.games import GAMES as REGISTERED

from ..drivers import Driver, Json
from ..notation import (
    actions,
    cards,
    essential,
    full_deck,
    remove_cards,
    same_cards,
    stacked_hand,
)
from ..scene import NAMES, SHUFFLE_SEED, Scene, accepted, play, rows, seat_list

#: The cards of one pack.
PACK = 52
#: The games on the draw core's state (`DrawGame`s), by their titles: each one's name.
GAMES = {game.title: game.name for game in REGISTERED.values() if isinstance(game, DrawGame)}
#: Their titles, as a pattern's alternatives.
TITLES = "|".join(re.escape(title) for title in GAMES)


def packs_for(scene: Scene, players: int) -> int:
    """The packs the game's rules call for (B1: one; T2, R29: one per two players), as its
    spec's deck counts them."""
    assert scene.game is not None, "name the game first (Given a game of …)"
    spec = REGISTERED[scene.game]
    rules = msgspec.convert(dict(scene.rules), spec.rules_type)
    return len(spec.deck(rules, players)) // PACK


def deal_hand(
    scene: Scene, players: int, deck: list[str] | None, dealer: int | None, seed: str | None = None
) -> None:
    assert scene.game is not None, "name the game first (Given a game of …)"
    assert not scene.players, "a scenario deals one hand only"
    scene.players = players
    names = list(NAMES[:players])
    scene.outcome = scene.driver.start_hand(
        scene.game,
        names,
        deck,
        scene.rules,
        dealer,
        number=scene.number,
        seed=seed,
        table=scene.table,
    )
    scene.before = None


def shuffled(scene: Scene, players: int) -> list[str]:
    deck = full_deck(packs_for(scene, players), 0)
    random.Random(f"{SHUFFLE_SEED}-{scene.game}-{players}").shuffle(deck)
    return deck


# --- the deal ----------------------------------------------------------------------------


@given(parsers.parse("a game of {game}"))
def a_game_of(scene: Scene, game: str) -> None:
    scene.game = GAMES[game]


@given(parsers.parse('the upcard is "{card}"'))
def the_upcard(scene: Scene, card: str) -> None:
    scene.upcard = card


@given(parsers.parse('the stock\'s top cards are "{top}"'))
def the_stock_top(scene: Scene, top: str) -> None:
    scene.stock_top = cards(top)


@given(parsers.parse("a {players:d}-player hand dealt by seat {dealer:d} with these hands:"))
def hand_with_hands(scene: Scene, players: int, dealer: int, datatable: list[list[str]]) -> None:
    hands = {int(row["seat"]): cards(row["hand"]) for row in rows(datatable)}
    if sized(scene):
        scene.rules.setdefault("cards_per_player", len(hands[0]))
    else:
        assert len(hands[0]) == scene.number + 2, f"hand {scene.number} deals {scene.number + 2}"
    upcard = scene.upcard or _free_card(scene, players, hands)
    deck = stacked_hand(hands, dealer, upcard, scene.stock_top, packs_for(scene, players))
    deal_hand(scene, players, deck, dealer)
    accepted(scene.last(), "the deal")


def sized(scene: Scene) -> bool:
    """Whether the game's rules take a hand's size (`cards_per_player`: B2, F2); the
    others deal the size the hand's number says (T1)."""
    assert scene.game is not None, "name the game first (Given a game of …)"
    return "cards_per_player" in REGISTERED[scene.game].rules_type.__struct_fields__


def _free_card(scene: Scene, players: int, hands: dict[int, list[str]]) -> str:
    """An upcard none of the hands holds: the first card of the packs left over."""
    taken = [card for hand in hands.values() for card in hand] + scene.stock_top
    return remove_cards(full_deck(packs_for(scene, players), 0), taken)[-1]


@given(
    parsers.parse(
        "a {players:d}-player hand with {size:d} cards each dealt by seat {dealer:d} "
        'from a deck whose top cards are "{top}"'
    )
)
def hand_from_top(scene: Scene, players: int, size: int, dealer: int, top: str) -> None:
    if sized(scene):
        scene.rules["cards_per_player"] = size
    order = cards(top)
    deck = order + remove_cards(full_deck(packs_for(scene, players), 0), order)
    deal_hand(scene, players, deck, dealer)
    accepted(scene.last(), "the deal")


@given(parsers.parse("a {players:d}-player hand dealt by seat {dealer:d} from a shuffled deck"))
def hand_shuffled(scene: Scene, players: int, dealer: int) -> None:
    deal_hand(scene, players, shuffled(scene, players), dealer)
    accepted(scene.last(), "the deal")


@given(parsers.parse('a {players:d}-player hand dealt from the seed "{seed}"'))
def hand_seeded(scene: Scene, players: int, seed: str) -> None:
    deal_hand(scene, players, None, None, seed=seed)
    accepted(scene.last(), "the deal")


@when(parsers.parse("a {players:d}-player hand is dealt by seat {dealer:d} from a shuffled deck"))
def hand_is_dealt(scene: Scene, players: int, dealer: int) -> None:
    deal_hand(scene, players, shuffled(scene, players), dealer)


@when(
    parsers.parse(
        'a {players:d}-player hand is dealt by seat {dealer:d} from a shuffled deck with "{extra}"'
    )
)
def hand_with_extra(scene: Scene, players: int, dealer: int, extra: str) -> None:
    deal_hand(scene, players, [*shuffled(scene, players), *cards(extra)], dealer)


# --- the piles ---------------------------------------------------------------------------


@then(
    parsers.parse(
        "each seat holds {size:d} cards, the stock {stock:d} and the discard pile {pile:d}"
    )
)
def piles_after_deal(driver: Driver, size: int, stock: int, pile: int) -> None:
    view = driver.view(None)
    assert [seat["hand_size"] for seat in view["seats"]] == [size] * len(view["seats"])
    assert (view["stock_size"], len(view["discards"])) == (stock, pile), view


@then(parsers.parse('the discard pile is "{pile}"'))
def discard_pile(driver: Driver, pile: str) -> None:
    assert driver.view(None)["discards"] == cards(pile)


@then(parsers.parse("the stock holds {count:d} cards"))
def stock_size(driver: Driver, count: int) -> None:
    assert driver.view(None)["stock_size"] == count


@then("the discard pile is empty")
def discard_pile_empty(driver: Driver) -> None:
    assert driver.view(None)["discards"] == []


def _on_turn(driver: Driver) -> int:
    seat = driver.view(None)["turn"]
    assert isinstance(seat, int), "no seat is on turn"
    return seat


@given("the seat on turn draws from the stock and discards a card")
@when("the seat on turn draws from the stock and discards a card")
def draw_and_discard(scene: Scene, driver: Driver) -> None:
    seat = _on_turn(driver)
    accepted(play(scene, seat, [{"type": "draw", "source": "stock"}]), f"seat {seat}'s draw")
    discard = driver.legal_moves(seat)["discards"][0]
    accepted(play(scene, seat, [discard]), f"seat {seat}'s discard")


@when("the seat on turn draws from the empty stock")
def draw_empty_stock(scene: Scene, driver: Driver) -> None:
    seat = _on_turn(driver)
    assert driver.view(None)["stock_size"] == 0, "the stock is not empty"
    scene.pile_before_draw = list(driver.view(None)["discards"])
    accepted(play(scene, seat, [{"type": "draw", "source": "stock"}]), f"seat {seat}'s draw")


@then("the stock was rebuilt from the discard pile less its top card, turned over")
def rebuilt_turned_over(scene: Scene, driver: Driver) -> None:
    pile = scene.pile_before_draw
    _check_rebuilt(scene, driver, pile[:-1], 1)


@then(
    parsers.parse(
        "the stock was rebuilt from the discard pile less its top card, in the order the seed "
        '"{seed}" draws for rebuild {number:d}'
    )
)
def rebuilt_from_seed(scene: Scene, driver: Driver, seed: str, number: int) -> None:
    pile = scene.pile_before_draw
    server_seed = hashlib.sha256(seed.encode()).digest()
    order = fair.rebuild_order([Card(text) for text in pile[:-1]], number, server_seed, ())
    _check_rebuilt(scene, driver, [card.text for card in order], number)


def _check_rebuilt(scene: Scene, driver: Driver, expected: list[str], number: int) -> None:
    """The seat that drew from the empty stock drew `expected`'s top card; the rest is the
    stock now, and the discard pile holds only its old top card."""
    seat = scene.last().events[-1]["seat"]
    rebuilt, drew = driver.events(seat)[-2:]
    assert (rebuilt["type"], rebuilt["number"], rebuilt["stock"]) == ("StockRebuilt", number, None)
    assert rebuilt["stock_size"] == len(expected)
    assert drew["card"] == expected[0], f"seat {seat} drew {drew['card']}, not {expected[0]}"
    view = driver.view(None)
    assert view["stock_size"] == len(expected) - 1
    assert view["discards"] == scene.pile_before_draw[-1:]


# --- what each viewer sees (R28) ---------------------------------------------------------


def viewers(driver: Driver) -> list[int | None]:
    return [None, *range(len(driver.view(None)["seats"]))]


@then("no viewer sees the stock's order")
def stock_hidden(driver: Driver) -> None:
    for viewer in viewers(driver):
        assert driver.view(viewer)["stock"] is None, f"viewer {viewer} sees the stock"
        for event in driver.events(viewer):
            if event["type"] in ("HandDealt", "StockRebuilt"):
                assert event["stock"] is None, f"viewer {viewer} reads the stock in {event}"


@then("no seat sees another seat's hand")
def hands_hidden(driver: Driver) -> None:
    for viewer in viewers(driver):
        view = driver.view(viewer)
        (dealt,) = [event for event in driver.events(viewer) if event["type"] == "HandDealt"]
        for seat, shown in enumerate(view["seats"]):
            if seat == viewer:
                assert shown["hand"] is not None and dealt["hands"][seat] is not None
            else:
                assert shown["hand"] is None, f"viewer {viewer} sees seat {seat}'s hand"
                assert dealt["hands"][seat] is None, f"viewer {viewer} reads seat {seat}'s deal"


@then(parsers.parse('only seat {seat:d} sees that it drew "{card}" from the stock'))
def stock_card_for_drawer(driver: Driver, seat: int, card: str) -> None:
    for viewer in viewers(driver):
        drawn = [e for e in driver.events(viewer) if e["type"] == "Drew" and e["seat"] == seat]
        assert drawn[-1]["source"] == "stock"
        assert drawn[-1]["card"] == (card if viewer == seat else None), f"viewer {viewer}"


@then(parsers.parse('every viewer sees that seat {seat:d} drew "{card}" from the discard pile'))
def discard_card_for_all(driver: Driver, seat: int, card: str) -> None:
    for viewer in viewers(driver):
        drawn = [e for e in driver.events(viewer) if e["type"] == "Drew" and e["seat"] == seat]
        assert (drawn[-1]["source"], drawn[-1]["card"]) == ("discard", card), f"viewer {viewer}"


@then("every viewer sees every hand, the stock and every card drawn")
def all_shown(driver: Driver) -> None:
    for viewer in viewers(driver):
        view = driver.view(viewer)
        assert view["over"] and view["stock"] is not None
        assert all(seat["hand"] is not None for seat in view["seats"])
        for event in driver.events(viewer):
            assert all(value is not None for key, value in event.items() if key != "proof"), event


# --- the end of a hand, and matches ------------------------------------------------------


def _result(driver: Driver) -> Json:
    view = driver.view(None)
    assert view["over"] and view["result"] is not None, "the hand is not over"
    return dict(view["result"])


@then(parsers.parse("seat {seat:d} went out and the hand is over"))
def went_out(driver: Driver, seat: int) -> None:
    assert _result(driver)["went_out"] == seat
    types = [event["type"] for event in driver.events(None)]
    assert "WentOut" in types and types[-1] in ("HandEnded", "SeedRevealed")


@then(parsers.re(r"seat (?P<seat>\d+) (?P<did>went|did not go) rummy"))
def went_rummy(driver: Driver, seat: str, did: str) -> None:
    result = _result(driver)
    assert result["went_out"] == int(seat)
    assert result["rummy"] is (did == "went"), result


@then(parsers.parse("the hand ended {reason:w}, nobody scoring"))
def hand_blocked(driver: Driver, reason: str) -> None:
    result = _result(driver)
    assert (result["reason"], result["went_out"], result["winners"]) == (reason, None, [])
    assert set(result["points"]) == {0}


@then("the hand ended abandoned")
def hand_abandoned(driver: Driver) -> None:
    result = _result(driver)
    assert (result["reason"], result.get("went_out")) == ("abandoned", None), result


@then("the hand is not over")
def hand_not_over(driver: Driver) -> None:
    view = driver.view(None)
    assert not view["over"] and view["turn"] is not None


@then(parsers.parse("the next hand is dealt by seat {seat:d}"))
def next_hand_dealer(driver: Driver, seat: int) -> None:
    assert driver.next_dealer(True) == seat


@then(
    parsers.re(
        rf"a match of (?P<game>{TITLES}) "
        r"(?:to (?P<target>\d+) points|of (?P<hands>\d+) hands) with totals (?P<totals>[\d, ]+) "
        r"after (?P<played>\d+) hands (?:is won by seats? (?P<won>\d+(?:(?:, | and )\d+)*)|goes on)"
    )
)
def match_of_hands(
    driver: Driver,
    game: str,
    totals: str,
    played: str,
    *,
    target: str | None = None,
    hands: str | None = None,
    won: str | None = None,
) -> None:
    result = driver.match_winners(
        GAMES[game],
        seat_list(totals),
        int(played),
        int(target) if target else None,
        int(hands) if hands else None,
    )
    assert result == (seat_list(won) if won else None), result


@then(parsers.parse('seat {seat:d} holds the cards "{hand}"'))
def seat_holds_cards(driver: Driver, seat: int, hand: str) -> None:
    held = driver.view(seat)["hand"]
    assert held is not None and same_cards(held, cards(hand)), f"seat {seat} holds {held}"


# --- legal moves ---------------------------------------------------------------------------


def _commands(driver: Driver, seat: int) -> list[list[dict[str, object]]]:
    return [
        [essential(a) for a in command["actions"]]
        for command in driver.legal_moves(seat)["commands"]
    ]


@then(parsers.parse('the legal commands of seat {seat:d} include "{words}"'))
def commands_include(driver: Driver, seat: int, words: str) -> None:
    wanted = [essential(a) for a in actions(words)]
    assert wanted in _commands(driver, seat), f"{wanted} is not among {_commands(driver, seat)}"


@then(parsers.parse('the legal commands of seat {seat:d} do not include "{words}"'))
def commands_exclude(driver: Driver, seat: int, words: str) -> None:
    unwanted = [essential(a) for a in actions(words)]
    assert unwanted not in _commands(driver, seat), f"{unwanted} is listed"


@then(parsers.parse('the only legal commands of seat {seat:d} are "{words}"'))
def commands_are(driver: Driver, seat: int, words: str) -> None:
    wanted = [[essential(a)] for a in actions(words)]
    assert _commands(driver, seat) == wanted, _commands(driver, seat)
