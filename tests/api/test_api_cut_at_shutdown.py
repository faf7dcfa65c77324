"""A request cut by a stop (SIGTERM), on SQLite and on PostgreSQL, with players, a stream
and a bot table running: a request that outlasts PENANG_RUMMY_SHUTDOWN_SECONDS (its
body never finishes) is cut, answered 503 `service-stopping`, and logged as one warning
line naming its method, path and request id, never as an error with a traceback. The
process exits 0, every turn answered is stored once, and the cut turn, sent again to a
restarted process, lands once. In process: the cut counted
(`penang_rummy_http_requests_cut_total`), and a request cut mid-answer closed, uvicorn's
traceback of it dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.api.forwarded import Proxies
from service.api.observe import SHUTDOWN_LOGGER, Observer, StopLines
from service.metrics import Metrics

from .conftest import STORES
from .load import (
    Player,
    assert_each_answer_stored_once,
    candidates,
    create_game,
    events_after_deal,
    play,
    retry,
    wait_for_answers,
)
from .served import PATIENCE, Served, postgres_env, serving
from .test_api_shutdown import StreamLines

PLAYERS = 3
TURNS_BEFORE_STOP = 12
BOTS = {"players": [{"bot": "greedy"}, {"bot": "random"}], "game": "rummy"}


def _env(store: str, request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    env = {"PENANG_RUMMY_SHUTDOWN_SECONDS": "2", "PENANG_RUMMY_BOT_THINK_MS": "20"}
    if store == "postgres":
        return {**env, **postgres_env(request.getfixturevalue("postgres_settings"))}
    return {**env, "PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "games.sqlite")}


def _hold(served: Served, player: Player) -> socket.socket:
    """The next turn of `player`'s game, sent but for its body's last bytes: a request
    under way that never finishes (noted as lost, to be sent again)."""
    with httpx.Client(base_url=served.base) as http:
        player.lost = next(candidates(http, player.game))
        connection = socket.create_connection(("127.0.0.1", int(served.base.rsplit(":", 1)[1])))
        connection.sendall(player.lost.raw()[:-5])
        # A request sent after it is answered: the server has read the held one's head.
        http.get(f"/games/{player.game['game_id']}").raise_for_status()
    return connection


def _answer(connection: socket.socket) -> bytes:
    connection.settimeout(PATIENCE)
    chunks = []
    while chunk := connection.recv(65536):
        chunks.append(chunk)
    connection.close()
    return b"".join(chunks)


def _lines(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("store", STORES)
def test_a_request_cut_by_a_stop_is_one_warning_line_and_a_503_never_a_traceback(
    store: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    env = _env(store, request, tmp_path)
    stop = threading.Event()
    with serving(env, tmp_path) as first:
        bots = httpx.post(f"{first.base}/games", json={**BOTS, "seed": f"cut-bots-{store}"})
        assert bots.status_code == 201, bots.text
        players = [Player(create_game(first.base, f"cut-{store}-{n}")) for n in range(PLAYERS)]
        held = Player(create_game(first.base, f"cut-{store}-held"))
        stream = StreamLines(f"{first.base}/games/{players[0].game['game_id']}/stream")
        with ThreadPoolExecutor(PLAYERS) as pool:
            running = [pool.submit(play, first.base, player, stop) for player in players]
            wait_for_answers(players, running, TURNS_BEFORE_STOP)
            connection = _hold(first, held)
            code = first.stop()
            stop.set()
            for future in running:
                future.result()
        answer = _answer(connection)
        output = first.output()
    assert code == 0, output
    assert stream.ended.wait(PATIENCE), "the stream did not end"
    lines = _lines(output)
    assert "Traceback" not in output and "Exception in ASGI application" not in output
    assert [line for line in lines if line["level"] in ("error", "critical")] == []
    assert held.lost is not None
    (cut,) = [line for line in lines if line["logger"] == "service.shutdown"]
    assert cut["level"] == "warning", cut
    assert (cut["method"], cut["path"]) == ("POST", held.lost.path)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503"), answer
    assert f"x-request-id: {cut['request_id']}".encode() in head.lower()
    assert json.loads(body)["code"] == "service-stopping"
    with serving(env, tmp_path, "restarted") as second:
        assert events_after_deal(second.base, held.game) == [], "nothing of it was stored"
        for player in [*players, held]:
            retry(second.base, player)
            assert_each_answer_stored_once(second.base, player)


async def _cut(app: Any, metrics: Metrics) -> list[Any]:
    """A request through an observer to `app`, cancelled as uvicorn cancels one that
    outlasts the stop; the messages it sent. Raises what the cancelled task raised."""
    sent: list[Any] = []
    entered = asyncio.Event()

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        entered.set()
        await asyncio.Event().wait()  # the body's last bytes never come

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/games/x/turns",
        "query_string": b"",
        "headers": [],
        "client": ("127.0.0.1", 4711),
        "state": {},
    }
    observer = Observer(app, Proxies((), "x-forwarded-for"), metrics, True)
    task = asyncio.create_task(observer(scope, receive, send))  # type: ignore[arg-type]
    await asyncio.wait_for(entered.wait(), PATIENCE)
    task.cancel(msg="Task cancelled, timeout graceful shutdown exceeded")
    await task
    return sent


def test_a_cut_request_is_counted_and_answered_503_with_its_request_id(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def reading(scope: Any, receive: Any, send: Any) -> None:
        await receive()

    metrics = Metrics()
    caplog.set_level(logging.WARNING, logger=SHUTDOWN_LOGGER)
    start, body = asyncio.run(_cut(reading, metrics))
    assert start["status"] == 503
    headers = dict(start["headers"])
    assert headers[b"content-type"] == b"application/problem+json"
    assert headers[b"retry-after"] == b"1"
    assert json.loads(body["body"])["code"] == "service-stopping"
    (record,) = [record for record in caplog.records if record.name == SHUTDOWN_LOGGER]
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.access["request_id"] == headers[b"x-request-id"].decode()
    assert (record.access["method"], record.access["path"]) == ("POST", "/games/x/turns")
    figures = metrics.exposition(None)[0].decode()
    assert 'penang_rummy_http_requests_cut_total{operation="unmatched",process=""} 1.0' in figures
    assert 'http_requests_total{operation="unmatched",process="",status="503"} 1.0' in figures


def test_a_request_cut_mid_answer_is_closed_and_uvicorns_traceback_of_it_dropped() -> None:
    async def answering(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{", "more_body": True})
        await receive()

    metrics = Metrics()
    with pytest.raises(asyncio.CancelledError) as cut:
        asyncio.run(_cut(answering, metrics))
    # As uvicorn logs the error that ended a request's task: dropped, being ours.
    lines = StopLines()
    traceback = (type(cut.value), cut.value, cut.value.__traceback__)
    assert not lines.filter(_uvicorn("Exception in ASGI application\n", traceback))
    other = RuntimeError("a fault")
    assert lines.filter(_uvicorn("Exception in ASGI application\n", (RuntimeError, other, None)))
    cancel = _uvicorn("Cancel %s running task(s), timeout graceful shutdown exceeded", None, 1)
    assert lines.filter(cancel) and cancel.levelname == "WARNING"
    assert 'requests_cut_total{operation="unmatched",process=""} 1.0' in (
        metrics.exposition(None)[0].decode()
    )


def _uvicorn(message: str, exc_info: Any, *args: object) -> logging.LogRecord:
    return logging.LogRecord(
        "uvicorn.error", logging.ERROR, __file__, 1, message, args or None, exc_info
    )
