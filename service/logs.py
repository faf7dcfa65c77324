"""Logging for `penang-rummy serve`: one line per record, as JSON or as readable text.

The app logs through the standard library and configures nothing (its host does):
`configure` is what `serve` does. Every record becomes one line on standard error,
a JSON object (`time`, `level`, `logger`, `message`, the request id of the request
that logged it, and an access line's fields) or, on a terminal, readable text. The
lines are written by a thread of their own (`Lines`): the event loop hands a record
over and never waits for the terminal or the pipe.

Standard error may stop being read (a log collector that stalled, a pipe nobody
drains): the records waiting are bounded (`PENANG_RUMMY_LOG_QUEUE_LINES`), those
beyond are dropped and counted (`Lines.dropped`, served as
`penang_rummy_log_lines_dropped_total`), and a warning line says so once lines can be
written again. Closing waits at most `CLOSE_SECONDS` for the lines queued, so a stop
never waits on a reader.

The access lines (`ACCESS_LOGGER`, level info, one per request) are written by
`service.api.observe`; they carry no header, so no token, and no query string but
the parameters known to be safe.
"""

from __future__ import annotations

import logging
import queue
import re
import sys
import threading
import time
from contextvars import ContextVar
from typing import Any, Final, TextIO

import msgspec

from service.settings import LOG_QUEUE_LINES

ACCESS_LOGGER: Final = "service.access"
#: The id of the request being answered, for every record logged while it is.
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
#: Control characters (a path may hold a decoded newline): escaped in text lines.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_encoder = msgspec.json.Encoder()
#: How long the writing thread lets lines gather once one has come (at most this late).
GATHER_SECONDS: Final = 0.05
#: The records that may wait to be written by default (`Settings.log_queue_lines`).
QUEUE_LINES: Final = LOG_QUEUE_LINES
#: How long closing waits for the queued lines to be written (standard error may be
#: a pipe nobody reads: the process stops anyway, and those lines are lost).
CLOSE_SECONDS: Final = 5.0
#: The least time between two warnings that lines were dropped.
DROPPED_NOTE_SECONDS: Final = 60.0
#: Where the warning that lines were dropped comes from.
LOGS_LOGGER: Final = "service.logs"
_traceback = logging.Formatter()
#: The last second a line's time was written for, and its text.
_second: list[Any] = [None, ""]
#: The fields a text line adds after the message (the rest of an access line is in it).
_TEXT_FIELDS: Final = ("request_id", "proxy", "game_id", "match_id", "seat")


def _time(created: float) -> str:
    """RFC 3339 in UTC, to the millisecond (the seconds' text is kept: lines come in bursts)."""
    whole = int(created)
    if _second[0] != whole:
        _second[:] = [whole, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole))]
    return f"{_second[1]}.{int((created - whole) * 1000):03d}Z"


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields: dict[str, Any] = getattr(record, "access", None) or {}
    request_id = getattr(record, "request_id", None)
    if request_id is not None and "request_id" not in fields:
        fields = {"request_id": request_id, **fields}
    return fields


