"""The table and the hands (P13–P18, P22, P26): melds, what jokers stand for, passports."""

from __future__ import annotations

from pytest_bdd import parsers, then

from ..drivers import Driver
from ..notation import cards, same_cards
from ..scene import own_hand, seat_view, table_meld


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


@then(parsers.parse("seat {seat:d} has its passport"))
def has_passport(driver: Driver, seat: int) -> None:
    assert seat_view(driver, seat)["passport"]


@then(parsers.parse("seat {seat:d} has no passport yet"))
def has_no_passport(driver: Driver, seat: int) -> None:
    assert not seat_view(driver, seat)["passport"]
