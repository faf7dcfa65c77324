"""Every request, as it enters and as it is answered: its client, its id, its figures, its line.

`Observer` wraps the whole app, outside Litestar's router, so that it sees every
request, those the router refuses (404, 405) included, before anything else runs:

- the client's address: behind trusted proxies, the forwarded one
  (`service.api.forwarded`), written into the scope as ASGI servers do, so that the
  rate limits, the streams' limits and the logs all see the same client; the
  connection's peer is kept beside it (`PEER`);
- the request id: a trusted proxy's `X-Request-Id`, or a new one, sent back as
  `X-Request-Id` on the answer and set for every record logged meanwhile
  (`service.logs.REQUEST_ID`);
- when the answer is sent: its count and latency by operation id and status
  (`service.metrics`) and one access line (`service.logs.ACCESS_LOGGER`, level info).

The line names the operation, the status, the duration, the client, the game, match
and seat of the path, and only the query parameters known to be safe: never a header
(a bearer token), never another parameter (a stream ticket). It costs nothing when
its level is off. Nothing here takes a lock or a thread of its own.

A request that outlasts a stop's bound (`PENANG_RUMMY_SHUTDOWN_SECONDS`) is cut: uvicorn
cancels its task, the one time it cancels a request. That is expected, not a fault: it
is one warning line (`SHUTDOWN_LOGGER`: method, path, request id), counted
(`penang_rummy_http_requests_cut_total`), and answered 503 `service-stopping` where no
answer had begun. Where one had, the connection can only be closed: the cancellation
goes on to uvicorn, marked (`CUT_NOTE`) so that `StopLines`, on uvicorn's logger, drops
its own error line and traceback about it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from typing import Any, Final
from urllib.parse import parse_qsl

import msgspec
from litestar.enums import ScopeType
from litestar.types import (
    ASGIApp,
    HTTPResponseStartEvent,
    HTTPScope,
    Message,
    Receive,
    Scope,
    Send,
)

from service.api.forwarded import Proxies
from service.api.problems import PROBLEM_MEDIA_TYPE, to_problem
from service.errors import ServiceStopping
from service.logs import ACCESS_LOGGER, REQUEST_ID
from service.metrics import Metrics

#: Where the connection's own peer is kept in the scope's state (the client may differ).
PEER: Final = "penang_rummy.peer"
REQUEST_ID_HEADER: Final = b"x-request-id"
#: A request id a trusted proxy may give: short, and safe in a header and a log line.
_GIVEN_ID = re.compile(rb"^[A-Za-z0-9._~:/+=@-]{1,128}$")
#: The query parameters an access line shows, each with the values it may show.
_SAFE_QUERY: Final = {
    "version": re.compile(r"^[0-9]{1,10}$"),
    "since": re.compile(r"^[0-9]{1,10}$"),
    "last_event_id": re.compile(r"^[0-9]{1,10}$"),
    "format": re.compile(r"^(?:json|ndjson)$"),
}
_PATH_IDS: Final = ("game_id", "match_id", "seat")
#: The longest path an access line shows (the rest is cut).
MAX_PATH: Final = 300
#: The logger of the requests a stop cut.
SHUTDOWN_LOGGER: Final = "service.shutdown"
#: The note on the cancellation of a cut request whose answer had begun (module doc).
CUT_NOTE: Final = "penang-rummy: a request cut by the stop, logged as a warning"


def new_request_id() -> str:
    """Sixteen hex digits from the `random` module's generator: an id to follow a
    request by, which no one needs to be unguessable. `os.urandom` is a system call
    that lets go of the GIL, and under turn load the event loop's thread then waited
    to take it back from the store's writing thread on every request. The module's
    generator is seeded from the system's randomness, and seeded again in a forked
    child, so two processes do not give the same ids."""
    return f"{random.getrandbits(64):016x}"


def operation(scope: HTTPScope) -> str:
    """The operation id of the route the request reached; Litestar's own routes (OPTIONS,
    the docs) by method and route template; `unmatched` where no route was found."""
    handler = scope.get("route_handler")
    if handler is None:
        return "unmatched"
    named = getattr(handler, "operation_id", None)
    if isinstance(named, str):
        return named
    return f"{scope['method']} {scope.get('path_template', '')}"


class Observer:
    """The app as seen from outside (module doc)."""

    def __init__(
        self, app: ASGIApp, proxies: Proxies, metrics: Metrics | None, access_log: bool
    ) -> None:
        self.app = app
        self.proxies = proxies
        self.metrics = metrics
        self.access_log = access_log
        self._log = logging.getLogger(ACCESS_LOGGER)
        self._stop_log = logging.getLogger(SHUTDOWN_LOGGER)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = self._arrived(scope)
        echoed = (REQUEST_ID_HEADER, request_id.encode("ascii"))
        status: int | None = None

        async def answer(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), echoed]
            await send(message)

        token = REQUEST_ID.set(request_id)
        try:
            await self.app(scope, receive, answer)
        except asyncio.CancelledError as cut:
            self._cut(scope, request_id)
            if status is not None:
                cut.add_note(CUT_NOTE)
                raise
            # The task was asked to end, and ends here, once its client knows.
            await _stopping(answer)
        finally:
            REQUEST_ID.reset(token)
            seconds = time.perf_counter() - started
            name = operation(scope)
            if self.metrics is not None:
                self.metrics.request(name, status, seconds)
            if self.access_log and self._log.isEnabledFor(logging.INFO):
                self._line(scope, request_id, name, status, seconds)

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

    def _cut(self, scope: HTTPScope, request_id: str) -> None:
        name = operation(scope)
        if self.metrics is not None:
            self.metrics.request_cut(name)
        method, path = scope["method"], scope["path"][:MAX_PATH]
        fields = {"request_id": request_id, "method": method, "path": path, "operation": name}
        self._stop_log.warning(
            f'request cut by the stop before its answer: "{method} {path}" outlasted '
            "PENANG_RUMMY_SHUTDOWN_SECONDS",
            extra={"access": fields},
        )

    def _line(
        self, scope: HTTPScope, request_id: str, name: str, status: int | None, seconds: float
    ) -> None:
        client = scope.get("client")
        address = client[0] if client else "unknown"
        path = scope["path"][:MAX_PATH]
        query = _safe_query(scope.get("query_string", b""))
        fields: dict[str, Any] = {
            "request_id": request_id,
            "method": scope["method"],
            "path": path,
            "operation": name,
            "status": status,
            "duration_ms": round(seconds * 1000, 3),
            "client": address,
        }
        if query:
            fields["query"] = query
        peer = scope["state"].get(PEER)
        if peer is not None and peer != address:
            fields["proxy"] = peer
        params = scope.get("path_params") or {}
        fields.update((key, params[key]) for key in _PATH_IDS if key in params)
        shown = f"{path}?{query}" if query else path
        answered = "-" if status is None else status
        # Made text here: no argument is left to format later (the line's `%`s are its own).
        message = f'{address} "{scope["method"]} {shown}" {answered} {name} {seconds * 1000:.1f} ms'
        self._log.info(message, extra={"access": fields})


class StopLines(logging.Filter):
    """uvicorn's lines about the requests a stop cuts, at the level the service means.

    A request that outlasts `shutdown_seconds` is cut as configured, not by a fault:
    uvicorn's "Cancel N running task(s), timeout graceful shutdown exceeded" becomes a
    warning, and its "Exception in ASGI application" (an error, with the traceback of
    the cancellation) is dropped for a request `service.api.observe` logged already as
    cut (its cancellation carries `CUT_NOTE`). Any other line passes as it is.
    `penang-rummy serve` puts it on uvicorn's logger (`service.cli.serve`).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith("Cancel %s running task(s)"):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            return True
        error = record.exc_info[1] if record.exc_info else None
        return CUT_NOTE not in getattr(error, "__notes__", ())


async def _stopping(send: Send) -> None:
    """Answer 503 `service-stopping` (uvicorn closes the connection after it)."""
    problem, headers = to_problem(
        ServiceStopping(
            "the service stopped before answering: the request may or may not have been "
            "carried out; send it again unchanged (its Idempotency-Key and If-Match) once "
            "the service answers"
        )
    )
    body = msgspec.json.encode(problem)
    fields = [
        (b"content-type", PROBLEM_MEDIA_TYPE.encode("ascii")),
        (b"content-length", str(len(body)).encode("ascii")),
        *((name.lower().encode("ascii"), value.encode("ascii")) for name, value in headers.items()),
    ]
    start: HTTPResponseStartEvent = {
        "type": "http.response.start",
        "status": problem.status,
        "headers": fields,
    }
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})


def _safe_query(raw: bytes) -> str:
    """The query's parameters that are known to be safe to log, as `name=value&…`."""
    if not raw:
        return ""
    text = raw.decode("latin-1")
    shown = [
        f"{key}={value}"
        for key, value in parse_qsl(text, keep_blank_values=True)
        if key in _SAFE_QUERY and _SAFE_QUERY[key].match(value)
    ]
    return "&".join(shown)
