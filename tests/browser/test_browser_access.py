"""The pages for every person: axe-core finds no serious or critical violation, a phone's
360 px and the keyboard alone serve, the page weight stays in its budget, and a
spectator's page never holds a hidden card (its DOM, every response, every stream message).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .axe_tools import NodeToolsUnavailable, axe_script
from .play_support import claim_from_link, open_table, play_next
from .support import OfflinePage, json_of, offline_page, save_artifact

#: The page weight budget of a seat's table, first load, uncompressed bytes: the page's own
#: files (HTML, CSS, ES modules), and everything with the API's answers. The files grew
#: from 64,000 for a turn chosen action by action (getMovesAfter), the cards, piles and
#: melds handled by tap and key, the end of each hand shown, the message catalogues of
#: three languages, and the hand's card faces drawn as SVG (issue 31): 74,000.
FILES_BUDGET = 74_000
TOTAL_BUDGET = 120_000
#: The goal for drawing a running game's table on loopback (first load): a figure, printed.
FIRST_RENDER_BUDGET_MS = 2_000
PHONE = {"width": 360, "height": 780}
#: Wraps EventSource so that every message the page receives is kept for the scan.
KEEP_STREAM = """(() => {
  window.__messages = [];
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(...args) {
      super(...args);
      const add = this.addEventListener.bind(this);
      this.addEventListener = (type, listener, options) => add(type, (message) => {
        window.__messages.push(message.data);
        listener(message);
      }, options);
    }
  };
})();"""


@pytest.fixture(scope="module")
def axe() -> Path:
    try:
        return axe_script()
    except NodeToolsUnavailable as failure:
        if os.environ.get("PENANG_RUMMY_REQUIRE_AXE", "") == "1":
            pytest.fail(f"PENANG_RUMMY_REQUIRE_AXE=1 but {failure}")
        pytest.skip(str(failure))


@pytest.fixture
def second(browser: Browser, server: str) -> Iterator[OfflinePage]:
    with offline_page(browser, server) as opened:
        yield opened


def scan(page: Page, axe: Path, where: str) -> None:
    """axe-core over the page as it stands: no serious or critical violation."""
    page.add_script_tag(path=str(axe))
    found: list[dict[str, Any]] = page.evaluate("async () => (await axe.run()).violations")
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"{where}: {bad}"


def seated_pair(aminah: Page, ben: Page, origin: str, game: str = "penang") -> None:
    open_table(aminah, origin, "Aminah", game)
    claim_from_link(ben, aminah.get_by_label("Seat 1:").input_value(), "Ben")
    expect(aminah.locator("#hand button.pick").first).to_be_visible(timeout=10_000)


def test_no_serious_violation_on_any_page_on_a_desk_or_a_phone(
    page: OfflinePage, second: OfflinePage, axe: Path, tmp_path: Path
) -> None:
    aminah, ben = page.page, second.page
    aminah.goto(f"{page.origin}/play")
    expect(aminah.locator("#lobby")).to_be_visible()
    scan(aminah, axe, "lobby")
    aminah.set_viewport_size(PHONE)
    save_artifact(aminah, tmp_path, "phone-lobby.png")
    scan(aminah, axe, "lobby on a phone")

    seated_pair(aminah, ben, page.origin, "rummy")
    scan(aminah, axe, "a seat's table on a phone")
    save_artifact(aminah, tmp_path, "phone-table.png")
    assert aminah.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    scan(ben, axe, "a seat's table")

    game_id = aminah.locator("#table").get_attribute("data-game")
    aminah.goto(f"{page.origin}/viewer?game={game_id}")
    expect(aminah.locator("#game")).to_be_visible()
    scan(aminah, axe, "the viewer on a phone")
    save_artifact(aminah, tmp_path, "phone-viewer.png")
    page.assert_clean()


def test_a_table_opens_and_plays_by_keyboard_alone(
    page: OfflinePage, second: OfflinePage, tmp_path: Path
) -> None:
    aminah, ben = page.page, second.page
    aminah.goto(f"{page.origin}/play")
    aminah.get_by_label("Seat 0: you, named").focus()
    aminah.keyboard.type("Aminah")
    aminah.keyboard.press("Enter")  # submits the lobby's form
    expect(aminah.locator("#table")).to_be_visible()
    claim_from_link(ben, aminah.get_by_label("Seat 1:").input_value(), "Ben")
    player = aminah
    expect(aminah.locator("#hand button.pick").first).to_be_visible(timeout=10_000)
    if "It is your turn." not in aminah.locator("#status").inner_text():
        player = ben
    expect(player.locator("#status")).to_contain_text("It is your turn.", timeout=10_000)
    before = player.locator("#table").get_attribute("data-version")
    for _ in range(60):  # Tab to the first listed move, then Enter
        player.keyboard.press("Tab")
        if player.evaluate("document.activeElement.classList.contains('move')"):
            break
    player.keyboard.press("Enter")
    # The move joins the turn being chosen (P11) and the focus moves to its send button.
    expect(player.locator("#send-turn")).to_be_focused()
    player.keyboard.press("Enter")
    expect(player.locator("#table")).not_to_have_attribute("data-version", before or "")
    save_artifact(player, tmp_path, "keyboard-played.png")


def test_page_weight_stays_in_budget_and_first_render_is_measured(
    page: OfflinePage, second: OfflinePage, tmp_path: Path
) -> None:
    aminah, ben = page.page, second.page
    seated_pair(aminah, ben, page.origin)
    assert play_next([aminah, ben]), "no page showed its turn"
    url = aminah.url
    fresh = ben.context.browser.new_context() if ben.context.browser else None
    assert fresh is not None
    storage = aminah.evaluate("localStorage.getItem('penang-rummy-tables')")
    tab = fresh.new_page()
    tab.goto(f"{page.origin}/play/games.json")
    tab.evaluate("(s) => localStorage.setItem('penang-rummy-tables', s)", storage)
    started = time.monotonic()
    tab.goto(url)
    expect(tab.locator("#table[data-version]")).to_be_visible()
    wall_ms = (time.monotonic() - started) * 1000
    measured = tab.evaluate(
        """() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const all = [nav, ...performance.getEntriesByType('resource')];
          const files = all.filter((e) => /\\/(play|viewer)\\//.test(new URL(e.name).pathname)
            && !/\\.json$/.test(e.name) || e === nav);
          const size = (list) => list.reduce((n, e) => n + (e.decodedBodySize || 0), 0);
          return {files: size(files), total: size(all), requests: all.length,
                  render_ms: performance.now() - nav.startTime};
        }"""
    )
    fresh.close()
    measured["wall_ms"] = round(wall_ms)
    (tmp_path / "weight.json").write_text(json.dumps(measured))
    artifacts = os.environ.get("PENANG_RUMMY_ARTIFACTS")
    if artifacts:
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        (Path(artifacts) / "page-weight.json").write_text(json.dumps(measured, indent=1))
    # The bytes are the page's own and are checked; the time is the machine's, so it is a
    # figure against its goal, never a failure (a loaded CI machine is no slower page).
    verdict = "met" if measured["render_ms"] <= FIRST_RENDER_BUDGET_MS else "not met"
    print(
        f"page weight and first render: {measured}; first render goal "
        f"{FIRST_RENDER_BUDGET_MS} ms: {verdict}"
    )
    assert measured["files"] <= FILES_BUDGET, measured
    assert measured["total"] <= TOTAL_BUDGET, measured


def _shows(key: str, item: Any, holder: dict[str, Any]) -> bool:
    """Whether `holder[key]` shows cards of a hand, the stock or the undealt cards."""
    if key in ("hand", "stock", "undealt"):  # a HandDealt's `hand` is its number
        return isinstance(item, list) and bool(item)
    if key == "hands":
        return isinstance(item, list) and any(h is not None for h in item)
    drawn = holder.get("type") == "Drew" and holder.get("source") == "stock"
    return key == "card" and drawn and item is not None


def hidden_cards(value: Any, path: str = "") -> list[str]:
    """Where a JSON value shows a card a spectator of a running game may not see."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}"
            if _shows(key, item, value):
                found.append(where)
            else:
                found += hidden_cards(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += hidden_cards(item, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("game", ["penang", "rummy"])
def test_a_spectator_page_never_holds_a_hidden_card(
    page: OfflinePage, second: OfflinePage, browser: Browser, tmp_path: Path, game: str
) -> None:
    aminah, ben = page.page, second.page
    seated_pair(aminah, ben, page.origin, game)
    game_id = aminah.locator("#table").get_attribute("data-game")
    with offline_page(browser, page.origin) as watcher:
        tab = watcher.page
        tab.add_init_script(KEEP_STREAM)
        bodies: list[tuple[str, Any]] = []

        def keep(response: Any) -> None:
            if "json" in (response.headers.get("content-type") or ""):
                bodies.append((response.url, response.json()))

        tab.on("response", keep)
        tab.goto(f"{page.origin}/viewer?game={game_id}")
        expect(tab.locator("#live")).to_be_visible()
        for _ in range(4):  # moves arrive on the watcher's stream while it watches
            assert play_next([aminah, ben]), "no page showed its turn"
        with httpx.Client(base_url=page.origin) as api:
            latest = json_of(api.get(f"/games/{game_id}"))["version"]
            assert not json_of(api.get(f"/games/{game_id}"))["over"]
        expect(tab.locator("#game")).to_have_attribute("data-version", str(latest))
        save_artifact(tab, tmp_path, f"spectator-{game}.png")
        messages = [json.loads(m) for m in tab.evaluate("window.__messages")]
        assert messages, "the watcher received its stream"
        for where, body in [*bodies, *(("stream", m) for m in messages)]:
            assert hidden_cards(body) == [], where
        shown = tab.evaluate(
            "[...document.querySelectorAll('#seats .hand')].map((c) => c.textContent.trim())"
        )
        assert shown == ["hidden", "hidden"]
        assert tab.locator("#seats .hand [data-card]").count() == 0
        watcher.assert_clean()
