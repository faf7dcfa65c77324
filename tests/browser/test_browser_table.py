"""The table as a person plays it (issue 31): a turn of several actions chosen one by one
and sent whole (P11), moves only on the seat's own turn (P9), and a hand's end shown with
every hand until the player goes on.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import expect

from .play_support import TABLE_MOVES, my_turn, play_one, play_until_over
from .support import OfflinePage, save_artifact
from .test_browser_access import PHONE, axe, scan

__all__ = ["axe"]  # the axe-core fixture, shared with the access tests


def _hand_size(tab: object) -> int:
    return int(tab.locator("#seats tr[data-seat='0'] td.hand-size").inner_text())  # type: ignore[attr-defined]


def test_a_penang_turn_of_several_melds_is_chosen_by_clicks_and_sent_whole(
    page: OfflinePage, tmp_path: Path
) -> None:
    # P11: any number of melds and lay-offs in one turn, each checked by the service as it
    # is chosen (getMovesAfter), the turn sent whole.
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_role("button", name="Penang Rummy against a bot").click()
    expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    table, moves = tab.locator("#table"), tab.locator("#moves button.move")
    for _ in range(30):
        expect(tab.locator("#status")).to_contain_text(
            re.compile("It is your turn|Game over"), timeout=30_000
        )
        if tab.locator("#status").inner_text().startswith("Game over"):
            break
        expect(moves.first).to_be_visible()
        before, version = _hand_size(tab), table.get_attribute("data-version") or ""
        moves.first.click()
        expect(table).to_have_attribute("data-composing", "1")
        shown = tab.locator("#hand button.pick").count()
        texts = [moves.nth(i).inner_text() for i in range(moves.count())]
        follow = next((i for i, t in enumerate(texts) if t.startswith(TABLE_MOVES)), None)
        if follow is None:
            tab.locator("#send-turn").click()
            expect(table).not_to_have_attribute("data-version", version, timeout=10_000)
            continue
        # A second action, by keyboard: focus it, press Enter.
        moves.nth(follow).focus()
        tab.keyboard.press("Enter")
        expect(table).to_have_attribute("data-composing", "2")
        expect(tab.locator("#composed-words")).to_contain_text(", then ")
        after = tab.locator("#hand button.pick").count()
        assert after < shown < before
        save_artifact(tab, tmp_path, "table-penang-composing.png")
        expect(tab.locator("#send-turn")).to_have_text("Send the turn (2 moves)")
        tab.locator("#send-turn").focus()
        tab.keyboard.press("Enter")
        expect(table).not_to_have_attribute("data-version", version, timeout=10_000)
        expect(tab.locator("#seats tr[data-seat='0'] td.hand-size")).to_have_text(str(after))
        break
    else:
        raise AssertionError("thirty turns and never two table moves in one")
    page.assert_clean()


def test_the_end_of_each_hand_is_shown_with_every_hand_until_the_player_goes_on(
    page: OfflinePage, tmp_path: Path
) -> None:
    # T1: a Three Thirteen match is eleven hands; the first one's end stays on the page.
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_role("button", name="Three Thirteen against a bot").click()
    expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    play_until_over([tab], rng=random.Random("ending"))
    ending = tab.locator("#ending")
    expect(ending).to_be_visible(timeout=10_000)
    expect(ending.locator("h2")).to_contain_text("Hand 1 is over")
    rows = ending.locator("tbody tr")
    expect(rows).to_have_count(2)
    for seat in range(2):  # every hand shown, with its points
        expect(rows.nth(seat).locator("td.hand .card, td.melds .card").first).to_be_visible()
        expect(rows.nth(seat).locator("td.points")).to_have_text(re.compile(r"^-?\d+$"))
    save_artifact(tab, tmp_path, "table-ending.png")
    tab.get_by_role("button", name="Go on to the next hand").click()
    expect(ending).to_be_hidden()
    expect(tab.locator("#totals")).to_contain_text("Hand 2 of the match")
    if my_turn(tab):
        assert play_one(tab)
    page.assert_clean()


def test_a_gin_hand_is_played_by_tapping_the_stock_and_the_cards(
    page: OfflinePage, tmp_path: Path
) -> None:
    # G3, G4: draw by tapping the stock (or the pile), discard by tapping a card twice;
    # a knock and its melds from the moves the service lists.
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_role("button", name="Gin Rummy against a bot").click()
    expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    table, stock = tab.locator("#table"), tab.locator("#piles [data-pile=stock][role=button]")
    tapped = {"draw": 0, "discard": 0}
    for _ in range(200):
        expect(tab.locator("#status")).to_contain_text(
            re.compile("It is your turn|Game over"), timeout=30_000
        )
        if tab.locator("#ending").is_visible() or tab.locator("#status").inner_text().startswith(
            "Game over"
        ):
            break
        version = table.get_attribute("data-version") or ""
        if stock.count():
            stock.press("Enter")  # by keyboard: the stock is a button
            tapped["draw"] += 1
        elif tab.locator("#moves button.move", has_text=re.compile("^(Knock|Big gin)")).count():
            assert play_one(tab)
            continue
        else:
            cards = tab.locator("#hand button.pick")
            thrown = False
            for i in range(cards.count()):
                cards.nth(i).click()
                if tab.locator("#card-actions [data-action=discard]").count():
                    if not tapped["discard"]:
                        save_artifact(tab, tmp_path, "table-gin-selected.png")
                    cards.nth(i).click()  # tapped again: discarded
                    tapped["discard"] += 1
                    thrown = True
                    break
                cards.nth(i).click()  # no discard of it listed: let it go
            if not thrown:
                assert play_one(tab)
                continue
        expect(table).not_to_have_attribute("data-version", version, timeout=10_000)
    else:
        raise AssertionError("two hundred turns and the hand did not end")
    assert tapped["draw"] and tapped["discard"], tapped
    save_artifact(tab, tmp_path, "table-gin-hand-over.png")
    page.assert_clean()


HEADINGS = {"English": "Rummy table", "Bahasa Melayu": "Meja rummy", "简体中文": "拉米牌桌"}
LANGS = {"English": "en", "Bahasa Melayu": "ms", "简体中文": "zh-Hans"}


def test_the_table_in_each_language_at_a_desk_and_on_a_phone(
    page: OfflinePage, tmp_path: Path, axe: Path
) -> None:
    # The page's words from its catalogues, chosen with its switch; axe finds no serious
    # or critical violation on the lobby and a table in each, at 1280 px and at 360 px.
    tab = page.page
    tab.goto(f"{page.origin}/play")
    tab.get_by_role("button", name="Basic Rummy against a bot").click()
    expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    table_url = tab.url
    for words, heading in HEADINGS.items():
        tab.goto(f"{page.origin}/play")
        tab.locator("#language").select_option(label=words)
        expect(tab.locator("h1")).to_have_text(heading)
        expect(tab.locator("html")).to_have_attribute("lang", LANGS[words])
        for width, size in (("1280", {"width": 1280, "height": 900}), ("360", PHONE)):
            tab.set_viewport_size(size)
            tab.goto(f"{page.origin}/play")
            expect(tab.locator("h1")).to_have_text(heading)
            scan(tab, axe, f"the lobby in {words} at {width} px")
            tab.goto(table_url)
            expect(tab.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
            expect(tab.locator("#moves-heading")).not_to_have_text(
                "Your moves" if words != "English" else ""
            )
            scan(tab, axe, f"a table in {words} at {width} px")
            assert tab.evaluate("document.documentElement.scrollWidth") <= size["width"]
            save_artifact(tab, tmp_path, f"table-{LANGS[words]}-{width}.png")
    # The four-colour deck: clubs green, diamonds blue, on the switch at the top.
    tab.locator("#four-colour").check()
    clubs = tab.locator('#hand .card[data-card$="C"], #piles .card[data-card$="C"]')
    if clubs.count():
        expect(clubs.first).to_have_css("color", "rgb(26, 127, 55)")
    scan(tab, axe, "a table with the four-colour deck on a phone")
    save_artifact(tab, tmp_path, "table-four-colour-360.png")
    page.assert_clean()
