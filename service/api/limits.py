"""Rate limits of a public service: per client address and per bearer token, one middleware.

Each address, and each bearer token a request carries, has a token bucket: it refills
at its rate per minute / 60 a second and holds what that rate gives in `burst_seconds`
(at least one request), so a client may send that many at once. A request takes one
from the address's bucket and, with a token, one from the token's; when either is
empty the request is refused before anything else runs, 429 problem+json with
`Retry-After` (whole seconds until both have one again), and takes nothing. The
buckets live in the process (a bounded LRU, `KEYS` of each kind): processes behind one
balancer each count their own share. `/health` and `/ready` are not limited (probes).

Why not Litestar's `RateLimitMiddleware`: one instance keys by one identifier, so both
limits would take two stacked instances; it counts a fixed window (twice the limit can
pass around a window's edge), sends no `Retry-After`, and keeps each key's whole
history of timestamps in its store. A token bucket is a few lines, allows a burst by
design, and knows exactly when the next request may come.

Addresses are the client's (`scope["client"]`): the connection's peer, or behind a
trusted reverse proxy the address it forwarded (`service.api.observe` sets it before
this runs). Behind a proxy that is not trusted every client shares the proxy's.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from service.errors import RateLimited

#: Paths never limited: load balancers' and orchestrators' probes.
EXEMPT_PATHS: Final = frozenset({"/health", "/ready"})
#: How many addresses (and how many tokens) are remembered; the least recent are forgotten
#: (a forgotten one starts again with a full bucket).
KEYS: Final = 100_000


class Buckets:
    """Token buckets by key: `burst` requests at once, refilled at `per_minute`."""

    def __init__(self, per_minute: int, burst: float, size: int = KEYS) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, float(burst))
        self.size = size
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Seconds until `key` may send one request (0: now)."""
        level = self._level(key, now)
        return 0.0 if level >= 1.0 else (1.0 - level) / self.rate

    def take(self, key: str, now: float) -> None:
        """Count one request of `key` (its bucket has one: `wait` said 0)."""
        self._levels[key] = (self._level(key, now) - 1.0, now)
        self._levels.move_to_end(key)
        while len(self._levels) > self.size:
            self._levels.popitem(last=False)

    def _level(self, key: str, now: float) -> float:
        found = self._levels.get(key)
        if found is None:
            return self.burst
        level, at = found
        return min(self.burst, level + (now - at) * self.rate)


class RateLimits(ASGIMiddleware):
    """Refuse (429) a request whose address or token has sent too many (module doc)."""

    scopes = (ScopeType.HTTP,)

    def __init__(
        self,
        per_address: int,
        per_token: int,
        burst_seconds: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.addresses = Buckets(per_address, per_address * burst_seconds / 60)
        self.tokens = Buckets(per_token, per_token * burst_seconds / 60)
        self.clock = clock

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope["path"] not in EXEMPT_PATHS:
            self.count(_address(scope), _token(scope))
        await next_app(scope, receive, send)

    def count(self, address: str, token: str | None) -> None:
        """Take one request from the address's bucket and the token's, or raise RateLimited."""
        now = self.clock()
        buckets = [(self.addresses, address)]
        if token is not None:
            buckets.append((self.tokens, token))
        waits = [(bucket.wait(key, now), bucket is self.tokens) for bucket, key in buckets]
        wait, by_token = max(waits)
        if wait > 0:
            who = "with this bearer token" if by_token else "from this address"
            seconds = max(1, math.ceil(wait))
            raise RateLimited(f"too many requests {who}: retry in {seconds} s", seconds)
        for bucket, key in buckets:
            bucket.take(key, now)


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "unknown"


def _token(scope: Scope) -> str | None:
    """A digest of the Authorization header, if any (tokens are not kept in memory)."""
    for name, value in scope["headers"]:
        if name.lower() == b"authorization":
            return hashlib.sha256(bytes(value)).hexdigest()
    return None
