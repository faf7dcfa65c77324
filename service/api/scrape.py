"""`GET /metrics`: the process's figures (`service.metrics`) for Prometheus to scrape.

Who may read them is a setting (`PENANG_RUMMY_METRICS`): nobody (`off`: no route),
anyone (`open`), or, by default, `restricted`: the client addresses of
`PENANG_RUMMY_METRICS_ALLOW` (loopback unless set: a Prometheus on the same machine
scrapes with no set-up, and nothing is shown to the world) and the bearer of
`PENANG_RUMMY_METRICS_TOKEN` from anywhere. A request that carries a forwarded header
its peer was not trusted to write came through a proxy, whatever its peer's address:
it is never admitted by address (a reverse proxy on the same machine would otherwise
show the metrics to everyone behind it). A refusal is a problem: 401 where a token
would admit, 403 otherwise.

The route stays out of the contract (`include_in_schema=False`): it answers the
Prometheus text format (or OpenMetrics, when the scraper asks for it), not JSON, for
operators, not for the API's clients. The figures are encoded in a worker thread.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Mapping
from typing import Any

from litestar import Litestar, Request, Response, get
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from service.api.forwarded import Proxies, address, forwarding_headers, network
from service.api.observe import PEER
from service.errors import MetricsForbidden, MissingToken, UnknownToken
from service.metrics import Metrics
from service.settings import Settings
from service.store import GameStore
from service.usecases.hub import Hub


class MetricsAccess:
    """Who may read the metrics (module doc)."""

    def __init__(self, settings: Settings, proxies: Proxies) -> None:
        self.open = settings.metrics == "open"
        self.allowed = tuple(network(text) for text in settings.metrics_allow)
        self.token = settings.metrics_token.encode("utf-8")
        self.proxies = proxies

    def check(self, headers: list[tuple[bytes, bytes]], peer: str, client: str) -> None:
        """Raise the refusal of a request from `client` whose connection's peer is `peer`."""
        if self.open:
            return
        bearer = _bearer(headers)
        if self.token and bearer is not None and hmac.compare_digest(bearer, self.token):
            return
        forwarded_unbelieved = forwarding_headers(headers) and not self.proxies.trusts(peer)
        if not forwarded_unbelieved and self._allows(client):
            return
        if not self.token:
            raise MetricsForbidden(
                f"the metrics are served to PENANG_RUMMY_METRICS_ALLOW, not to {client}"
                + (" through a proxy that is not trusted" if forwarded_unbelieved else "")
            )
        if bearer is None:
            raise MissingToken("the metrics token is required (PENANG_RUMMY_METRICS_TOKEN)")
        raise UnknownToken("the bearer token is not the metrics token")

    def _allows(self, client: str) -> bool:
        found = address(client)
        if found is None:
            return False
        parsed = ipaddress.ip_address(found)
        return any(parsed in allowed for allowed in self.allowed)


def _bearer(headers: list[tuple[bytes, bytes]]) -> bytes | None:
    for name, value in headers:
        if name == b"authorization":
            scheme, _, token = value.partition(b" ")
            return token.strip() if scheme.lower() == b"bearer" else b""
    return None


def _guard(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    access = connection.app.state.metrics_access
    assert isinstance(access, MetricsAccess)
    scope = connection.scope
    client = scope.get("client")
    address_ = client[0] if client else "unknown"
    access.check(list(scope["headers"]), scope["state"].get(PEER, address_), address_)


@get(
    "/metrics",
    operation_id="getMetrics",
    include_in_schema=False,
    guards=[_guard],
    sync_to_thread=True,
)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    figures = request.app.state.metrics
    assert isinstance(figures, Metrics)
    body, media_type = figures.exposition(request.headers.get("accept"))
    # As given: Litestar would add a second charset to a `text/` type of its own.
    return Response(body, media_type=media_type, headers={"Content-Type": media_type})


def watch_app(figures: Metrics, app: Litestar) -> None:
    """The gauges read from the app's hub and store when scraped (none while closed)."""
    figures.watch(
        "streams_open",
        "Live-update streams open in this process",
        (),
        lambda: _hub_figure(app, "streams"),
    )
    figures.watch(
        "stream_feeds",
        "Games and matches that this process's open streams follow",
        (),
        lambda: _hub_figure(app, "feeds"),
    )
    figures.watch(
        "cache_entries",
        "Folded games and matches this process keeps in memory, by cache",
        ("cache",),
        lambda: _cached(app),
    )


def _hub_figure(app: Litestar, name: str) -> Mapping[tuple[str, ...], float]:
    hub = app.state.get("hub")
    return {(): hub.stats()[name]} if isinstance(hub, Hub) else {}


def _cached(app: Litestar) -> Mapping[tuple[str, ...], float]:
    store = app.state.get("store")
    if not isinstance(store, GameStore):
        return {}
    return {("games",): len(store.games), ("matches",): len(store.matches)}
