"""Rate limits that hold for the whole service (kept in PostgreSQL) against the service's
per-process limits: the cost of each per request.

    python tests/bench/bench_shared_limits.py [--requests 3000]

The same requests go through each form: 8 clients taking turns, each with its own
bearer token from its own address, each at 90% of what its limits allow (a clock of
the benchmark's own moves on between requests, so that no figure waits for real time):

- per process: the service's `RateLimits` (`service.api.limits`), buckets in memory;
- shared, one UPSERT per request: both buckets of a request (its address's and its
  token's) kept as rows of one PostgreSQL table, refilled and taken from by one
  `INSERT ... ON CONFLICT DO UPDATE` per row, both sent at once (psycopg's pipeline)
  on one connection;
- shared, leased: each process keeps its buckets in memory but fills them only with
  leases from the same rows, a slice of the burst at a time (the statement grants what
  the shared bucket holds, up to the slice); a request waits for the database only
  when its bucket is empty. Run as processes behind a round-robin balancer (instances
  taking each client's requests in turn): a tenth of the burst over two processes, and
  a quarter over four, which leases less often but holds more of each bucket in
  processes its client has left. The requests refused show what the leases cost in
  accuracy: a client inside its limits should see none.

Each form's cost is CPU time per request: the benchmark's own, and for the shared
forms the PostgreSQL backend's too (read from /proc). The baseline is the per-process
form, and, for scale, the server CPU of the cheapest limited request, `GET
/games/{id}`, served by `penang-rummy serve` (a fresh SQLite file, rate limits off).
The goal: a shared form may add at most 5% of that request's CPU. Each shared form is
printed with its figure and `met` or `not met`.

Needs PostgreSQL (PENANG_RUMMY_TEST_POSTGRES, default `host=127.0.0.1 port=5432
dbname=test user=postgres`; without one, it says so and measures the per-process form
only). The shared forms are built here only far enough to be measured: the service
keeps its limits per process (docs/operators.md says how they multiply).
No assertions on timings.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx
import psycopg
from bench_http import run_clients, server_cpu
from scale_support import postgres_database, served, store_env, verdict

from service.api.limits import RateLimits
from service.errors import RateLimited
from service.settings import Settings

CLIENTS = 8
#: The share of its limits each client sends.
PACE = 0.9
#: The leased forms measured: a lease is this share of the burst (at least one request),
#: behind a round-robin balancer over this many processes.
LEASES = ((0.1, 2), (0.25, 4))
#: The most a shared form may add per request, as a share of a served GET's CPU.
GOAL = 0.05
TABLE = "bench_rate_buckets"
_CREATE = (
    f"CREATE UNLOGGED TABLE IF NOT EXISTS {TABLE} (key text PRIMARY KEY, "
    "tat float8 NOT NULL, granted int NOT NULL, seen float8 NOT NULL)"
)
# A token bucket as its "theoretical arrival time" (GCRA): the bucket is full when
# `tat` <= now, and each request granted moves `tat` on by 1 / rate. Every SET sees the
# row as it was, so `granted` is what this statement took.
_AVAILABLE = "FLOOR(%(burst)s - (GREATEST(b.tat, EXCLUDED.seen) - EXCLUDED.seen) * %(rate)s)"
_GRANT = f"GREATEST(0, LEAST(%(want)s, {_AVAILABLE}))"
LEASE = (
    f"INSERT INTO {TABLE} AS b (key, tat, granted, seen) "
    "VALUES (%(key)s, %(now)s + %(want)s / %(rate)s, %(want)s, %(now)s) "
    f"ON CONFLICT (key) DO UPDATE SET granted = {_GRANT}, "
    f"tat = GREATEST(b.tat, EXCLUDED.seen) + {_GRANT} / %(rate)s, seen = EXCLUDED.seen "
    "RETURNING granted"
)


@dataclass(frozen=True)
class Limits:
    per_address: int
    per_token: int
    burst_seconds: int

    def bucket(self, kind: str) -> tuple[float, float]:
        """(rate per second, burst) of a kind of key, as `RateLimits` sets them."""
        per_minute = self.per_address if kind == "address" else self.per_token
        return per_minute / 60.0, max(1.0, per_minute * self.burst_seconds / 60.0)


def workload(limits: Limits, requests: int) -> Iterator[tuple[float, str, str]]:
    """(the clock, an address, a token) of each request: the clients in turn, each at
    PACE of the tighter of its two limits."""
    rate = min(limits.per_address, limits.per_token) / 60.0 * PACE
    for number in range(requests):
        client = number % CLIENTS
        yield number / (rate * CLIENTS), f"10.0.0.{client}", f"token-{client}"


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def per_process(limits: Limits, requests: int) -> tuple[float, int]:
    """CPU seconds per request of `RateLimits`, and the requests refused."""
    clock = Clock()
    buckets = RateLimits(limits.per_address, limits.per_token, limits.burst_seconds, clock)
    refused = 0
    started = time.process_time()
    for now, address, token in workload(limits, requests):
        clock.now = now
        try:
            buckets.count(address, token)
        except RateLimited:
            refused += 1
    return (time.process_time() - started) / requests, refused


class Shared:
    """One connection to the benchmark's table, and the CPU its backend has spent."""

    def __init__(self, settings: Settings) -> None:
        self.db = psycopg.connect(
            host=settings.postgres_host,
            port=settings.postgres_port,
            dbname=settings.postgres_db,
            user=settings.postgres_user,
            password=settings.postgres_password,
            autocommit=True,
        )
        self.db.execute(_CREATE)
        self.db.execute(f"TRUNCATE {TABLE}")
        row = self.db.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        self.backend = int(row[0])

    def lease(self, rows: list[dict[str, Any]]) -> list[int]:
        """Take up to `want` from each row's bucket in one statement: what each granted."""
        granted = []
        with self.db.pipeline():
            cursors = [self.db.execute(LEASE, row) for row in rows]
        for cursor in cursors:
            found = cursor.fetchone()
            granted.append(int(found[0]) if found else 0)
        return granted

    def cpu(self) -> float:
        return server_cpu(self.backend) or 0.0


