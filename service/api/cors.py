"""Pages of other origins: Litestar's CORS for the origins the settings list, nobody else's.

`PENANG_RUMMY_CORS_ORIGINS` lists the origins whose pages may call the API from a
browser; by default none, and the app has no CORS at all. With some, Litestar's
`CORSConfig` (its lists set explicitly: each defaults to `*`) answers their preflights
with the methods the API takes and the request headers it reads (`ALLOWED_HEADERS`),
and lets their scripts read the response headers a client needs (`EXPOSED_HEADERS`,
the rate limits' included). A preflight is answered by the CORS middleware before any
route runs: no inputs check (415) and no rate limit applies to it.

`CrossOrigin`, a `before_send` hook (it sees each answer after the CORS middleware
wrote it), mends what that middleware does beyond the standard:
- an answer to another origin gets no CORS headers at all (the middleware adds its
  `Access-Control-Allow-Headers`, `-Methods` and `-Expose-Headers` to every answer to
  a request with an `Origin`, allowed or not);
- a preflight it refuses (another origin, method or header) is a 403 problem+json
  naming what it refused, not a 400 of plain text;
- an allowed origin's answer keeps `Vary: Authorization` beside `Vary: Origin` (the
  middleware replaces the whole `Vary`, and a shared cache could then hand one seat's
  answer to another: `service.api.conditional`).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from litestar.config.cors import CORSConfig
from litestar.constants import DEFAULT_ALLOWED_CORS_HEADERS
from litestar.enums import ScopeType
from litestar.types import HTTPResponseStartEvent, Message, Scope

from service.api.conditional import reads_a_token, vary_authorization
from service.api.problems import PROBLEM_MEDIA_TYPE, to_problem
from service.errors import CorsRefused
from service.settings import Settings

METHODS: Final = ("GET", "POST")
#: The request headers the API reads (Content-Type is always allowed too).
ALLOWED_HEADERS: Final = (
    "Authorization",
    "Content-Type",
    "If-Match",
    "If-None-Match",
    "Idempotency-Key",
    "Last-Event-ID",
)
#: The response headers a client needs, which a page's script may read.
EXPOSED_HEADERS: Final = (
    "ETag",
    "Location",
    "Retry-After",
    "Idempotent-Replayed",
    "RateLimit",
    "RateLimit-Policy",
    # The request id of the access line (`service.api.observe`), to quote in a report.
    "X-Request-Id",
)
_STATE_KEY: Final = "penang_rummy.cors_refusal"


def cors_config(settings: Settings) -> CORSConfig | None:
    """Litestar's CORS for the settings' origins; None (no CORS) when none are listed."""
    if not settings.cors_origins:
        return None
    return CORSConfig(
        allow_origins=list(settings.cors_origins),
        allow_methods=list(METHODS),
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
    )


class CrossOrigin:
    """The app's `before_send` hook: the answers to cross-origin requests (module doc)."""

    def __init__(self, config: CORSConfig) -> None:
        self.config = config

    async def __call__(self, message: Message, scope: Scope) -> None:
        if scope["type"] != ScopeType.HTTP:
            return
        if message["type"] == "http.response.body":
            refusal = scope["state"].pop(_STATE_KEY, None)
            if refusal is not None:
                message["body"] = refusal
            return
        if message["type"] != "http.response.start":
            return
        start = message
        origin = _header(scope, b"origin")
        if origin is None:
            return
        if scope["method"] == "OPTIONS" and start["status"] == 400:
            self._refuse_preflight(start, scope, origin)
        elif not self.config.is_origin_allowed(origin):
            start["headers"] = [
                (name, value)
                for name, value in start.get("headers", [])
                if not name.lower().startswith(b"access-control-")
            ]
        elif reads_a_token(scope.get("route_handler")):
            start["headers"] = vary_authorization(list(start.get("headers", [])))

    def _refuse_preflight(self, start: HTTPResponseStartEvent, scope: Scope, origin: str) -> None:
        """The middleware refused this preflight: say what, as a problem."""
        problem, _ = to_problem(self._refusal(scope, origin))
        body = msgspec.json.encode(problem)
        scope["state"][_STATE_KEY] = body
        start["status"] = problem.status
        start["headers"] = [
            (b"content-type", PROBLEM_MEDIA_TYPE.encode("latin-1")),
            (b"content-length", str(len(body)).encode("latin-1")),
        ]

    def _refusal(self, scope: Scope, origin: str) -> CorsRefused:
        if not self.config.is_origin_allowed(origin):
            return CorsRefused(
                f"pages of {origin} may not call this API: it is not one of the origins "
                "this service allows (PENANG_RUMMY_CORS_ORIGINS)",
                "Origin",
            )
        method = _header(scope, b"access-control-request-method") or ""
        if method not in METHODS:
            return CorsRefused(
                f"{method or 'no method'} is not a method of this API (it takes "
                f"{' and '.join(METHODS)})",
                "Access-Control-Request-Method",
            )
        allowed = {name.lower() for name in (*ALLOWED_HEADERS, *DEFAULT_ALLOWED_CORS_HEADERS)}
        asked = (_header(scope, b"access-control-request-headers") or "").split(",")
        others = sorted(name.strip() for name in asked if name.strip().lower() not in allowed)
        return CorsRefused(
            f"this API reads no {', '.join(others) or 'such'} header (it reads "
            f"{', '.join(ALLOWED_HEADERS)})",
            "Access-Control-Request-Headers",
        )


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def hooks(config: CORSConfig | None) -> list[Any]:
    """The app's `before_send` hooks for `config` (none without CORS)."""
    return [] if config is None else [CrossOrigin(config)]
