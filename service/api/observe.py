"""Every request, as it enters: its client and its id.

`Observer` wraps the whole app, outside Litestar's router, so that it sees every
request, those the router refuses (404, 405) included, before anything else runs:

- the client's address: behind trusted proxies, the forwarded one
  (`service.api.forwarded`), written into the scope as ASGI servers do, so that the
  rate limits and the streams' limits see the same client; the connection's peer is
  kept beside it (`PEER`);
- the request id: a trusted proxy's `X-Request-Id`, or a new one, sent back as
  `X-Request-Id` on the answer.

Nothing here takes a lock or a thread of its own.
"""

from __future__ import annotations

import os
import re
from typing import Final

from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPScope, Message, Receive, Scope, Send

from service.api.forwarded import Proxies

#: Where the connection's own peer is kept in the scope's state (the client may differ).
PEER: Final = "penang_rummy.peer"
REQUEST_ID_HEADER: Final = b"x-request-id"
#: A request id a trusted proxy may give: short, and safe in a header and a log line.
_GIVEN_ID = re.compile(rb"^[A-Za-z0-9._~:/+=@-]{1,128}$")


def new_request_id() -> str:
    return os.urandom(8).hex()


class Observer:
    """The app as seen from outside (module doc)."""

    def __init__(self, app: ASGIApp, proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        request_id = self._arrived(scope)
        echoed = (REQUEST_ID_HEADER, request_id.encode("ascii"))

        async def answer(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), echoed]
            await send(message)

        await self.app(scope, receive, answer)

    def _arrived(self, scope: HTTPScope) -> str:
        """The request's id; the client's address set in the scope (module doc)."""
        client = scope.get("client")
        peer = client[0] if client else "unknown"
        scope["state"][PEER] = peer
        if not self.proxies or not self.proxies.trusts(peer):
            return new_request_id()
        address = self.proxies.client(peer, scope["headers"])
        if address != peer:
            scope["client"] = (address, 0)
        for name, value in scope["headers"]:
            if name == REQUEST_ID_HEADER and _GIVEN_ID.match(value):
                return value.decode("ascii")
        return new_request_id()
