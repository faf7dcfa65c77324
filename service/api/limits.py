"""Rate limits of a public service: per client address and per bearer token, one middleware.

Each address, and each bearer token a request carries, has a token bucket: it refills
at its rate per minute / 60 a second and holds what that rate gives in `burst_seconds`
(at least one request), so a client may send that many at once. When a bucket a request
counts against is empty the request is refused before anything else runs, 429
problem+json with `Retry-After` (whole seconds until it may come), and takes nothing.
The buckets live in the process (a bounded LRU, `KEYS` of each kind): processes behind
one balancer each count their own share. `/health` and `/ready` are not limited (probes).

Which requests count against which bucket:
- **A seat's own requests on its game**: a request on `/games/{id}/seats/{n}` or below
  it (`submitTurn`, `declareDead`, `getLegalMoves`, `getMovesAfter`, `getSeatView`,
  `createGameStreamTicket`) that carries a bearer token counts against that token's
  bucket only, so a bot in the middle of a game is bounded by its token's limit and
  never refused because its address (a NAT, a school, a cloud) is busy. When its answer
  shows the token is not that seat's or there is no such game or seat (401, 403, 404),
  it is counted against the address after all, which may leave the address's bucket
  in debt; while it is, the address's seat requests are refused too, so a client cannot
  escape the address limit by sending made-up tokens.
- **Every other request** counts against its address's bucket and, when it carries a
  bearer token, that token's too (a request refused by either takes from neither).

Every limited answer, 429s included, says where the client stands, in the fields of the
IETF httpapi draft draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy` names
each bucket the request counted against, `"address"` and `"token"`, with its quota `q`
(the burst) and window `w` (the seconds it takes to refill a whole burst), and
`RateLimit` gives each one's available quota `r` (whole requests now) and effective
window `t` (whole seconds until one more request is available: on a 429, `Retry-After`).

Why not Litestar's `RateLimitMiddleware`: one instance keys by one identifier, so both
limits would take two stacked instances; it counts a fixed window (twice the limit can
pass around a window's edge), sends no `Retry-After`, keeps each key's whole history of
timestamps in its store, and writes the older draft's `RateLimit-Limit`,
`-Remaining` and `-Reset`. A token bucket is a few lines, allows a burst by design, and
knows exactly when the next request may come.

Addresses are the client's (`scope["client"]`): the connection's peer, or behind a
trusted reverse proxy the address it forwarded (`service.api.observe` sets it before
this runs). Behind a proxy that is not trusted every client shares the proxy's.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final, NamedTuple

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.errors import RateLimited

#: Paths never limited: load balancers' and orchestrators' probes.
EXEMPT_PATHS: Final = frozenset({"/health", "/ready"})
#: How many addresses (and how many tokens) are remembered; the least recent are forgotten
#: (a forgotten one starts again with a full bucket).
KEYS: Final = 100_000
#: A seat's own requests on its game (module doc).
SEAT_PATH: Final = re.compile(r"^/games/[^/]+/seats/[0-9]+(?:/[a-z]+)?$")
#: Answers showing that a seat request's token did not prove the seat: charged to the address.
UNPROVEN: Final = frozenset({401, 403, 404})


class Buckets:
    """Token buckets by key: `burst` requests at once, refilled at `per_minute`."""

    def __init__(self, per_minute: int, burst: float, size: int = KEYS) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, float(burst))
        self.size = size
        self._levels: OrderedDict[str, tuple[float, float]] = OrderedDict()

    @property
    def quota(self) -> int:
        """The whole requests a full bucket holds (`q` of RateLimit-Policy)."""
        return math.floor(self.burst)

    @property
    def window(self) -> int:
        """The whole seconds an empty bucket takes to refill its quota (`w`)."""
        return max(1, round(self.quota / self.rate))

    def wait(self, key: str, now: float) -> float:
        """Seconds until `key` may send one request (0: now)."""
        level = self._level(key, now)
        return 0.0 if level >= 1.0 else (1.0 - level) / self.rate

    def debt(self, key: str, now: float) -> float:
        """Seconds until `key`'s bucket is out of debt (0: it is not in debt)."""
        level = self._level(key, now)
        return 0.0 if level >= 0.0 else -level / self.rate

    def take(self, key: str, now: float) -> None:
        """Count one request of `key`; a bucket without one goes into debt (at most a
        burst's worth: a request counted after it was answered, see the module doc)."""
        self._levels[key] = (max(-self.burst, self._level(key, now) - 1.0), now)
        self._levels.move_to_end(key)
        while len(self._levels) > self.size:
            self._levels.popitem(last=False)

    def available(self, key: str, now: float) -> tuple[int, int]:
        """`key`'s whole requests available now and the whole seconds until one more
        is (`r` and `t` of RateLimit)."""
        level = self._level(key, now)
        following = max(1, math.floor(level) + 1)
        return max(0, math.floor(level)), whole_seconds((following - level) / self.rate)

    def _level(self, key: str, now: float) -> float:
        found = self._levels.get(key)
        if found is None:
            return self.burst
        level, at = found
        return min(self.burst, level + (now - at) * self.rate)


