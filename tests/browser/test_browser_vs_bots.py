"""People play against the service's bots, by clicks only: a whole game in each game; a
table of you and bots (named players); a table of a bot and two people (open seats with
`bots`, R34), whose second person claims their seat by link and name.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .play_support import claim_from_link, game_over, play_one, play_until_over
from .support import OfflinePage, offline_page, save_artifact

TITLES = {"penang": "Penang Rummy", "rummy": "Basic Rummy", "three-thirteen": "Three Thirteen"}


@pytest.mark.parametrize("game", ["penang", "rummy", "three-thirteen"])
def test_a_person_plays_a_whole_game_against_a_bot_in_one_click(
    page: OfflinePage, tmp_path: Path, game: str
) -> None:
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_role("button", name=f"{TITLES[game]} against a bot").click()
    expect(tab.locator("#table")).to_be_visible()
    expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    save_artifact(tab, tmp_path, f"bots-{game}-dealt.png")
    play_until_over([tab], rng=random.Random(game))
    expect(tab.locator("#totals")).to_contain_text(
        re.compile(r"(Game|Hand) 1: points"), timeout=10_000
    )
    save_artifact(tab, tmp_path, f"bots-{game}-over.png")
    page.assert_clean()


def test_a_person_opens_a_table_of_three_with_two_bots_from_the_lobby(
    page: OfflinePage, tmp_path: Path
) -> None:
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_label("Game", exact=True).select_option("rummy")
    tab.get_by_label("Seats", exact=True).fill("3")
    tab.get_by_label("Seat 0: you, named").fill("Aminah")
    tab.get_by_label("Seat 1:", exact=True).select_option("bot:greedy")
    tab.get_by_label("Seat 2:", exact=True).select_option("bot:random")
    # Three cards a hand (the lobby's option): a hand of seven can go round for hundreds
    # of turns, past the test's bound, however the person plays.
    tab.locator("#create summary").click()
    tab.get_by_label("Cards per player").fill("3")
    tab.get_by_label("Turn clock (seconds; empty for none)").fill("120")
    tab.get_by_role("button", name="Open the table").click()
    expect(tab.locator("#seats tbody tr")).to_have_count(3, timeout=10_000)
    expect(tab.locator("#clock")).to_contain_text("left for")
    play_until_over([tab], rng=random.Random(3))
    save_artifact(tab, tmp_path, "bots-three-seats-over.png")


@pytest.fixture
def second(browser: Browser, server: str) -> Iterator[OfflinePage]:
    """A second person: a browser context of their own."""
    with offline_page(browser, server) as opened:
        yield opened


def test_a_table_of_a_bot_and_two_people_opens_its_seats_and_the_friend_claims_by_name(
    page: OfflinePage, second: OfflinePage, tmp_path: Path
) -> None:
    aminah, ben = page.page, second.page
    aminah.goto(f"{page.origin}/play")
    aminah.get_by_label("Game", exact=True).select_option("rummy")
    aminah.get_by_label("Seats", exact=True).fill("3")
    aminah.get_by_label("Seat 0: you, named").fill("You")
    aminah.get_by_label("Seat 1:", exact=True).select_option("bot:greedy")
    aminah.get_by_label("Seat 2:", exact=True).select_option("person")
    aminah.get_by_role("button", name="Open the table").click()
    expect(aminah.locator("#table")).to_be_visible()
    expect(aminah.locator("#status")).to_contain_text("Waiting for every seat")
    expect(aminah.locator("#invite-list li")).to_have_count(1)  # the bot sat at once
    link = aminah.get_by_label("Seat 2:").input_value()
    assert link.endswith("seat=2") and "#" not in link and "token" not in link
    save_artifact(aminah, tmp_path, "bots-and-people-invite.png")

    claim_from_link(ben, link, "Ben")
    expect(aminah.locator("#invites")).to_be_hidden(timeout=10_000)  # live: the claim dealt
    expect(aminah.locator("#seats tbody tr")).to_have_count(3)
    expect(aminah.locator("#seats tbody tr[data-seat='1'] td").first).to_have_text("greedy")
    expect(ben.locator("#table-about")).to_contain_text("you are Ben, seat 2")
    expect(ben.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    save_artifact(ben, tmp_path, "bots-and-people-dealt.png")

    # A few rounds: each person plays two whole turns, the bot between them.
    played = {0: 0, 2: 0}
    deadline = time.monotonic() + 120
    while min(played.values()) < 4 and not game_over(aminah) and time.monotonic() < deadline:
        moved = False
        for seat, player in ((0, aminah), (2, ben)):
            if play_one(player):
                played[seat] += 1
                moved = True
        if not moved:
            aminah.wait_for_timeout(200)
    assert min(played.values()) >= 4 or game_over(aminah), played
    events = aminah.locator("#events")
    expect(events).to_contain_text("Seat 1 · greedy: discards ")
    expect(events).to_contain_text("Seat 2 · Ben: discards ")
    expect(events).to_contain_text("Seat 0 · You: discards ")
    expect(events).not_to_contain_text("You draws")
    save_artifact(aminah, tmp_path, "bots-and-people-played.png")
    page.assert_clean()
    second.assert_clean()
