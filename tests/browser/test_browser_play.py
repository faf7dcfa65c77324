"""The play page (/play) in headless Chromium: people at one table, by clicks and typing.

Two browser contexts (two players, each with their own localStorage) open and claim
the seats of one match, and play it against each other through the moves the service
lists; a reload resumes the seat; a refusal shows the rule's words and id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from domain.games import GAMES

from .play_support import claim_from_link, game_over, open_table, play_one, play_until_over
from .support import OfflinePage, offline_page, save_artifact


@pytest.fixture
def second(browser: Browser, server: str) -> Iterator[OfflinePage]:
    """A second player: a browser context of their own."""
    with offline_page(browser, server) as opened:
        yield opened


@pytest.mark.parametrize("game", list(GAMES))
def test_two_people_claim_the_seats_of_a_match_and_play_a_game_against_each_other(
    page: OfflinePage, second: OfflinePage, tmp_path: Path, game: str
) -> None:
    aminah, ben = page.page, second.page
    # Basic Rummy is dealt three cards a hand (the lobby's option): a hand of ten can go
    # round for hundreds of turns even between players choosing as `choose` does.
    # A Gin match is played to a target (G17): the lobby's 10 ends it with a hand or two,
    # so that its end, with the bonuses, is seen too.
    target = 10 if game == "gin" else 0
    open_table(
        aminah, page.origin, "Aminah", game, cards=3 if game == "rummy" else 0, target=target
    )
    expect(aminah.locator("#status")).to_contain_text("Waiting for every seat")
    link = aminah.get_by_label("Seat 1:").input_value()
    assert link.endswith("seat=1") and "#" not in link
    save_artifact(aminah, tmp_path, f"play-{game}-invite.png")

    claim_from_link(ben, link, "Ben")
    expect(aminah.locator("#invites")).to_be_hidden(timeout=10_000)  # live: the claim dealt
    expect(aminah.locator("#seats tbody tr")).to_have_count(2)
    expect(aminah.locator("#hand button.pick").first).to_be_visible()
    save_artifact(aminah, tmp_path, f"play-{game}-dealt.png")

    play_until_over([aminah, ben], rng=random.Random(game))
    for player in (aminah, ben):  # the game over (a Three Thirteen match deals hand 2)
        expect(player.locator("#totals")).to_contain_text(
            re.compile(r"(Game|Hand) 1: points"), timeout=10_000
        )
    save_artifact(ben, tmp_path, f"play-{game}-over.png")
    page.assert_clean()
    second.assert_clean()


def test_a_reload_resumes_the_seat_and_a_refusal_names_its_rule(
    page: OfflinePage, second: OfflinePage, tmp_path: Path
) -> None:
    aminah, ben = page.page, second.page
    open_table(aminah, page.origin, "Aminah", clock=600)
    claim_from_link(ben, aminah.get_by_label("Seat 1:").input_value(), "Ben")
    expect(aminah.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    expect(aminah.locator("#clock")).to_contain_text(re.compile(r"Clock: (10:00|9:5\d) left for "))
    player = aminah if "It is your turn." in aminah.locator("#status").inner_text() else ben
    expect(player.locator("#status")).to_contain_text("It is your turn.", timeout=10_000)
    hand = player.locator("#hand button.pick").evaluate_all("(b) => b.map((x) => x.dataset.card)")

    player.reload()
    expect(player.locator("#status")).to_contain_text("It is your turn.")
    assert (
        player.locator("#hand button.pick").evaluate_all("(b) => b.map((x) => x.dataset.card)")
        == hand
    )

    # P29: a dead declaration is offered only where the service says no move is left; the
    # other seat, not on turn, is offered no move at all (P9).
    expect(player.locator("#moves button.move").first).to_be_visible()
    expect(player.locator("#declare-dead")).to_have_count(0)
    waiting = ben if player is aminah else aminah
    expect(waiting.locator("#moves-hint")).to_contain_text("Not your turn")
    expect(waiting.locator("#moves button")).to_have_count(0)
    save_artifact(player, tmp_path, "play-turn.png")

    player.get_by_role("button", name="by rank").click()
    expect(player.get_by_role("button", name="by rank")).to_have_attribute("aria-pressed", "true")
    # By keyboard alone: a card selected narrows the moves to those using it. The deal is
    # the service's, so the first card that some listed move uses is the one kept.
    cards = player.locator("#hand button.pick")
    moves = player.locator("#moves button.move:not(#declare-dead)")
    for index in range(cards.count()):
        card = cards.nth(index)
        card.focus()
        player.keyboard.press("Enter")
        expect(card).to_have_attribute("aria-pressed", "true")
        if moves.count() > 0:
            break
        player.keyboard.press("Enter")  # no listed move uses it: let it go again
        expect(card).to_have_attribute("aria-pressed", "false")
    assert play_one(player)
    assert not game_over(player)


def test_a_hollywood_gin_table_shows_its_three_columns(
    page: OfflinePage, second: OfflinePage, tmp_path: Path
) -> None:
    # G18: the lobby's Hollywood scoring; a target of 1 ends a column with each hand won.
    aminah, ben = page.page, second.page
    open_table(aminah, page.origin, "Aminah", "gin", target=1, scoring="hollywood")
    claim_from_link(ben, aminah.get_by_label("Seat 1:").input_value(), "Ben")
    columns = aminah.get_by_role("list", name="Hollywood columns").locator("li")
    expect(columns).to_have_count(3, timeout=10_000)
    expect(columns.nth(0)).to_contain_text("Column 1: Aminah 0, Ben 0 (open)")
    play_until_over([aminah, ben], rng=random.Random("hollywood"))
    expect(aminah.locator("#totals")).to_contain_text(
        re.compile(r"(Game|Hand) 1: points"), timeout=10_000
    )
    first = aminah.locator("#totals li[data-column='1']")
    # A hand won closes column 1 at once (its winner past 1, the loser shut out, R54).
    if re.search(r"(Game|Hand) 1: points (0 / 0)", aminah.locator("#totals").inner_text()):
        expect(first).to_contain_text("(open)")
    else:
        expect(first).to_contain_text("over, won by")
        expect(first).to_contain_text("a shutout, doubled")
    save_artifact(aminah, tmp_path, "play-gin-hollywood.png")
    page.assert_clean()
    second.assert_clean()
