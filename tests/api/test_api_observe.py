"""Every request's client and id (`service.api.observe`).

The client is the forwarded one only behind a trusted proxy; the request id is a
trusted proxy's or a new one, echoed back.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from service.api.forwarded import Proxies
from service.api.observe import PEER, Observer

from .support import Api


def _call(observer: Observer, peer: str, headers: list[tuple[bytes, bytes]]) -> tuple[Any, Any]:
    """One request through `observer` to an app that answers 204; the scope the app saw
    and the answer's start message."""
    seen: dict[str, Any] = {}
    sent: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.update(scope)
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    observer.app = app
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "query_string": b"",
        "headers": headers,
        "client": (peer, 4711),
        "state": {},
    }
    asyncio.run(observer(scope, receive, send))  # type: ignore[arg-type]
    return seen, sent[0]


def _echoed(start: Any) -> str:
    ids = [value.decode() for name, value in start["headers"] if name == b"x-request-id"]
    assert len(ids) == 1
    return str(ids[0])


def _observer(*trusted: str) -> Observer:
    return Observer(lambda *_: None, Proxies(trusted, "x-forwarded-for"))  # type: ignore[arg-type, return-value]


def test_without_trusted_proxies_the_peer_is_the_client_and_its_request_id_is_new() -> None:
    headers = [(b"x-forwarded-for", b"203.0.113.7"), (b"x-request-id", b"chosen-by-client")]
    seen, start = _call(_observer(), "127.0.0.1", headers)
    assert seen["client"] == ("127.0.0.1", 4711)
    assert seen["state"][PEER] == "127.0.0.1"
    assert _echoed(start) != "chosen-by-client"
    _, again = _call(_observer(), "127.0.0.1", headers)
    assert _echoed(again) != _echoed(start), "each request has its own id"


def test_behind_a_trusted_proxy_the_client_and_the_request_id_are_the_proxys() -> None:
    headers = [(b"x-forwarded-for", b"198.51.100.9, 203.0.113.7"), (b"x-request-id", b"edge-42")]
    seen, start = _call(_observer("127.0.0.1"), "127.0.0.1", headers)
    assert seen["client"] == ("203.0.113.7", 0)
    assert seen["state"][PEER] == "127.0.0.1"
    assert _echoed(start) == "edge-42"


@pytest.mark.parametrize("given", [b"", b"has space", b"x" * 129, b'quote"d'])
def test_a_request_id_unfit_for_a_header_or_a_line_is_replaced(given: bytes) -> None:
    _, start = _call(_observer("127.0.0.1"), "127.0.0.1", [(b"x-request-id", given)])
    assert _echoed(start).encode() != given
    assert len(_echoed(start)) == 16


def test_an_answer_carries_its_request_id_also_when_refused(api: Api) -> None:
    refused = api.client.get("/games/00000000-0000-4000-8000-000000000000")
    assert refused.status_code == 404
    assert len(refused.headers["x-request-id"]) == 16
