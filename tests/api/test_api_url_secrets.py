"""No token in a URL is logged: a served process's access lines keep only known-safe
query parameters, and uvicorn's lines, were they on, redact `token`, `access_token` and
`ticket` (the request itself is refused: test_api_stream_tickets.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest

from service.api.url_secrets import RedactSecrets, redacted

from .support import serve


@pytest.mark.parametrize(
    ("target", "logged"),
    [
        ("/games/g/stream?ticket=abc", "/games/g/stream?ticket=REDACTED"),
        ("/?token=abc&since=3", "/?token=REDACTED&since=3"),
        ("/?since=3&ACCESS_TOKEN=abc", "/?since=3&ACCESS_TOKEN=REDACTED"),
        ("/?tokens=abc&my_token=x", "/?tokens=abc&my_token=x"),
        ("/games/token=abc", "/games/token=abc"),
        ("/?ticket=a&ticket=b", "/?ticket=REDACTED&ticket=REDACTED"),
        ("/players/p/keys?key=prk_abc", "/players/p/keys?key=REDACTED"),
        ("/?api_key=prk_abc&keys=1", "/?api_key=REDACTED&keys=1"),
    ],
)
def test_secret_parameters_are_redacted_and_nothing_else(target: str, logged: str) -> None:
    assert redacted(target) == logged


def test_the_filter_redacts_an_access_line_as_uvicorn_writes_it() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/?token=abc", "1.1", 422),
        None,
    )
    assert RedactSecrets().filter(record)
    assert record.getMessage() == '127.0.0.1:5000 - "GET /?token=REDACTED HTTP/1.1" 422'


def test_a_served_process_logs_no_token_sent_in_a_url(tmp_path: Path) -> None:
    secret = "Sekr3t-token-value-in-the-url"
    with serve(tmp_path) as url:
        assert httpx.get(f"{url}/", params={"token": secret}).status_code == 422
        unknown = "00000000-0000-4000-8000-000000000000"
        stream = httpx.get(f"{url}/games/{unknown}/stream", params={"ticket": secret})
        assert stream.status_code == 404
    log = (tmp_path / "server.log").read_text(encoding="utf-8")
    # Both requests have their access line (service.api.observe), and neither holds the
    # secret: the line keeps only known-safe query parameters.
    assert '"path":"/","operation":"getIndex","status":422' in log
    assert '"operation":"streamGame","status":404' in log
    assert secret not in log