def _row(limits: Limits, kind: str, key: str, now: float, want: float) -> dict[str, Any]:
    rate, burst = limits.bucket(kind)
    return {"key": f"{kind}:{key}", "rate": rate, "burst": burst, "now": now, "want": want}


def upsert_each(shared: Shared, limits: Limits, requests: int) -> tuple[float, int]:
    """CPU seconds per request (ours and the backend's) of one UPSERT per request."""
    refused = 0
    started, backend = time.process_time(), shared.cpu()
    for now, address, token in workload(limits, requests):
        rows = [_row(limits, "address", address, now, 1), _row(limits, "token", token, now, 1)]
        refused += min(shared.lease(rows)) == 0
    spent = time.process_time() - started + shared.cpu() - backend
    return spent / requests, refused


class Leased:
    """One process's buckets, filled by leases of `share` of the burst from the shared rows."""

    def __init__(self, shared: Shared, limits: Limits, share: float) -> None:
        self.shared, self.limits, self.share = shared, limits, share
        self.stock: dict[str, float] = {}
        self.leases = 0

    def admit(self, now: float, keys: list[tuple[str, str]]) -> bool:
        empty = [(kind, key) for kind, key in keys if self.stock.get(f"{kind}:{key}", 0) < 1]
        if empty:
            rows = []
            for kind, key in empty:
                slice_ = max(1.0, self.limits.bucket(kind)[1] * self.share)
                rows.append(_row(self.limits, kind, key, now, slice_))
            self.leases += len(rows)
            for row, granted in zip(rows, self.shared.lease(rows), strict=True):
                self.stock[row["key"]] = self.stock.get(row["key"], 0) + granted
        names = [f"{kind}:{key}" for kind, key in keys]
        if any(self.stock.get(name, 0) < 1 for name in names):
            return False
        for name in names:
            self.stock[name] -= 1
        return True


