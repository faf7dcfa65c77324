"""`penang-rummy serve` as operators run it: forwarded addresses, access lines, metrics.

Each test serves a real process (uvicorn, as `serve` configures it): a forwarded header
is believed only from a trusted proxy (uvicorn's own reading, which trusts 127.0.0.1 by
default, is off), so a client cannot escape its rate limit by naming another address;
every request has one access line and no other (uvicorn's own are off), without
tokens or query secrets; the metrics are served to this machine, and a request that a
proxy forwarded is not taken for a local one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from patience import PATIENCE

from .live_support import served

#: One request a minute per address, one at once: the second is refused.
LIMITED = {
    "PENANG_RUMMY_RATE_LIMIT": "on",
    "PENANG_RUMMY_RATE_PER_ADDRESS": "1",
    "PENANG_RUMMY_RATE_BURST_SECONDS": "1",
}
SECRET = "ticket-5eCr3t-0123456789"
METRICS_TOKEN = "scrape-token-9b1e"


def _get(base: str, path: str = "/", **headers: str) -> httpx.Response:
    return httpx.get(base + path, headers=headers, timeout=10)


def test_without_a_trusted_proxy_a_forwarded_header_escapes_no_limit(tmp_path: Path) -> None:
    with served(LIMITED, tmp_path) as base:
        statuses = [
            _get(base, **{"X-Forwarded-For": f"203.0.113.{i}"}).status_code for i in range(5)
        ]
        statuses.append(_get(base, Forwarded="for=198.51.100.1").status_code)
    assert statuses == [200, 429, 429, 429, 429, 429]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_bucket(tmp_path: Path) -> None:
    env = {**LIMITED, "PENANG_RUMMY_TRUSTED_PROXIES": "127.0.0.1,::1"}
    with served(env, tmp_path) as base:

        def status(forwarded: str | None) -> int:
            headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
            return _get(base, **headers).status_code

        first_a, second_a, first_b = (
            status("203.0.113.1"),
            status("203.0.113.1"),
            status("203.0.113.2"),
        )
        # What a client writes itself stands left of what the proxy appended: not its address.
        spoofed = status("198.51.100.77, 203.0.113.1")
        proxy_itself = status(None)
        given = _get(base, **{"X-Forwarded-For": "203.0.113.3", "X-Request-Id": "edge-7"})
    assert (first_a, second_a, first_b) == (200, 429, 200)
    assert spoofed == 429
    assert proxy_itself == 200
    assert given.headers["x-request-id"] == "edge-7"


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A served process logging JSON at level info, with a metrics token, rate limits off."""
    directory = tmp_path_factory.mktemp("observed")
    output = directory / "serve.log"
    env = {
        "PENANG_RUMMY_RATE_LIMIT": "off",
        "PENANG_RUMMY_LOG_FORMAT": "json",
        "PENANG_RUMMY_METRICS_TOKEN": METRICS_TOKEN,
    }
    with served(env, directory, output) as base:
        yield base, output


def _lines(output: Path) -> list[dict[str, Any]]:
    text = output.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def _access_lines(output: Path, request_id: str) -> list[dict[str, Any]]:
    """The access lines of one request, once it has any (its line is written by a thread)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        found = [
            line
            for line in _lines(output)
            if line["logger"] == "service.access" and line.get("request_id") == request_id
        ]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_each_request_has_one_json_access_line_without_secrets(logged: tuple[str, Path]) -> None:
    base, output = logged
    created = httpx.post(base + "/games", json={"players": ["Ann", "Bo"]}, timeout=10).json()
    game_id, token = created["game_id"], created["tokens"][0]
    response = _get(
        base,
        f"/games/{game_id}/seats/0?version=1&ticket={SECRET}",
        Authorization=f"Bearer {token}",
        **{"X-Forwarded-For": "203.0.113.9"},
    )
    assert response.status_code == 200, response.text
    (line,) = _access_lines(output, response.headers["x-request-id"])
    assert line["level"] == "info" and line["operation"] == "getSeatView"
    assert (line["status"], line["game_id"], line["seat"]) == (200, game_id, 0)
    assert line["client"] == "127.0.0.1", "no proxy is trusted: the header is not believed"
    assert line["query"] == "version=1"
    text = output.read_text(encoding="utf-8")
    assert SECRET not in text and token not in text
    assert not [entry for entry in _lines(output) if entry["logger"] == "uvicorn.access"]
    path = f"/games/{game_id}/seats/0"
    assert len([entry for entry in text.splitlines() if path in entry]) == 1, "one line only"
    assert any(entry["logger"] == "uvicorn.error" for entry in _lines(output)), "uvicorn's too"


def test_metrics_are_served_to_this_machine_and_to_the_tokens_bearer(
    logged: tuple[str, Path],
) -> None:
    base, _ = logged
    local = _get(base, "/metrics")
    assert local.status_code == 200
    assert local.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert 'penang_rummy_http_requests_total{operation="getReady"' in local.text
    # Forwarded by a proxy on this machine that is not trusted: not a local scraper.
    forwarded = _get(base, "/metrics", **{"X-Forwarded-For": "203.0.113.9"})
    assert forwarded.status_code == 401, forwarded.text
    assert forwarded.json()["code"] == "missing-token"
    bearer = _get(
        base,
        "/metrics",
        Authorization=f"Bearer {METRICS_TOKEN}",
        **{"X-Forwarded-For": "203.0.113.9"},
    )
    assert bearer.status_code == 200
