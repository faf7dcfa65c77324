"""The log's queue (`service.logs.Lines`) when its stream is not read: bounded, its
drops counted and said once the stream takes lines again, its close bounded."""

from __future__ import annotations

import io
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from patience import PATIENCE

from service import logs
from service.metrics import Metrics

#: A hang, not a speed: how long a condition may take to come true.


class Stalled(io.StringIO):
    """A stream whose writes wait until it flows (a pipe nobody reads, then read)."""

    def __init__(self) -> None:
        super().__init__()
        self.flowing = threading.Event()
        self.entered = threading.Event()

    def write(self, text: str) -> int:
        self.entered.set()
        self.flowing.wait(PATIENCE)
        return super().write(text)


def _wait(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.01)


@pytest.fixture
def root() -> Iterator[logging.Logger]:
    """The root logger, its handlers and level put back after the test."""
    logger = logging.getLogger()
    saved = logger.handlers[:], logger.level
    try:
        yield logger
    finally:
        logger.handlers, _ = saved
        logger.setLevel(saved[1])


def test_lines_beyond_the_bound_are_dropped_counted_and_said_once_the_stream_flows(
    root: logging.Logger,
) -> None:
    stream = Stalled()
    writing = logs.configure("info", "json", stream, limit=10)
    log = logging.getLogger("service.access")
    try:
        log.info("first")
        assert stream.entered.wait(PATIENCE), "the writing thread never wrote"
        # The thread is blocked writing `first`: ten lines may wait, the rest are dropped.
        for n in range(50):
            log.info("line %d", n)
        assert (writing.queued(), writing.dropped) == (10, 40)
        assert "penang_rummy_log_lines_dropped_total 40.0" in _figures()
        assert "penang_rummy_log_lines_queued 10.0" in _figures()
        stream.flowing.set()
        _wait(lambda: "dropped" in stream.getvalue())
    finally:
        stream.flowing.set()
        writing.close()
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [line["message"] for line in lines[:11]] == ["first"] + [f"line {n}" for n in range(10)]
    (warning,) = lines[11:]
    assert (warning["level"], warning["logger"]) == ("warning", logs.LOGS_LOGGER)
    assert warning["message"].startswith("40 log lines were dropped")


def test_closing_waits_for_a_stream_nobody_reads_no_longer_than_its_bound(
    root: logging.Logger,
) -> None:
    stream = Stalled()
    writing = logs.configure("info", "json", stream, limit=10)
    logging.getLogger("service.access").info("never read")
    assert stream.entered.wait(PATIENCE)
    closing = threading.Thread(target=writing.close, kwargs={"timeout": 0.1})
    try:
        closing.start()
        closing.join(PATIENCE)
        assert not closing.is_alive(), "close waited for the stream"
    finally:
        stream.flowing.set()
    writing.close()  # again, as logging.shutdown does at exit: at once


def _figures() -> str:
    body, _ = Metrics().exposition(None)
    return body.decode().replace('{process=""}', "")
