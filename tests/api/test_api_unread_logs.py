"""A `serve` process whose standard error nobody reads (a log collector that stalled).

Its lines wait in a queue of at most PENANG_RUMMY_LOG_QUEUE_LINES; beyond it they are
dropped and counted (`penang_rummy_log_lines_dropped_total`), so its memory stays
bounded however many requests come, and SIGTERM stops it within its bounds although
the pipe is never drained.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from .served import serving

#: The queue's bound here: small, so that it fills after a few hundred requests.
QUEUE_LINES = 200
#: Requests sent before memory is measured: the pipe (64 KiB) and the queue are full.
WARM_UP = 2_000
#: Requests sent between the two measures. Unbounded, each line kept cost about 1 KiB
#: (8 MiB for these); bounded, the queue holds no more lines than it did.
MEASURED = 8_000
#: What the process may grow by meanwhile: allocator noise, far below a line a request.
GROWTH_BOUND = 3 * 1024 * 1024


def _resident_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS in /proc")


def _dropped(http: httpx.Client) -> float:
    response = http.get("/metrics")
    response.raise_for_status()
    for line in response.text.splitlines():
        if line.startswith("penang_rummy_log_lines_dropped_total"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError("no penang_rummy_log_lines_dropped_total in /metrics")


def _requests(http: httpx.Client, count: int) -> None:
    for _ in range(count):
        http.get("/health").raise_for_status()


def test_lines_nobody_reads_are_dropped_and_counted_and_never_hold_memory_or_the_stop(
    tmp_path: Path,
) -> None:
    env = {
        "PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "games.sqlite"),
        "PENANG_RUMMY_LOG_QUEUE_LINES": str(QUEUE_LINES),
        "PENANG_RUMMY_SHUTDOWN_SECONDS": "2",
    }
    with serving(env, tmp_path, unread_stderr=True) as served:
        pid = served.process.pid
        with httpx.Client(base_url=served.base) as http:
            _requests(http, WARM_UP)
            before = _resident_bytes(pid)
            _requests(http, MEASURED)
            grown = _resident_bytes(pid) - before
            assert grown < GROWTH_BOUND, f"grew {grown:,} bytes over {MEASURED:,} requests"
            # Every access line since the queue filled, and more: none was kept.
            assert _dropped(http) >= MEASURED
        # Its standard error is still not read: the stop must not wait for it.
        assert served.stop() == 0, served.output()
        unread = served.unread()
    assert '"level":"error"' not in unread and "Traceback" not in unread
