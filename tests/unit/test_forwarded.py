"""The client's address behind proxies: a forwarded hop is believed only as far as trusted
proxies vouch for it (`service.api.forwarded`)."""

from __future__ import annotations

import pytest

from service.api.forwarded import Proxies, address, hops

PROXY = "10.0.0.5"
PROXIES = ["10.0.0.0/24", "fd00::/8"]


def _headers(name: str, *values: str) -> list[tuple[bytes, bytes]]:
    return [(b"host", b"rummy.example"), *((name.encode(), value.encode()) for value in values)]


@pytest.mark.parametrize(
    ("hop", "expected"),
    [
        ("203.0.113.7", "203.0.113.7"),
        (" 203.0.113.7:4711 ", "203.0.113.7"),
        ('"[2001:db8:cafe::17]:4711"', "2001:db8:cafe::17"),
        ("2001:DB8::1", "2001:db8::1"),
        ("::ffff:192.0.2.1", "192.0.2.1"),
        ("unknown", None),
        ("_hidden", None),
        ("", None),
        ("[::1", None),
    ],
)
def test_a_hop_names_an_address_in_its_canonical_form_or_none(hop: str, expected: str) -> None:
    assert address(hop) == expected


def test_forwarded_elements_are_read_for_their_for_parameter() -> None:
    found = hops(
        "forwarded",
        [
            'for=192.0.2.43;proto=https, for="[2001:db8:cafe::17]:4711";by=10.0.0.5',
            "proto=http;FOR=198.51.100.17, by=10.0.0.6",
        ],
    )
    assert found == ["192.0.2.43", "[2001:db8:cafe::17]:4711", "198.51.100.17", ""]


@pytest.mark.parametrize(
    ("chain", "client"),
    [
        # The proxy appended its peer: the client.
        (["203.0.113.7"], "203.0.113.7"),
        # Whatever the client wrote itself stands left of what the proxy appended.
        (["198.51.100.1, 203.0.113.7"], "203.0.113.7"),
        # Two trusted proxies in a row: the hop the first one appended is the client.
        (["203.0.113.7, 10.0.0.9"], "203.0.113.7"),
        # Header lines are one list, in their order.
        (["1.1.1.1", "203.0.113.7, 10.0.0.9"], "203.0.113.7"),
        # Every hop trusted: as far back as the chain goes.
        (["10.0.0.7, 10.0.0.9"], "10.0.0.7"),
        # A hop that is no address ends the trusted chain at the last proxy believed.
        (["203.0.113.7, unknown, 10.0.0.9"], "10.0.0.9"),
        (["garbage"], PROXY),
        ([], PROXY),
    ],
)
def test_the_client_is_the_rightmost_hop_no_trusted_proxy_wrote(
    chain: list[str], client: str
) -> None:
    proxies = Proxies(PROXIES, "x-forwarded-for")
    assert proxies.client(PROXY, _headers("x-forwarded-for", *chain)) == client


def test_with_no_trusted_proxy_no_forwarded_header_is_believed() -> None:
    headers = _headers("x-forwarded-for", "203.0.113.7") + _headers("forwarded", "for=1.2.3.4")
    assert Proxies([], "x-forwarded-for").client("127.0.0.1", headers) == "127.0.0.1"
    assert not Proxies([], "forwarded")


def test_a_peer_that_is_not_a_trusted_proxy_is_the_client_whatever_it_forwards() -> None:
    proxies = Proxies(PROXIES, "x-forwarded-for")
    assert proxies.client("192.0.2.50", _headers("x-forwarded-for", "203.0.113.7")) == "192.0.2.50"


def test_only_the_configured_header_is_read() -> None:
    # A client could send the other header through a proxy that leaves it as it is.
    xff = Proxies(PROXIES, "x-forwarded-for")
    forwarded = Proxies(PROXIES, "forwarded")
    both = _headers("x-forwarded-for", "203.0.113.7") + _headers("forwarded", "for=192.0.2.1")
    assert xff.client(PROXY, both) == "203.0.113.7"
    assert forwarded.client(PROXY, both) == "192.0.2.1"
    spoofed = _headers("forwarded", "for=192.0.2.1")
    assert xff.client(PROXY, spoofed) == PROXY


def test_ipv6_proxies_and_mapped_peers_are_recognised() -> None:
    proxies = Proxies(PROXIES, "forwarded")
    headers = _headers("forwarded", 'for="[2001:db8::7]:1000", for="[fd00::2]"')
    assert proxies.client("fd00::1", headers) == "2001:db8::7"
    assert Proxies(["192.0.2.0/24"], "x-forwarded-for").client(
        "::ffff:192.0.2.9", _headers("x-forwarded-for", "203.0.113.7")
    ) == ("203.0.113.7")


def test_a_long_chain_is_read_only_from_its_right() -> None:
    proxies = Proxies(PROXIES, "x-forwarded-for")
    chain = ", ".join(["10.0.0.1"] * 5000)
    # Every hop trusted, cut at 64: the leftmost read is still a trusted proxy's.
    assert proxies.client(PROXY, _headers("x-forwarded-for", chain)) == "10.0.0.1"
