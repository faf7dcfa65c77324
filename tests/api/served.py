"""`penang-rummy serve` as a process of its own, for the tests that stop one on purpose.

`serving` starts it with the PENANG_RUMMY_ variables given (none of the caller's
reach it; the rate limits are off unless given), waits until it is ready, and yields a
`Served`: its URL, and `stop` to send it SIGTERM as an operator's supervisor would and
wait for its exit code. Its output goes to a file, read back by `output` (or, with
`unread_stderr`, its standard error goes to a pipe that nobody reads until it has
exited: `unread`). `processes` starts several over one store (`postgres_env` names a
PostgreSQL database).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from patience import PATIENCE

from service.settings import Settings

from .support import ROOT, free_port

#: How long a start, or a stop, may take before the test fails (a hang, not a speed).


@dataclass
class Served:
    """One served process: its URL, and its output so far."""

    process: subprocess.Popen[bytes]
    base: str
    log: Path

    def stop(self) -> int:
        """SIGTERM, then its exit code once it has exited."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=PATIENCE)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def unread(self) -> str:
        """What it wrote to an unread standard error (`unread_stderr`), once it has exited."""
        assert self.process.stderr is not None and self.process.poll() is not None
        return self.process.stderr.read().decode(errors="replace")


@contextmanager
def serving(
    env: Mapping[str, str], directory: Path, name: str = "serve", *, unread_stderr: bool = False
) -> Iterator[Served]:
    """A ready `penang-rummy serve` process in `directory`; killed after, if still running.

    `unread_stderr`: its standard error is a pipe nobody reads while it runs (a log
    collector that stalled)."""
    port = free_port()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PENANG_RUMMY_")}
    clean.update(PYTHONPATH=str(ROOT), PENANG_RUMMY_RATE_LIMIT="off")
    clean.update(env)
    log = directory / f"{name}-{port}.log"
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    with log.open("wb") as out:
        stderr = subprocess.PIPE if unread_stderr else subprocess.STDOUT
        process = subprocess.Popen(command, cwd=directory, env=clean, stdout=out, stderr=stderr)
    served = Served(process, f"http://127.0.0.1:{port}", log)
    try:
        _wait_ready(served)
        yield served
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=PATIENCE)
        if process.stderr is not None:
            process.stderr.close()


def _wait_ready(served: Served) -> None:
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            httpx.get(served.base + "/ready", timeout=2).raise_for_status()
            return
        except httpx.HTTPError:
            assert served.process.poll() is None, served.output()
            assert time.monotonic() < deadline, f"the server did not start: {served.output()}"
            time.sleep(0.1)


@contextmanager
def processes(
    count: int, env: Mapping[str, str], directory: Path, name: str = "serve"
) -> Iterator[list[Served]]:
    """`count` ready `serving` processes over one store (`env` names it), stopped after."""
    with ExitStack() as stack:
        yield [stack.enter_context(serving(env, directory, f"{name}-{n}")) for n in range(count)]


def postgres_env(settings: Settings) -> dict[str, str]:
    """The PENANG_RUMMY_ variables of a process over the PostgreSQL database `settings` name."""
    return {
        "PENANG_RUMMY_STORE": "postgres",
        "PENANG_RUMMY_POSTGRES_HOST": settings.postgres_host,
        "PENANG_RUMMY_POSTGRES_PORT": str(settings.postgres_port),
        "PENANG_RUMMY_POSTGRES_DB": settings.postgres_db,
        "PENANG_RUMMY_POSTGRES_USER": settings.postgres_user,
        "PENANG_RUMMY_POSTGRES_PASSWORD": settings.postgres_password,
    }
