"""`/health` and `/ready` of a served process over a PostgreSQL server that stops and starts.

The test runs a PostgreSQL server of its own (`initdb` and `pg_ctl` into a temporary
folder, on a free port, as the `postgres` user where the test runs as root, which
initdb refuses), so that it may stop it: the machine's shared server is never touched.
While it is stopped the process lives (`/health` 200) and is not ready (`/ready` 503
problem+json, with Retry-After); started again, the same process is ready again.

A probe gives up after a few seconds (an orchestrator's probe has a timeout of its
own), so the client here waits at most `PROBE_TIMEOUT` for each answer.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from patience import PATIENCE

from .live_support import served
from .support import free_port

PROBE_TIMEOUT = 10.0


@dataclass
class Cluster:
    """A PostgreSQL server of this test's own."""

    bindir: Path
    data: Path
    port: int
    user: str | None

    def _run(self, *args: str) -> None:
        subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            check=True,
            user=self.user,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data.parent} -c listen_addresses=127.0.0.1"
        log = str(self.data.parent / "postgres.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")


def _bindir() -> Path | None:
    """Where initdb and pg_ctl are: Debian's versioned folder, else the PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or [shutil.which("initdb")]
    initdb = found[-1]
    if initdb is None or not (Path(initdb).parent / "pg_ctl").exists():
        return None
    return Path(initdb).parent


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    bindir = _bindir()
    if bindir is None:
        pytest.skip("initdb and pg_ctl not found (the PostgreSQL server package)")
    user = None
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres").pw_name
        except KeyError:
            pytest.skip("running as root, and no postgres user for initdb to run as")
    # Under /tmp, not pytest's folder: the postgres user must reach it.
    folder = Path(tempfile.mkdtemp(prefix="penang-rummy-pg-", dir="/tmp"))
    if user is not None:
        shutil.chown(folder, user)
    server = Cluster(bindir, folder / "data", free_port(), user)
    try:
        server._run(
            "initdb", "-D", str(server.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"
        )
        server.start()
        yield server
    finally:
        subprocess.run(
            [str(bindir / "pg_ctl"), "-D", str(server.data), "-m", "immediate", "stop"],
            check=False,
            user=user,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


def _probe(base: str, path: str) -> httpx.Response:
    return httpx.get(base + path, timeout=PROBE_TIMEOUT)


def test_ready_follows_the_store_and_health_the_process(cluster: Cluster, tmp_path: Path) -> None:
    env = {
        "PENANG_RUMMY_STORE": "postgres",
        "PENANG_RUMMY_POSTGRES_PORT": str(cluster.port),
        "PENANG_RUMMY_RATE_LIMIT": "off",
    }
    with served(env, tmp_path) as base:
        assert _probe(base, "/ready").status_code == 200
        cluster.stop()
        down = _probe(base, "/ready")
        assert down.status_code == 503, down.text
        assert down.headers["content-type"] == "application/problem+json"
        assert down.json()["code"] == "store-unavailable"
        assert down.headers["retry-after"] == "1"
        assert _probe(base, "/ready").status_code == 503, "asked again: as soon, as clearly"
        assert _probe(base, "/health").json() == {"status": "ok"}
        cluster.start()
        deadline = time.monotonic() + PATIENCE
        while (status := _probe(base, "/ready").status_code) != 200:
            assert status == 503
            assert time.monotonic() < deadline, "not ready again with the store back"
            time.sleep(0.2)
        created = httpx.post(base + "/games", json={"players": ["Ann", "Bo"]}, timeout=30)
        assert created.status_code == 201, created.text
