"""The API docs under /schema render with no network: every asset is served by the app.

Each HTML page the docs router serves is loaded in headless Chromium with every
request to another host aborted; it must list every operation of the contract.
Without a browser, a second test reads each page's HTML and checks that every file it
names is the app's own and answers 200.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from litestar.enums import MediaType
from litestar.testing import TestClient
from playwright.sync_api import expect

from service.app import create_app
from service.settings import Settings

from .support import ROOT, OfflinePage

CONTRACT = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
OPERATIONS = sorted(
    (method.upper(), path)
    for path, item in CONTRACT["paths"].items()
    for method in item
    if method in {"get", "post", "put", "patch", "delete"}
)
APP = create_app(Settings(sqlite_path=":memory:"))
PLUGINS = APP.openapi_config.render_plugins if APP.openapi_config else ()
#: Every HTML docs page: /schema (the default plugin) and each plugin's own paths.
DOCS_PAGES = sorted(
    {"/schema"}
    | {
        "/schema" + path.rstrip("/")
        for plugin in PLUGINS
        if plugin.media_type == MediaType.HTML
        for path in plugin.paths
    }
)
ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")


def test_the_docs_are_swagger_ui_at_schema_and_the_cdn_pages_are_gone(tmp_path: Path) -> None:
    assert DOCS_PAGES == ["/schema", "/schema/swagger"]
    with TestClient(create_app(Settings(sqlite_path=str(tmp_path / "g.sqlite")))) as client:
        for dropped in ("redoc", "elements", "rapidoc", "scalar"):
            assert client.get(f"/schema/{dropped}").status_code == 404


@pytest.mark.parametrize("path", DOCS_PAGES)
def test_every_file_a_docs_page_names_is_served_by_the_app(path: str, tmp_path: Path) -> None:
    with TestClient(create_app(Settings(sqlite_path=str(tmp_path / "g.sqlite")))) as client:
        html = client.get(path).text
        assets = ASSET.findall(html)
        assert assets, html[:500]
        for asset in assets:
            assert asset.startswith("/") and not asset.startswith("//"), asset
            assert client.get(asset).status_code == 200, asset


@pytest.mark.parametrize("path", DOCS_PAGES)
def test_docs_page_lists_every_operation_offline(page: OfflinePage, server: str, path: str) -> None:
    page.page.goto(server + path)
    blocks = page.page.locator(".opblock")
    expect(blocks).to_have_count(len(OPERATIONS), timeout=20_000)
    shown = sorted(
        zip(
            page.page.locator(".opblock-summary-method").all_inner_texts(),
            page.page.locator(".opblock-summary-path").evaluate_all(
                "nodes => nodes.map(node => node.dataset.path)"
            ),
            strict=True,
        )
    )
    assert shown == OPERATIONS
    expect(page.page.locator(".info .title")).to_contain_text(CONTRACT["info"]["title"])
    page.assert_clean()
