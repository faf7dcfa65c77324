"""A request that is not HTTP/1.1 at all is refused with a problem too, by a served process.

Such a request never reaches the app: uvicorn's parser (httptools, as `serve` runs it)
refuses it, and `service.cli.http_protocol` makes that refusal a 400 problem with code
`malformed-http-request` instead of uvicorn's plain text. Only a real server shows it.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

from service.cli.http_protocol import malformed_request_answer

from .support import serve

MALFORMED = {
    "negative Content-Length": (
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "Invalid character in Content-Length",
    ),
    "absurd Content-Length": (
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "Content-Length overflow",
    ),
    "malformed request line": (b"GARBAGE\r\n\r\n", "Invalid method encountered"),
    "header name with a space": (
        b"GET /health HTTP/1.1\r\nHo st: x\r\n\r\n",
        "Invalid header token",
    ),
    "byte a URL may not hold": (b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n", "Invalid char in url"),
}


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with serve(tmp_path_factory.mktemp("malformed-http")) as url:
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        yield parts.hostname, parts.port


def _exchange(address: tuple[str, int], request: bytes) -> tuple[str, dict[str, str], bytes]:
    """Send raw bytes; the status line, headers and body the server answers, once it closes."""
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *fields = head.decode("latin-1").split("\r\n")
    headers = {}
    for field in fields:
        name, _, value = field.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


@pytest.mark.parametrize(("request_bytes", "reason"), MALFORMED.values(), ids=list(MALFORMED))
def test_a_request_that_is_not_http_is_a_400_problem(
    address: tuple[str, int], request_bytes: bytes, reason: str
) -> None:
    status, headers, body = _exchange(address, request_bytes)
    assert status == "HTTP/1.1 400 Bad Request"
    assert headers["content-type"] == "application/problem+json"
    assert headers["connection"] == "close"
    assert int(headers["content-length"]) == len(body)
    problem = json.loads(body)
    assert problem["status"] == 400
    assert problem["code"] == "malformed-http-request"
    assert problem["type"] == "urn:penang-rummy:problem:malformed-http-request"
    assert problem["title"] == "Malformed HTTP request"
    assert problem["detail"].startswith("the request is not valid HTTP/1.1: " + reason)


def test_the_server_serves_on_after_a_malformed_request(address: tuple[str, int]) -> None:
    host, port = address
    _exchange(address, MALFORMED["negative Content-Length"][0])
    assert httpx.get(f"http://{host}:{port}/health").json() == {"status": "ok"}


def test_the_answer_is_one_whole_http_message() -> None:
    """Without a server: uvicorn's own headers first, then the problem's, agreeing with it."""
    answer = malformed_request_answer("Expected HTTP/", [(b"server", b"uvicorn")])
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b"\r\n")[:2] == [b"HTTP/1.1 400 Bad Request", b"server: uvicorn"]
    assert f"content-length: {len(body)}".encode() in head.split(b"\r\n")
    assert json.loads(body)["detail"] == "the request is not valid HTTP/1.1: Expected HTTP/"
