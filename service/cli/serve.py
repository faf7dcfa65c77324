"""`penang-rummy serve`: run the HTTP API with uvicorn.

Every setting of `service.settings.SETTINGS` is read from its environment variable;
the ones marked as flags are also options here, which win. Before anything is
created, the listening socket is bound (a busy port fails before the SQLite file
exists), the store is checked (`service.store.preflight`) and the signing key read, or
created where none is configured (`service.keyfiles`); a bad setting, a busy port, an
unreachable store or an unreadable key is one line on standard error and exit code 2.
The start-up lines say which version serves, from which store, with which key file and
limits (each process keeps its own), at which address, and how to run the command from
any folder.

On SIGTERM (or Ctrl-C) it stops accepting, ends each live-update stream with a
`retry:` hint, waits up to `shutdown_seconds` for the requests under way, closes the
store once every write it took is committed, writes the log lines still queued (waiting
at most `logs.CLOSE_SECONDS`: standard error may be a pipe nobody reads), and exits 0
(`_Server`).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import logging
import os
import socket
import sys
import sysconfig
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

import uvicorn
from litestar import Litestar

from service import logs, version
from service.api.index import CONTRACT_PATH, DOCS_PATH
from service.api.observe import StopLines
from service.api.stream_hub import end_streams
from service.api.url_secrets import RedactSecrets
from service.app import create_app
from service.bootstrap import run_anywhere
from service.cli.http_protocol import ProblemHttpToolsProtocol
from service.keyfiles import KeyFileError, open_keyring, signing_key_file
from service.settings import (
    SETTINGS,
    Settings,
    SettingsError,
    Value,
    choices,
    environment_help,
    parse,
)
from service.store.preflight import StoreUnavailable, prepare_store

EXIT_CONFIGURATION: Final = 2


class ListenError(Exception):
    """The address cannot be listened on; the message is one line saying why."""


def add_serve_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Add `serve` to a CLI's subcommands; its `run` default returns the exit code."""
    serve = subparsers.add_parser(
        "serve",
        help="run the HTTP API",
        description="Run the HTTP API over the configured event store\n(by default an "
        "SQLite file in the working directory: no set-up needed).",
        epilog=environment_help()
        + "\n\nexit codes: 0 stopped (by SIGTERM or Ctrl-C too), 2 a bad setting, a busy port "
        "or an unreachable store",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for row in SETTINGS:
        if not row.flag:
            continue
        text = f"{row.meaning.replace('`', '')}; default {row.default} ({row.variable})"
        if isinstance(getattr(Settings(), row.field), bool):
            serve.add_argument(
                row.option, dest=row.field, action=argparse.BooleanOptionalAction, help=text
            )
            continue
        name = row.field.rsplit("_", 1)[-1].upper()
        metavar = "{" + ",".join(choices(row)) + "}" if choices(row) else name
        serve.add_argument(row.option, dest=row.field, metavar=metavar, help=text)
    serve.set_defaults(run=run_serve)
    return serve


def settings_from(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> Settings:
    """The environment's settings, with the flags given on the command line instead."""
    flags: dict[str, Value] = {}
    for row in SETTINGS:
        given = getattr(args, row.field, None) if row.flag else None
        if isinstance(given, bool):
            flags[row.field] = given
        elif given is not None:
            flags[row.field] = parse(row, str(given), row.option)
    return Settings.from_env(environ).replace(flags)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to `host:port`, before anything else is created."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as failure:
        raise ListenError(f"cannot listen on {host}: {failure.strerror}") from None
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as failure:
        listener.close()
        if failure.errno == errno.EADDRINUSE:
            raise ListenError(
                f"port {port} on {host} is in use: stop what listens there, or choose "
                "another port with --port (or PENANG_RUMMY_PORT)"
            ) from None
        raise ListenError(f"cannot listen on {host}:{port}: {failure.strerror}") from None
    return listener


def run_serve(args: argparse.Namespace) -> int:
    try:
        settings = settings_from(args)
        listener = listen(settings.host, settings.port)
    except (SettingsError, ListenError) as failure:
        return _refuse(failure)
    try:
        lines = start_up_lines(settings)
    except (StoreUnavailable, KeyFileError) as failure:
        listener.close()
        return _refuse(failure)
    for line in lines:
        print(line, flush=True)
    # Every line, the access lines, the service's warnings and uvicorn's own, goes to
    # standard error in one format (`service.logs`); the app configures no logging.
    writing = logs.configure(
        settings.log_level, settings.log_format, limit=settings.log_queue_lines
    )
    try:
        app = create_app(settings)
        app.on_startup.append(freeze_heap)
        config = uvicorn_config(app, settings)
        # uvicorn's access lines are off; were they on, no token or ticket in them.
        logging.getLogger("uvicorn.access").addFilter(RedactSecrets())
        logging.getLogger("uvicorn.error").addFilter(StopLines())
        _Server(config, app).run(sockets=[listener])
    finally:
        writing.close()
    return 0


def freeze_heap() -> None:
    """Once the app has started (its modules, routes, contract and store are made, and
    live as long as the process): leave what exists out of the garbage collector's
    future passes (`gc.freeze`).

    The oldest generation's pass walks every object the process holds, and those made
    at start-up are most of them; under turn load such a pass came every few thousand
    turns and cost about 0.03 ms a turn, spread (0.01 ms with them frozen, measured in
    process). Only `serve` freezes: a test process makes and drops many apps, whose
    objects, once frozen, would never be collected.
    """
    gc.collect()
    gc.freeze()


def limits_note(settings: Settings) -> str:
    """The limits, for the start-up lines. Each process keeps its own (`service.api.limits`,
    `service.usecases.hub`): N processes behind a balancer allow up to N times them
    (tests/bench/bench_shared_limits.py measured what sharing them would cost)."""
    rates = (
        f"{settings.rate_per_address} requests a minute per address, {settings.rate_per_token} "
        f"per bearer token (bursts of {settings.rate_burst_seconds} s), "
        if settings.rate_limit
        else "no rate limits, "
    )
    streams = (
        f"{settings.streams_per_token} streams per bearer token, {settings.streams_per_address} "
        "per address without one"
    )
    return (
        f"limits per process: {rates}{streams}; N processes behind a balancer allow a client "
        "up to N times these"
    )


def start_up_lines(settings: Settings) -> list[str]:
    """Check the store and load (or create) the signing key; what to say about them.

    The key is read here, before the app starts, so that a missing or unreadable key
    file is one line like any other bad setting, and the lines name the file read or
    created.
    """
    store_note = prepare_store(settings)
    keys, created = open_keyring(settings)
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    base = f"http://{host}:{settings.port}"
    key = f"signing key {signing_key_file(settings).resolve()} (key id {keys.current.kid})"
    if settings.in_memory and settings.signing_key is None:
        key = (
            "signing key made in memory for this process, never saved: the records it signs "
            "verify while it serves (PENANG_RUMMY_SIGNING_KEY names a key file to keep)"
        )
    # `python3 -m service` works from the checkout's root only: name the command that
    # runs from anywhere.
    hint = run_anywhere(Path(sysconfig.get_path("scripts")), os.environ.get("PATH", ""))
    notes = [
        store_note,
        created or key,
        limits_note(settings),
        f"serving {base}/ (docs {base}{DOCS_PATH}, contract {base}{CONTRACT_PATH})",
        hint,
    ]
    first = f"penang-rummy {version()}: store {settings.describe_store()}"
    return [first, *(f"penang-rummy: {note}" for note in notes if note)]


def uvicorn_config(app: Litestar, settings: Settings) -> uvicorn.Config:
    """uvicorn's settings: its logging left to ours, and no forwarded header believed.

    Requests httptools cannot parse are answered as problems
    (`ProblemHttpToolsProtocol`). uvicorn's own access lines are off: the app writes its
    own (`service.api.observe`), and uvicorn's would show each query string, where a
    secret may stand. Its reading
    of `X-Forwarded-For` (on by default, trusting 127.0.0.1) is off: the app reads the
    forwarded headers of the proxies its settings trust, and only theirs.
    """
    return uvicorn.Config(
        app,
        http=ProblemHttpToolsProtocol,
        log_config=None,
        log_level=settings.log_level,
        access_log=False,
        proxy_headers=False,
        timeout_graceful_shutdown=settings.shutdown_seconds,
    )


class _Server(uvicorn.Server):
    """uvicorn's server, stopping as an operator expects on SIGTERM (or Ctrl-C).

    It stops accepting first, then ends the live-update streams, each with its `retry:`
    hint (`service.api.streams`): a stream finishes only when its game does, and
    uvicorn waits for every response under way, up to `Settings.shutdown_seconds`,
    before it shuts the app down (the store closes last, once its writer has committed
    every write it holds). Its clients reconnect after the hint, and a balancer sends
    them to another process; ending the streams before the listener closed would let
    them reconnect here, to be turned away.

    A stop asked for by a signal that went as planned exits 0, as `serve --help` says:
    uvicorn would raise the signal again once stopped, making every clean stop look
    like a kill (-15) to whoever watches the process.
    """

    def __init__(self, config: uvicorn.Config, app: Litestar) -> None:
        super().__init__(config)
        self._app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        end_streams(self._app)
        await super().shutdown(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        with super().capture_signals():
            yield
            # Stopped: the signal asked for exactly this, so it is not raised again.
            self._captured_signals.clear()


def _refuse(failure: Exception) -> int:
    print(f"penang-rummy serve: {failure}", file=sys.stderr)
    return EXIT_CONFIGURATION
