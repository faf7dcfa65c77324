"""Fixtures for the browser tests: one Chromium per test module, and a real server.

The tests need the system's Chromium (`apt-get install chromium`). Where it cannot be
found they are skipped with the reason, unless PENANG_RUMMY_REQUIRE_BROWSER=1 (CI,
where .ci/run installs it), which makes them fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from api.support import serve
from playwright.sync_api import Browser, sync_playwright

from .support import CHROMIUM_ARGS, OfflinePage, find_chromium, offline_page


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium (the system's), shared by the tests of one module."""
    executable = find_chromium()
    if executable is None:
        reason = "no Chromium: install Debian's `chromium` (or set PENANG_RUMMY_CHROMIUM)"
        if os.environ.get("PENANG_RUMMY_REQUIRE_BROWSER", "") == "1":
            pytest.fail(f"PENANG_RUMMY_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real `penang-rummy serve` process, shared by one module.

    Its bots think 100 ms a turn (a second is `serve`'s default, for people to follow):
    the tests play whole games against them.
    """
    settings = {"PENANG_RUMMY_BOT_THINK_MS": "100"}
    with serve(tmp_path_factory.mktemp("server"), settings=settings) as url:
        yield url


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[OfflinePage]:
    """A fresh offline page (its own browser context) that may reach only the server."""
    with offline_page(browser, server) as opened:
        yield opened
