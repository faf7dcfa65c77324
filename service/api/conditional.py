"""Conditional reads and caches, for every operation at once: one middleware.

- `If-None-Match` on a read (GET) whose answer carries an ETag: when one of the tags it
  names matches (weak comparison, RFC 9110 §13.1.2: `W/"7"` matches `"7"`; a list
  matches when any tag does; `*` matches any answer), the answer is 304 Not Modified,
  with its headers (ETag, Vary, …) but no body. The handler runs as always (the ETag
  is the answer's own), so a 304 says exactly that the body would be the same.
- `Vary: Authorization` on the answers of every operation that reads a bearer token
  (its security names a token scheme): what they say depends on whose token it is,
  so no shared cache may hand one seat's answer to another.

A handler needs nothing of its own: the contract documents `If-None-Match` and the
304 answer on every read with an ETag (`service.api.openapi`).
"""

from __future__ import annotations

import re
from typing import Any

from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

#: One entity tag of an If-None-Match list, its opaque part captured.
_TAG = re.compile(r'\s*(?:W/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)')
#: Headers that describe a body: a 304 has none.
_BODY_HEADERS = {b"content-length", b"content-type", b"content-encoding", b"transfer-encoding"}


def requested_tags(header: str | None) -> frozenset[str] | None:
    """The opaque tags If-None-Match names (`*` as itself); None when absent or unreadable."""
    if header is None:
        return None
    text = header.strip()
    if text == "*":
        return frozenset({"*"})
    tags = []
    position = 0
    while position < len(text):
        found = _TAG.match(text, position)
        if found is None:
            return None
        tags.append(found.group(1))
        position = found.end()
    return frozenset(tags) or None


def matches(requested: frozenset[str], etag: str | None) -> bool:
    """Whether an answer tagged `etag` matches If-None-Match (weak comparison)."""
    if etag is None:
        return False
    if "*" in requested:
        return True
    opaque = etag.strip().removeprefix("W/").strip('"')
    return opaque in requested


def reads_a_token(handler: Any) -> bool:
    """Whether the operation's security names a token scheme (its answer depends on it)."""
    if not isinstance(handler, HTTPRouteHandler):
        return False
    return any(requirement for requirement in handler.resolve_security())


class ConditionalRequests(ASGIMiddleware):
    """304 for a matching If-None-Match on a read; `Vary: Authorization` (module doc)."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        requested = None
        if scope["type"] == ScopeType.HTTP and scope["method"] == "GET":
            requested = requested_tags(_header(scope, b"if-none-match"))
        vary = reads_a_token(scope.get("route_handler"))
        if requested is None and not vary:
            await next_app(scope, receive, send)
            return
        if requested is None:
            await next_app(scope, receive, _varying(send))
            return
        unmodified = False

        async def sending(message: Message) -> None:
            nonlocal unmodified
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if vary:
                    headers = vary_authorization(headers)
                etag = _value(headers, b"etag")
                if requested is not None and message["status"] == 200 and matches(requested, etag):
                    unmodified = True
                    headers = [(k, v) for k, v in headers if k.lower() not in _BODY_HEADERS]
                    message = {**message, "status": 304}
                await send({**message, "headers": headers})
            elif not unmodified:
                await send(message)
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        await next_app(scope, receive, sending)


def _varying(send: Send) -> Send:
    """`send` with `Vary: Authorization` on the response's start (an answer that depends
    on the token, with no If-None-Match to answer)."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": vary_authorization(list(message.get("headers", [])))}
        await send(message)

    return sending


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _value(headers: list[tuple[bytes, bytes]], name: bytes) -> str | None:
    return next((v.decode("latin-1") for k, v in headers if k.lower() == name), None)


def vary_authorization(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """`headers` whose Vary names Authorization (added to what it names already)."""
    present = _value(headers, b"vary")
    if present is not None and "authorization" in present.lower():
        return headers
    kept = [(k, v) for k, v in headers if k.lower() != b"vary"]
    vary = "Authorization" if present is None else f"{present}, Authorization"
    return [*kept, (b"vary", vary.encode("latin-1"))]
