"""A page of another site in Chromium: it plays across origins and follows its seat's stream.

The page (`cross_origin/`, plain files) is served by a second small HTTP server on its
own port, so it is of another origin than the service (a `penang-rummy serve` process
whose PENANG_RUMMY_CORS_ORIGINS allows `http://localhost:<port>`). From there it creates
a game, plays the first turn its seat's legal moves list (preflights for
`Content-Type`, `Authorization`, `If-Match` and `Idempotency-Key` answered), reads the
exposed `ETag` and `RateLimit`, and follows its own seat live with an EventSource
opened with a stream ticket. The same page from `http://127.0.0.1:<port>`, an origin the
service does not allow, fails as a browser shows it: the request is blocked by the CORS
policy and the page's script sees only a failed fetch.

Chromium reaches only the two servers (every request the page makes is recorded and
checked); requests are not intercepted, so the preflights are Chromium's own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from api.support import serve
from playwright.sync_api import Browser, Page, expect

from .support import save_artifact

PAGES = Path(__file__).parent / "cross_origin"
Json = dict[str, Any]


class _Pages(SimpleHTTPRequestHandler):
    """The page's files, with nothing written to the test's output."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def page_server() -> Iterator[int]:
    """The other site: `cross_origin/` served on a free loopback port (yielded)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Pages, directory=str(PAGES)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """The allowed page origin, an origin not allowed (the same files), and the service."""
    with page_server() as port:
        allowed, other = f"http://localhost:{port}", f"http://127.0.0.1:{port}"
        settings = {
            "PENANG_RUMMY_CORS_ORIGINS": allowed,
            "PENANG_RUMMY_RATE_LIMIT": "on",
            "PENANG_RUMMY_RATE_PER_ADDRESS": "100000",
            "PENANG_RUMMY_RATE_PER_TOKEN": "100000",
        }
        with serve(tmp_path_factory.mktemp("cross-origin"), settings=settings) as api:
            yield allowed, other, api


class Visit:
    """A page in its own browser context, with every request it made and its console."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requests: list[str] = []
        self.console: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: self.console.append(message.text))

    def origins(self) -> set[str]:
        return {f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" for url in self.requests}


@contextmanager
def visit(browser: Browser, width: int = 1000) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        yield Visit(context.new_page())
    finally:
        context.close()


def test_a_page_of_an_allowed_origin_plays_a_turn_and_follows_its_seat_live(
    browser: Browser, sites: tuple[str, str, str], tmp_path: Path
) -> None:
    allowed, _, api = sites
    with visit(browser) as seen:
        seen.page.goto(f"{allowed}/index.html?api={api}")
        expect(seen.page.locator("body")).to_have_attribute("data-state", "done", timeout=30_000)
        results: Json = seen.page.evaluate("window.results")
        save_artifact(seen.page, tmp_path, "cross-origin-allowed.png")
        assert seen.origins() == {allowed, api}, seen.requests
    seat, played = results["seat"], results["played"]
    # The ticket opened the seat's own stream: its hand, and nobody else's (P5).
    (dealt,) = [event for event in results["events"] if event["type"] == "Dealt"]
    hands = dealt["event"]["hands"]
    assert hands[seat] and all(hand is None for i, hand in enumerate(hands) if i != seat)
    streamed = [
        message["event"]
        for message in results["events"]
        if message["type"] != "turn" and message["version"] > 1
    ]
    assert streamed == [record["event"] for record in played["events"]]
    # The exposed headers were read by the page's script.
    assert results["read"]["ETag"] == '"1"'
    assert results["read"]["RateLimit"].startswith('"address";r=')
    view = httpx.get(f"{api}/games/{results['game']['game_id']}").json()
    assert view["version"] == played["version"] and view["turn"] != seat


def test_the_page_reads_on_a_phone_width(
    browser: Browser, sites: tuple[str, str, str], tmp_path: Path
) -> None:
    allowed, _, api = sites
    with visit(browser, width=390) as seen:
        seen.page.goto(f"{allowed}/index.html?api={api}")
        expect(seen.page.locator("body")).to_have_attribute("data-state", "done", timeout=30_000)
        width = seen.page.evaluate("document.documentElement.scrollWidth")
        save_artifact(seen.page, tmp_path, "cross-origin-allowed-phone.png")
    assert width <= 390


def test_the_same_page_on_an_origin_not_allowed_is_blocked_by_the_browser(
    browser: Browser, sites: tuple[str, str, str], tmp_path: Path
) -> None:
    _, other, api = sites
    with visit(browser) as seen:
        seen.page.goto(f"{other}/index.html?api={api}")
        expect(seen.page.locator("body")).to_have_attribute("data-state", "failed", timeout=30_000)
        results: Json = seen.page.evaluate("window.results")
        expect(seen.page.locator("#verdict")).to_contain_text("The browser refused")
        save_artifact(seen.page, tmp_path, "cross-origin-refused.png")
    assert "Failed to fetch" in results["error"]
    blocked = [line for line in seen.console if "blocked by CORS policy" in line]
    assert blocked and f"from origin '{other}'" in blocked[0], seen.console
