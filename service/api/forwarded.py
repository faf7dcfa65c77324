"""The client's address behind reverse proxies: believed only as far as trusted proxies vouch.

A proxy writes the address it was connected from into a header (`X-Forwarded-For`, or
RFC 7239's `Forwarded: for=`), appending it to whatever the request carried already.
So only the hops that trusted proxies appended are facts; anything further left may
be what the client wrote itself. `Proxies.client` reads the chain from the right: the
peer of the connection must be a trusted proxy, each hop it and the proxies before it
appended is believed while it is itself a trusted proxy, and the first hop that is
not is the client. A hop that is not an address (`unknown`, an obfuscated name) ends
the trusted chain: the client is then the last proxy that was believed.

With no trusted proxy configured (the default) no forwarded header is believed at all:
the client is the connection's peer, whatever the request says. The proxies write
one of the two headers: the setting names which (`forwarded_header`), and the other
is ignored, since a client could send it through a proxy that does not touch it.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Iterable, Sequence
from typing import Final, Literal

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
#: At most this many hops are read from the right of a chain (a longer one is cut).
MAX_HOPS: Final = 64
#: The elements of a `Forwarded` value: commas outside quoted strings separate them.
_ELEMENT = re.compile(r'(?:[^,"]|"(?:[^"\\]|\\.)*")+')
_FOR = re.compile(r'(?:^|;)\s*for\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)', re.IGNORECASE)
HeaderName = Literal["x-forwarded-for", "forwarded"]


def network(text: str) -> IPNetwork:
    """An address or a network in CIDR notation (`10.0.0.0/8`, `::1`); ValueError if not."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ValueError("not an IP address or a network such as 10.0.0.0/8") from None


@functools.lru_cache(maxsize=4096)
def address(text: str) -> str | None:
    """The IP address a hop names, in its canonical form (an IPv4-mapped IPv6 address as
    IPv4), without brackets or port; None when it names no address."""
    host = text.strip().strip('"')
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    try:
        parsed = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(parsed)


def hops(header: HeaderName, values: Iterable[str]) -> list[str]:
    """The hops a request's header lines name, the nearest last (at most MAX_HOPS)."""
    text = ",".join(values)
    if header == "x-forwarded-for":
        found = [hop.strip() for hop in text.split(",")]
    else:
        found = [_forwarded_for(element) for element in _ELEMENT.findall(text)]
    return found[-MAX_HOPS:]


def _forwarded_for(element: str) -> str:
    match = _FOR.search(element.strip())
    return "" if match is None else match.group(1).strip('"').replace('\\"', '"')


class Proxies:
    """The trusted proxies and the header they write; answers each request's client."""

    def __init__(self, trusted: Sequence[str], header: HeaderName) -> None:
        self.networks = tuple(network(text) for text in trusted)
        self.header = header
        self.header_bytes = header.encode("ascii")
        self.trusts = functools.lru_cache(maxsize=4096)(self._trusts)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def _trusts(self, peer: str) -> bool:
        found = address(peer)
        return found is not None and any(
            ipaddress.ip_address(found) in trusted for trusted in self.networks
        )

    def client(self, peer: str, headers: Iterable[tuple[bytes, bytes]]) -> str:
        """The client's address: `peer`, or, when `peer` is a trusted proxy, the rightmost
        hop of the forwarded chain that is not one (module doc)."""
        if not self.networks or not self.trusts(peer):
            return peer
        name = self.header_bytes
        values = [value.decode("latin-1") for key, value in headers if key.lower() == name]
        believed = address(peer) or peer
        for hop in reversed(hops(self.header, values)):
            found = address(hop)
            if found is None:
                return believed
            if not self.trusts(found):
                return found
            believed = found
        return believed


def forwarding_headers(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Whether a request carries either forwarded header (it came through some proxy)."""
    return any(key.lower() in (b"x-forwarded-for", b"forwarded") for key, _ in headers)
