"""`penang-rummy serve` as operators run it: forwarded addresses.

Each test serves a real process (uvicorn, as `serve` configures it): a forwarded header
is believed only from a trusted proxy (uvicorn's own reading, which trusts 127.0.0.1 by
default, is off), so a client cannot escape its rate limit by naming another address.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from .live_support import served

#: One request a minute per address, one at once: the second is refused.
LIMITED = {
    "PENANG_RUMMY_RATE_LIMIT": "on",
    "PENANG_RUMMY_RATE_PER_ADDRESS": "1",
    "PENANG_RUMMY_RATE_BURST_SECONDS": "1",
}


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
