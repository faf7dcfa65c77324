"""Gin Rummy's table options in the play page: offered at the lobby as games.json lists
them (G13, G16, G19–G21), and shown at the end of a hand and of a match.

The lobby's options are the rules' own (`TABLE_OPTIONS`), the table's default chosen
first; a table opened with others records them. A stacked deal (this module's server
takes explicit decks) shows the endings: the person takes the ace of spades, the first
upcard of an Oklahoma hand with spades double, and goes out with big gin; the bot beside
them says done, and the match to 100 ends in one doubled hand, a shutout. Screenshots of
the lobby and of that ending, at 1280 and 360 px, go under the artifacts.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.support import serve
from patience import PATIENCE
from playwright.sync_api import Page, expect

from domain.cards import NATURALS, parse_cards

from .support import OfflinePage, json_of, save_artifact
from .test_browser_access import axe, scan

__all__ = ["axe"]  # the accessibility test's fixture: axe-core, pinned

WIDTHS = (1280, 360)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's `penang-rummy serve`: it takes explicit decks, for a stacked deal."""
    settings = {"PENANG_RUMMY_BOT_THINK_MS": "100", "PENANG_RUMMY_ALLOW_DECK": "true"}
    with serve(tmp_path_factory.mktemp("server"), settings=settings) as url:
        yield url


def _stacked(north: str, south: str, upcard: str) -> list[str]:
    """Seat 1 deals: ten cards each from seat 0, the upcard, the rest in pack order."""
    hands = [parse_cards(north.split()), parse_cards(south.split())]
    used = {*hands[0], *hands[1], *parse_cards([upcard])}
    rest = [card.text for card in NATURALS if card not in used]
    return [hands[i % 2][i // 2].text for i in range(20)] + [upcard, *rest]


def _sit(page: Page, origin: str, match_id: str, token: str, name: str) -> None:
    """This browser keeps seat 0 of the match, as the lobby does once it opened a table."""
    entry = {"match_id": match_id, "seat": 0, "name": name, "token": token, "at": 0}
    page.goto(f"{origin}/play")
    page.evaluate("(s) => localStorage.setItem('penang-rummy-tables', s)", json.dumps([entry]))
    page.goto(f"{origin}/play?match={match_id}&seat=0")
    expect(page.locator("#hand button.pick").first).to_be_visible(timeout=10_000)


def _move(page: Page, words: str) -> None:
    """Press the listed move whose words begin so, and wait for the table to move on, or
    for the move to join the turn being chosen (R22: the upcard is sent with the discard)."""
    table = page.locator("#table")
    before = (table.get_attribute("data-version"), table.get_attribute("data-composing"))
    page.locator("#moves button.move", has_text=words).first.click()
    deadline = time.monotonic() + PATIENCE
    while (table.get_attribute("data-version"), table.get_attribute("data-composing")) == before:
        assert time.monotonic() < deadline, f"the table did not move after {words!r}"
        page.wait_for_timeout(50)


def _shots(page: Page, tmp_path: Path, name: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(100)
        save_artifact(page, tmp_path, f"{name}-{width}.png")
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_lobby_offers_gins_table_options_and_the_table_records_them(
    page: OfflinePage, tmp_path: Path, axe: Path
) -> None:
    tab = page.page
    tab.goto(f"{page.origin}/play")
    lobby = json_of(httpx.get(f"{page.origin}/play/games.json"))
    gin = next(game for game in lobby["games"] if game["options"])
    tab.get_by_label("Game", exact=True).select_option(gin["game"])
    tab.locator("#create summary").click()
    for option in gin["options"]:
        select = tab.get_by_label(option["label"], exact=True)
        expect(select).to_be_visible()
        expect(select.locator("option")).to_have_count(len(option["choices"]))
        expect(select).to_have_value("0")  # the table's default first
    chosen = {
        "oklahoma": "the first upcard's value (Oklahoma)",
        "spade_double": "doubles the deal, its box too",
        "big_gin_bonus": "not played",
        "wall": "the draw leaving two ends it (Hoyle)",
        "shutout": "doubles each hand's points",
    }
    labels = {option["field"]: option["label"] for option in gin["options"]}
    for field, words in chosen.items():
        tab.get_by_label(labels[field], exact=True).select_option(label=words)
    tab.get_by_label("Seat 0: you, named").fill("Aminah")
    tab.get_by_label("Seat 1:", exact=True).select_option("bot:greedy")
    _shots(tab, tmp_path, "play-gin-options-lobby")
    scan(tab, axe, "Gin's options in the lobby")
    tab.set_viewport_size({"width": 360, "height": 900})
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scroll"
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.get_by_role("button", name="Open the table").click()
    expect(tab.locator("#table")).to_be_visible()
    match_id = tab.evaluate("new URLSearchParams(location.search).get('match')")
    rules = json_of(httpx.get(f"{page.origin}/matches/{match_id}"))["options"]["rules"]
    assert {field: rules[field] for field in chosen} == {
        "oklahoma": True,
        "spade_double": "all",
        "big_gin_bonus": None,
        "wall": "draw",
        "shutout": "hand_points",
    }
    assert rules["defender"] == "arranged", "an option the lobby does not offer: the default"
    page.assert_clean()


def test_big_gin_on_a_doubled_deal_and_a_shutout_shown_at_the_table(
    page: OfflinePage, tmp_path: Path, axe: Path
) -> None:
    deck = _stacked("2S 3S 4S 5H 5D 5C 9C 9D 9H 9S", "AH 3C 6D 8C 10H QC KD 2D 7S JD", "AS")
    created = json_of(
        httpx.post(
            f"{page.origin}/matches",
            json={
                "players": ["Aminah", {"bot": "greedy"}],
                "game": "gin",
                "draw_rules": {"game": "gin", "oklahoma": True, "spade_double": "all"},
                "decks": [deck],
                "dealer": 1,
            },
        ),
        201,
    )
    tab = page.page
    _sit(tab, page.origin, created["match_id"], created["tokens"][0], "Aminah")
    expect(tab.locator("#piles")).to_contain_text("Spade upcard: the deal scores double")
    expect(tab.locator("#piles")).to_contain_text("Knock with deadwood at most 0")
    _move(tab, "Draw from the discard pile")
    _move(tab, "Big gin")
    for _ in range(3):  # AS-4S, the fives, the nines: the melds listed, one by one
        _move(tab, "Lay the meld")
    _move(tab, "Done laying cards")
    status = tab.locator("#status")
    expect(status).to_contain_text("Game over: big gin", timeout=20_000)
    expect(status).to_contain_text("won by Aminah")
    expect(status).to_contain_text("the deal scored double (a spade first upcard), boxes 2 / 0")
    totals = tab.locator("#totals")
    expect(totals).to_contain_text("Won by Aminah", timeout=20_000)
    expect(totals).to_contain_text("A shutout")
    expect(totals).to_contain_text("final scores: Aminah 692")
    expect(tab.locator("#events")).to_contain_text("goes out with big gin")
    expect(tab.locator("#events")).to_contain_text("big gin, all eleven cards melded")
    width = tab.evaluate("document.documentElement.scrollWidth")
    tab.set_viewport_size({"width": 360, "height": 900})
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scroll"
    tab.set_viewport_size({"width": 1280, "height": 900})
    assert width <= 1280
    _shots(tab, tmp_path, "play-gin-big-gin-doubled-shutout")
    scan(tab, axe, "a Gin table's end: big gin, a doubled deal, a shutout")
    page.assert_clean()
