"""Helpers for the browser tests: the system Chromium and offline pages.

Chromium is the system's (Debian's `chromium`), driven by Playwright; Playwright's own
browser download is never used. The server is a real `penang-rummy serve` process on a
free port over a temporary SQLite file (`api.support.serve`). Pages are opened offline:
every request to a host other than the server's is aborted and recorded, so a page that
needs the internet shows it in `OfflinePage.blocked` (and fails to render).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Browser, Page, Request, Response, Route

ROOT = Path(__file__).resolve().parents[2]
#: Flags for a headless run in a container, with nothing reaching out on its own.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The system Chromium: PENANG_RUMMY_CHROMIUM, or `chromium` / `chromium-browser` on PATH."""
    named = os.environ.get("PENANG_RUMMY_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class OfflinePage:
    """A page that may reach only `origin`: every other request is aborted and recorded."""

    page: Page
    origin: str
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def guard(self, route: Route, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob") or f"{parts.scheme}://{parts.netloc}" == self.origin:
            route.continue_()
        else:
            self.blocked.append(request.url)
            route.abort("internetdisconnected")

    def note(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def assert_clean(self) -> None:
        """Nothing reached out, nothing of the app failed, no script error."""
        assert self.blocked == [], f"requests to other hosts: {self.blocked}"
        assert self.failed == [], f"failed requests: {self.failed}"
        assert self.errors == [], f"script errors: {self.errors}"


@contextmanager
def offline_page(browser: Browser, origin: str) -> Iterator[OfflinePage]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    offline = OfflinePage(page, origin)
    context.route("**/*", offline.guard)
    page.on("pageerror", lambda error: offline.errors.append(str(error)))
    page.on("response", offline.note)
    try:
        yield offline
    finally:
        context.close()


def save_artifact(page: Page, directory: Path, name: str) -> Path:
    """A screenshot in `directory`, and in PENANG_RUMMY_ARTIFACTS when that is set."""
    path = directory / name
    page.screenshot(path=str(path), full_page=True)
    artifacts = os.environ.get("PENANG_RUMMY_ARTIFACTS")
    if artifacts:
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path(artifacts) / name)
    return path


def json_of(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()