class Counted(NamedTuple):
    """One bucket a request counted against: its policy's name, the buckets, the key."""

    policy: str
    buckets: Buckets
    key: str


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
        if scope["path"] in EXEMPT_PATHS:
            await next_app(scope, receive, send)
            return
        address, token = _address(scope), _token(scope)
        seat = token is not None and SEAT_PATH.match(scope["path"]) is not None
        counted = self.count(address, token, seat=seat)
        await next_app(scope, receive, self._telling(send, counted, address if seat else None))

    def count(self, address: str, token: str | None, *, seat: bool = False) -> list[Counted]:
        """Take one request from the buckets it counts against (module doc), or raise
        RateLimited, carrying the RateLimit fields; the buckets counted against."""
        now = self.clock()
        counted = [] if seat else [Counted("address", self.addresses, address)]
        if token is not None:
            counted.append(Counted("token", self.tokens, token))
        waits = [(entry.buckets.wait(entry.key, now), entry.policy) for entry in counted]
        if seat:
            waits.append((self.addresses.debt(address, now), "address"))
        wait, policy = max(waits)
        if wait > 0:
            who = "with this bearer token" if policy == "token" else "from this address"
            seconds = whole_seconds(wait)
            shown = counted
            if seat and policy == "address":
                shown = [Counted("address", self.addresses, address), *counted]
            message = f"too many requests {who}: retry in {seconds} s"
            raise RateLimited(message, seconds, self.fields(shown, now))
        for entry in counted:
            entry.buckets.take(entry.key, now)
        return counted

    def fields(self, counted: list[Counted], now: float | None = None) -> dict[str, str]:
        """The RateLimit-Policy and RateLimit fields of the buckets counted against."""
        now = self.clock() if now is None else now
        policies, limits = [], []
        for entry in counted:
            remaining, seconds = entry.buckets.available(entry.key, now)
            buckets = entry.buckets
            policies.append(f'"{entry.policy}";q={buckets.quota};w={buckets.window}')
            limits.append(f'"{entry.policy}";r={remaining};t={seconds}')
        return {"RateLimit-Policy": ", ".join(policies), "RateLimit": ", ".join(limits)}

    def _telling(self, send: Send, counted: list[Counted], seat_address: str | None) -> Send:
        """`send`, with the RateLimit fields on the answer; a seat request whose answer
        shows its token unproven is counted against the address first."""

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                shown = counted
                if seat_address is not None and message["status"] in UNPROVEN:
                    self.addresses.take(seat_address, self.clock())
                    shown = [Counted("address", self.addresses, seat_address), *counted]
                fields = self.fields(shown).items()
                added = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in fields]
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        return sending


def whole_seconds(seconds: float) -> int:
    """`seconds` rounded up to whole seconds, at least one (a float's last digit aside)."""
    return max(1, math.ceil(seconds - 1e-9))


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "unknown"


def _token(scope: Scope) -> str | None:
    """A digest of the Authorization header, if any (tokens are not kept in memory)."""
    for name, value in scope["headers"]:
        if name.lower() == b"authorization":
            return hashlib.sha256(bytes(value)).hexdigest()
    return None
