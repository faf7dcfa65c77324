"""Every request's client, id and access line (`service.api.observe`, `service.logs`).

The client is the forwarded one only behind a trusted proxy; the request id is a
trusted proxy's or a new one, echoed back; the access line names the operation, the
status, the duration, the client and the game, and never a token or a query's secret.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Callable
from typing import Any

import pytest

from service import logs
from service.api.forwarded import Proxies
from service.api.observe import PEER, Observer
from service.settings import Settings

from .support import Api

TOKEN = "k3Y-s3cret-bearer-token-0123456789abcdef"


def _call(observer: Observer, peer: str, headers: list[tuple[bytes, bytes]]) -> tuple[Any, Any]:
    """One request through `observer` to an app that answers 204; the scope the app saw
    and the answer's start message."""
    seen: dict[str, Any] = {}
    sent: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.update(scope)
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    observer.app = app
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "query_string": b"",
        "headers": headers,
        "client": (peer, 4711),
        "state": {},
    }
    asyncio.run(observer(scope, receive, send))  # type: ignore[arg-type]
    return seen, sent[0]


def _echoed(start: Any) -> str:
    ids = [value.decode() for name, value in start["headers"] if name == b"x-request-id"]
    assert len(ids) == 1
    return str(ids[0])


def _observer(*trusted: str) -> Observer:
    return Observer(lambda *_: None, Proxies(trusted, "x-forwarded-for"), None, True)  # type: ignore[arg-type, return-value]


def test_without_trusted_proxies_the_peer_is_the_client_and_its_request_id_is_new() -> None:
    headers = [(b"x-forwarded-for", b"203.0.113.7"), (b"x-request-id", b"chosen-by-client")]
    seen, start = _call(_observer(), "127.0.0.1", headers)
    assert seen["client"] == ("127.0.0.1", 4711)
    assert seen["state"][PEER] == "127.0.0.1"
    assert _echoed(start) != "chosen-by-client"
    _, again = _call(_observer(), "127.0.0.1", headers)
    assert _echoed(again) != _echoed(start), "each request has its own id"


def test_behind_a_trusted_proxy_the_client_and_the_request_id_are_the_proxys() -> None:
    headers = [(b"x-forwarded-for", b"198.51.100.9, 203.0.113.7"), (b"x-request-id", b"edge-42")]
    seen, start = _call(_observer("127.0.0.1"), "127.0.0.1", headers)
    assert seen["client"] == ("203.0.113.7", 0)
    assert seen["state"][PEER] == "127.0.0.1"
    assert _echoed(start) == "edge-42"


@pytest.mark.parametrize("given", [b"", b"has space", b"x" * 129, b'quote"d'])
def test_a_request_id_unfit_for_a_header_or_a_line_is_replaced(given: bytes) -> None:
    _, start = _call(_observer("127.0.0.1"), "127.0.0.1", [(b"x-request-id", given)])
    assert _echoed(start).encode() != given
    assert len(_echoed(start)) == 16


# --- the access line --------------------------------------------------------------------


@pytest.fixture
def lines(caplog: pytest.LogCaptureFixture) -> Callable[[], list[dict[str, Any]]]:
    caplog.set_level(logging.INFO, logger=logs.ACCESS_LOGGER)

    def access() -> list[dict[str, Any]]:
        return [record.access for record in caplog.records if record.name == logs.ACCESS_LOGGER]

    return access


def test_each_request_has_one_access_line_naming_its_operation_and_game(
    api: Api, lines: Callable[[], list[dict[str, Any]]]
) -> None:
    game = api.create(players=2)
    seat = game["view"]["turn"]
    response = api.client.get(
        f"/games/{game['game_id']}/seats/{seat}?version=1&ticket={TOKEN}",
        headers={"authorization": f"Bearer {game['tokens'][seat]}"},
    )
    assert response.status_code == 200
    api.client.get("/no/such/path")
    created, read, unmatched = lines()
    assert created["operation"] == "createGame" and created["status"] == 201
    assert read["request_id"] == response.headers["x-request-id"]
    assert read["operation"] == "getSeatView" and read["status"] == 200
    assert (read["game_id"], read["seat"]) == (game["game_id"], seat)
    assert read["path"] == f"/games/{game['game_id']}/seats/{seat}"
    assert read["query"] == "version=1", "only the parameters known to be safe"
    assert read["client"] == "testclient" and read["duration_ms"] >= 0
    assert (unmatched["operation"], unmatched["status"]) == ("unmatched", 404)
    everything = json.dumps(lines())
    assert TOKEN not in everything and game["tokens"][seat] not in everything


def test_no_access_line_is_written_when_they_are_off(
    settings: Settings,
    make_api: Callable[[Settings], Api],
    lines: Callable[[], list[dict[str, Any]]],
) -> None:
    api = make_api(settings.replace({"access_log": False}))
    api.client.get("/")
    assert lines() == []


def test_an_answer_carries_its_request_id_also_when_refused(api: Api) -> None:
    refused = api.client.get("/games/00000000-0000-4000-8000-000000000000")
    assert refused.status_code == 404
    assert len(refused.headers["x-request-id"]) == 16


# --- the lines' formats -----------------------------------------------------------------


def _record(message: str, **extra: Any) -> logging.LogRecord:
    record = logging.LogRecord("service.access", logging.INFO, __file__, 1, message, None, None)
    for key, value in extra.items():
        setattr(record, key, value)
    return record


def test_a_json_line_is_one_object_with_the_access_fields() -> None:
    fields = {"request_id": "abc", "operation": "getGame", "status": 200, "game_id": "g-1"}
    line = logs.JsonLines().format(_record("a\nb", access=fields))
    assert "\n" not in line
    found = json.loads(line)
    assert found["message"] == "a\nb" and found["level"] == "info"
    assert found["logger"] == "service.access" and found["time"].endswith("Z")
    assert {key: found[key] for key in fields} == fields


def test_a_text_line_escapes_control_characters_and_adds_the_ids() -> None:
    record = _record('1.2.3.4 "GET /x\ny" 404', access={"request_id": "r-9", "game_id": "g-1"})
    line = logs.TextLines().format(record)
    assert "\n" not in line
    assert line.endswith('service.access: 1.2.3.4 "GET /x\\x0ay" 404 request_id=r-9 game_id=g-1')


def test_configured_logging_writes_every_record_with_its_request_id_off_the_caller() -> None:
    stream = io.StringIO()
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    writing = logs.configure("info", "json", stream)
    try:
        token = logs.REQUEST_ID.set("req-7")
        try:
            logging.getLogger("service.clock").warning("the clock is %s", "late")
        finally:
            logs.REQUEST_ID.reset(token)
        logging.getLogger("service.clock").debug("not at this level")
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("service.api").exception("failed")
    finally:
        writing.close()
        root.handlers, _ = saved
        root.setLevel(saved[1])
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert (first["message"], first["request_id"], first["level"]) == (
        "the clock is late",
        "req-7",
        "warning",
    )
    assert second["message"] == "failed" and "ValueError: boom" in second["error"]


def test_a_terminal_gets_text_and_a_pipe_json() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert isinstance(logs.formatter("auto", Terminal()), logs.TextLines)
    assert isinstance(logs.formatter("auto", io.StringIO()), logs.JsonLines)
    assert isinstance(logs.formatter("text", io.StringIO()), logs.TextLines)
