"""The HTTP/1.1 protocol `serve` gives uvicorn: httptools', refusing what it cannot parse
with a problem, like every other refusal of the service.

A request httptools cannot parse (a negative or overflowing `Content-Length`, a
malformed request line or header, a byte a URL may not hold) never reaches the app:
uvicorn's `HttpToolsProtocol.data_received` catches the `httptools.HttpParserError`
and calls `send_400_response`, which writes a `text/plain` "Invalid HTTP request
received." and closes the connection. This subclass writes the problem the table
gives `MalformedHttpRequest` instead (400, code `malformed-http-request`), its detail
naming what the parser found, e.g. "Invalid character in Content-Length" (llhttp's
fixed reasons, never the request's bytes), and closes the connection as uvicorn does.
uvicorn takes the protocol class as `Config(http=...)`. The method is uvicorn's, not a
documented hook: tests/api/test_api_malformed_http.py sends such requests to a served
process, so a release of uvicorn that stops calling it fails there.
"""

from __future__ import annotations

import sys
from http import HTTPStatus

import httptools
import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.api.problems import PROBLEM_MEDIA_TYPE, to_problem
from service.errors import MalformedHttpRequest


def malformed_request_answer(reason: str, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole HTTP answer to a request that is not HTTP/1.1: a 400 problem, then close."""
    problem, _ = to_problem(MalformedHttpRequest(f"the request is not valid HTTP/1.1: {reason}"))
    body = msgspec.json.encode(problem)
    status = HTTPStatus(problem.status)
    lines = [f"HTTP/1.1 {status.value} {status.phrase}".encode("ascii")]
    lines += [name + b": " + value for name, value in default_headers]
    lines += [
        b"content-type: " + PROBLEM_MEDIA_TYPE.encode("ascii"),
        b"content-length: " + str(len(body)).encode("ascii"),
        b"connection: close",
    ]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def _parser_reason(fallback: str) -> str:
    """What httptools found, from the error being handled where uvicorn calls us.

    A callback's own error (`HttpParserCallbackError`) may quote the request: not named.
    """
    error = sys.exception()
    if isinstance(error, httptools.HttpParserError) and not isinstance(
        error, httptools.HttpParserCallbackError
    ):
        return str(error) or fallback
    return fallback


class ProblemHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, answering an unparseable request with a problem."""

    def send_400_response(self, msg: str) -> None:
        reason = _parser_reason(msg.rstrip("."))
        self.transport.write(malformed_request_answer(reason, self.server_state.default_headers))
        self.transport.close()