def leased(
    shared: Shared, limits: Limits, requests: int, share: float, count: int
) -> tuple[float, int, float]:
    """CPU seconds per request, requests refused, leases per request, over `count`
    processes behind a round-robin balancer (each client's requests go to each in turn)."""
    shared.db.execute(f"TRUNCATE {TABLE}")
    processes = [Leased(shared, limits, share) for _ in range(count)]
    refused = 0
    started, backend = time.process_time(), shared.cpu()
    for number, (now, address, token) in enumerate(workload(limits, requests)):
        process = processes[(number // CLIENTS) % count]
        refused += not process.admit(now, [("address", address), ("token", token)])
    spent = time.process_time() - started + shared.cpu() - backend
    leases = sum(process.leases for process in processes)
    return spent / requests, refused, leases / requests


def served_get_cpu(seconds: float) -> float | None:
    """Server CPU seconds per `GET /games/{id}` of a served process (None: no /proc)."""
    with tempfile.TemporaryDirectory(prefix="penang-rummy-bench-") as directory:
        settings = Settings(sqlite_path=str(Path(directory) / "bench.sqlite"))
        with served(store_env(settings, Path(directory)), Path(directory)) as (server, base):
            body = {"players": ["Aminah", "Ben", "Chen"], "seed": "bench-limits"}
            game = httpx.post(base + "/games", json=body).json()["game_id"]
            stop = time.monotonic() + seconds
            before = server_cpu(server.pid)
            count, _ = run_clients(4, _get_until, f"{base}/games/{game}", stop)
            after = server_cpu(server.pid)
    if before is None or after is None or not count:
        return None
    return (after - before) / count


def _get_until(url: str, stop: float) -> int:
    done = 0
    with httpx.Client() as client:
        while time.monotonic() < stop:
            client.get(url).raise_for_status()
            done += 1
    return done


def report(figures: dict[str, Any]) -> list[str]:
    """The figures, the baseline and the goal of each shared form (`met` or `not met`)."""

    def us(seconds: float) -> str:
        return f"{seconds * 1e6:,.1f} µs"

    base, get = figures["per process"], figures["served GET"]
    lines = [
        f"{figures['requests']} requests, {CLIENTS} clients at {PACE:.0%} of their limits:",
        f"  baseline, per process (RateLimits, memory): {us(base)} CPU per request, "
        f"{figures['per process refused']} refused",
        "  for scale, a served GET /games/{id}: "
        + (f"{us(get)} server CPU per request" if get else "not measured (no /proc)"),
    ]
    if "upsert" not in figures:
        return [*lines, f"  shared forms: not measured ({figures['no postgres']})"]
    lines.append(
        f"  shared, one UPSERT per request: {us(figures['upsert'])} CPU per request "
        "(ours and PostgreSQL's)"
    )
    costs = [("one UPSERT per request", figures["upsert"])]
    for (share, count), (cost, refused, per) in figures["leased"].items():
        name = f"leased slices of {share:.0%} of the burst, {count} processes"
        lines.append(
            f"  shared, {name}: {us(cost)} CPU per request, {per:.2f} leases per request, "
            f"{refused} refused (the clients are inside their limits)"
        )
        costs.append((name, cost))
    for name, cost in costs:
        goal = f"  goal {name} adds <= {GOAL:.0%} of a served GET's CPU"
        if get:
            share = (cost - base) / get
            lines.append(f"{goal}: {share:.1%}, {verdict(share <= GOAL)}")
        else:
            lines.append(f"{goal}: not measured")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests through each form")
    args = parser.parse_args()
    defaults = Settings()
    limits = Limits(defaults.rate_per_address, defaults.rate_per_token, defaults.rate_burst_seconds)
    figures: dict[str, Any] = {"requests": args.requests}
    figures["per process"], figures["per process refused"] = per_process(limits, args.requests)
    figures["served GET"] = served_get_cpu(3.0)
    with postgres_database() as found:
        if isinstance(found, str):
            figures["no postgres"] = found
        else:
            shared = Shared(found)
            try:
                figures["upsert"], _ = upsert_each(shared, limits, args.requests)
                figures["leased"] = {
                    (share, count): leased(shared, limits, args.requests, share, count)
                    for share, count in LEASES
                }
            finally:
                shared.db.close()
    print("\n".join(report(figures)), flush=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
