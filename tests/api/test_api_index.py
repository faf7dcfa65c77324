"""`GET /`: a newcomer who opens the service's address finds the pages and the operations."""

from __future__ import annotations

import json
from pathlib import Path

from service import version

from .support import Api

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def test_the_index_points_to_the_docs_the_contract_and_every_operation(api: Api) -> None:
    answer = api.client.get("/")
    assert answer.status_code == 200
    index = answer.json()
    assert index["version"] == version()
    assert api.client.get(index["docs"]).status_code == 200
    assert api.client.get(index["openapi"]).json() == json.loads(CONTRACT.read_text("utf-8"))
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))["paths"]
    expected = sorted(
        (operation["operationId"], method.upper(), path, operation["summary"])
        for path, item in contract.items()
        for method, operation in item.items()
    )
    listed = sorted(
        (row["operation_id"], row["method"], row["path"], row["summary"])
        for row in index["operations"]
    )
    assert listed == expected
    assert ("getIndex", "GET", "/") in {row[:3] for row in listed}


def test_the_index_links_the_swagger_ui_the_replay_viewer_and_the_table(api: Api) -> None:
    index = api.client.get("/").json()
    swagger = api.client.get(index["swagger"])
    assert (index["swagger"], swagger.status_code) == ("/schema/swagger", 200)
    assert swagger.headers["content-type"].startswith("text/html")
    assert "swagger-ui-bundle.js" in swagger.text
    viewer = api.client.get(index["viewer"])
    assert (index["viewer"], viewer.status_code) == ("/viewer", 200)
    assert viewer.headers["content-type"].startswith("text/html")
    assert 'src="/viewer/viewer.js"' in viewer.text
    play = api.client.get(index["play"])
    assert (index["play"], play.status_code) == ("/play", 200)
    assert play.headers["content-type"].startswith("text/html")


def test_a_browser_is_answered_a_page_and_every_other_client_json(api: Api) -> None:
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    page = api.client.get("/", headers={"Accept": browser})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["vary"] == "Accept"
    assert '<a href="/play">' in page.text and "getMovesAfter" in page.text
    for accept in ("application/json", "*/*", None):
        headers = {"Accept": accept} if accept else {}
        answer = api.client.get("/", headers=headers)
        assert answer.headers["content-type"].startswith("application/json"), accept
        assert answer.json()["play"] == "/play"