class JsonLines(logging.Formatter):
    """A record as one JSON object."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _time(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **_fields(record),
        }
        if record.exc_text:
            line["error"] = record.exc_text
        return _encoder.encode(line).decode("utf-8")


class TextLines(logging.Formatter):
    """A record as readable text: time, level, logger, message, then `name=value`s."""

    def format(self, record: logging.LogRecord) -> str:
        fields = _fields(record)
        extra = " ".join(
            f"{name}={fields[name]}" for name in _TEXT_FIELDS if fields.get(name) is not None
        )
        text = f"{_time(record.created)} {record.levelname} {record.name}: {record.getMessage()}"
        text = _escaped(f"{text} {extra}" if extra else text)
        return f"{text}\n{record.exc_text}" if record.exc_text else text


def _escaped(text: str) -> str:
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


class Lines(logging.Handler):
    """The root logger's one handler: each record, its message and traceback made text
    and its request id set, goes to a thread that formats the lines and writes them,
    those that queued up meanwhile in one write, so that no caller waits for the
    stream (nor for a lock of this handler: the queue is the hand-over).

    At most `limit` records wait: a record that finds the queue full is dropped and
    counted (`dropped`), before any work is spent on it. A stream that stopped being
    read would otherwise keep every record in memory (about 1 KiB each) for as long as
    the process runs. Once lines are written again, one warning line says how many were
    dropped (at most one every `DROPPED_NOTE_SECONDS`).
    """

    def __init__(self, stream: TextIO, formatter: logging.Formatter, limit: int) -> None:
        super().__init__()
        self.setFormatter(formatter)
        self.limit = limit
        #: Records dropped because `limit` were waiting (read by the metrics).
        self.dropped = 0
        self._stream = stream
        self._drop_lock = threading.Lock()
        #: `dropped` as the last warning said it, and when that warning was written.
        self._noted: tuple[int, float | None] = (0, None)
        self._closing = False
        self._records: queue.SimpleQueue[logging.LogRecord | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._write, name="penang-rummy-log", daemon=True)
        self._thread.start()

    def queued(self) -> int:
        """Records waiting to be written."""
        return self._records.qsize()

    def handle(self, record: logging.LogRecord) -> bool:
        if self._records.qsize() >= self.limit:
            with self._drop_lock:  # taken only when dropping: `+=` is not atomic
                self.dropped += 1
            return False
        record.request_id = REQUEST_ID.get()
        if record.args:  # the arguments may change once the call returns
            record.msg, record.args = record.getMessage(), None
        if record.exc_info:
            record.exc_text = _traceback.formatException(record.exc_info)
            record.exc_info = None
        self._records.put(record)
        return True

    def emit(self, record: logging.LogRecord) -> None:
        self.handle(record)

    def close(self, timeout: float = CLOSE_SECONDS) -> None:
        """Write what is queued, waiting at most `timeout` seconds, then stop the thread.

        The first call waits; later ones (`logging.shutdown` at exit) return at once. A
        thread still blocked on its stream is left to the interpreter's exit.
        """
        if not self._closing:
            self._closing = True
            self._records.put(None)
            self._thread.join(timeout)
        super().close()

    def _write(self) -> None:
        while True:
            first = self._records.get()
            if first is not None:
                # The lines of a burst queue up meanwhile: one wake-up, one write for them
                # all, where a wake-up per line would cost more than the line.
                time.sleep(GATHER_SECONDS)
            batch = [first]
            while True:
                try:
                    batch.append(self._records.get_nowait())
                except queue.Empty:
                    break
            # Those dropped by now came after the batch's lines: said after them.
            dropped = self.dropped
            lines = [line for record in batch if record is not None if (line := self._line(record))]
            if lines:
                self._put("\n".join(lines) + "\n")
                self._note_dropped(dropped)
            if any(record is None for record in batch):
                return

    def _put(self, text: str) -> None:
        self._stream.write(text)
        self._stream.flush()

    def _note_dropped(self, dropped: int) -> None:
        """Lines were written: say how many of `dropped` the last warning did not, if any."""
        noted, when = self._noted
        now = time.monotonic()
        if dropped == noted or (when is not None and now - when < DROPPED_NOTE_SECONDS):
            return
        self._noted = (dropped, now)
        record = logging.LogRecord(
            LOGS_LOGGER,
            logging.WARNING,
            __file__,
            0,
            f"{dropped - noted} log lines were dropped: standard error was not read as fast "
            f"as lines came ({self.limit} may wait, PENANG_RUMMY_LOG_QUEUE_LINES); "
            "penang_rummy_log_lines_dropped_total counts them",
            None,
            None,
        )
        if line := self._line(record):
            self._put(line + "\n")

    def _line(self, record: logging.LogRecord) -> str:
        try:
            return self.format(record)
        except Exception:
            self.handleError(record)
            return ""


def writing() -> Lines | None:
    """The handler `configure` installed, if any (the metrics read its figures)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, Lines):
            return handler
    return None


def formatter(log_format: str, stream: TextIO) -> logging.Formatter:
    """`json`, `text`, or `auto`: text on a terminal, JSON otherwise."""
    if log_format == "json" or (log_format == "auto" and not stream.isatty()):
        return JsonLines()
    return TextLines()


def configure(
    level: str, log_format: str, stream: TextIO | None = None, limit: int = QUEUE_LINES
) -> Lines:
    """Every logger's records at `level` and above, one line each on `stream` (standard
    error), written by a thread, at most `limit` waiting: close the handler answered to
    write what is queued.

    Where in the code a record was made, and in which thread or process, is not looked
    up (none of it is in a line; the logging documentation's optimisations).
    """
    stream = stream or sys.stderr
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    handler = Lines(stream, formatter(log_format, stream), limit)
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())
    return handler
