"""The service's figures: one Prometheus registry per app, served at `GET /metrics`.

Counted where they happen, with prometheus_client's own counters and histograms
(each a lock-guarded float, no thread hop): requests by operation id and status and
their latency (`service.api.observe`), commands recorded by game
(`usecases.pipeline_steps`), refusals by problem code and rule id
(`service.api.problems`), the store's commits, their sizes and latency (`store.writer`,
a group writer's batches, or `store.game_writes` where a store writes with none),
lookups in its caches of folded games and matches (`store.folds`), the turn clock's
backlog (`usecases.timeouts`), and requests cut unanswered by a stop
(`service.api.observe`). What is a state rather than an event (open streams, cached
games, the log lines waiting or dropped by `service.logs`) is read when scraped
(`watch`, `_LogFigures`), so that it costs nothing in between.

Labels are bounded: operation ids, never paths with ids; game names; problem codes
and rule ids. Each process serves its own figures, every sample labelled `process`
(the host and the port it serves: several processes on one machine each answer at
their own port). prometheus_client's multiprocess mode is not used: it is for worker
processes that share one port, which `penang-rummy serve` never forks, and it keeps
every figure in files.

A registry per app, not prometheus_client's global one: an app's figures are its own
(the tests build many apps in one process, and a store made by a tool counts apart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.exposition import choose_encoder
from prometheus_client.gc_collector import GCCollector
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from service import logs

PREFIX: Final = "penang_rummy_"
#: Seconds: a turn answered from memory takes about a millisecond, a cold read more.
LATENCY_BUCKETS: Final = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)  # fmt: skip
#: Writes in one commit: the group writer takes at most 64 (`store.writer.MAX_BATCH`).
BATCH_BUCKETS: Final = (1, 2, 4, 8, 16, 32, 64)
#: A gauge read when scraped: its label names and a reading of each labelled value.
Reading = Callable[[], Mapping[tuple[str, ...], float]]


class Metrics:
    """The figures of one app (module doc); `process` labels every sample served."""

    def __init__(self, process: str = "", info: Mapping[str, str] | None = None) -> None:
        self.process = process
        self.registry = registry = CollectorRegistry()
        self._requests = Counter(
            PREFIX + "http_requests",
            "HTTP requests answered, by operation id and status",
            ["operation", "status"],
            registry=registry,
        )
        self._latency = Histogram(
            PREFIX + "http_request_duration_seconds",
            "Time from a request's arrival to the end of its answer, by operation id",
            ["operation"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self._turns = Counter(
            PREFIX + "turns",
            "Commands recorded on a game (turns, dead declarations, time-outs), by game",
            ["game"],
            registry=registry,
        )
        self._cut = Counter(
            PREFIX + "http_requests_cut",
            "Requests cut unanswered by a stop (they outlasted PENANG_RUMMY_SHUTDOWN_SECONDS), "
            "by operation id",
            ["operation"],
            registry=registry,
        )
        self._refusals = Counter(
            PREFIX + "refusals",
            "Requests refused with a problem (4xx), by status, problem code and rule id",
            ["status", "code", "rule"],
            registry=registry,
        )
        self._store_figures(registry)
        self._clock_figures(registry)
        Info(PREFIX + "build", "The service's version and store", registry=registry).info(
            dict(info or {})
        )
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)
        self._watched = _Watched()
        registry.register(self._watched)
        registry.register(_LogFigures())
        self._counted: dict[tuple[str, int | None], Counter] = {}
        self._timed: dict[str, Histogram] = {}
        self._games: dict[str, Counter] = {}

    def _store_figures(self, registry: CollectorRegistry) -> None:
        self._commit_seconds = Histogram(
            PREFIX + "store_commit_seconds",
            "Time of each transaction that stores writes",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self._commit_writes = Histogram(
            PREFIX + "store_commit_writes",
            "Writes stored by each transaction (the group writer shares one among many)",
            buckets=BATCH_BUCKETS,
            registry=registry,
        )
        self._commit_failures = Counter(
            PREFIX + "store_commit_failures",
            "Transactions that failed (nothing of them was stored)",
            registry=registry,
        )
        self._conflicts = Counter(
            PREFIX + "store_write_conflicts",
            "Writes refused because another write took their version first",
            registry=registry,
        )
        self._lookups = Counter(
            PREFIX + "cache_lookups",
            "Lookups of a folded game or match in this process's cache, by cache and result",
            ["cache", "result"],
            registry=registry,
        )

    def _clock_figures(self, registry: CollectorRegistry) -> None:
        self._clock_due = Gauge(
            PREFIX + "clock_due_games",
            "Clocked games whose turn had run out when the turn clock last looked (its backlog)",
            registry=registry,
        )
        self._clock_lag = Gauge(
            PREFIX + "clock_lag_seconds",
            "How long past its deadline the most overdue turn was at the clock's last look",
            registry=registry,
        )
        self._clock_looked = Gauge(
            PREFIX + "clock_last_look_timestamp_seconds",
            "When the turn clock last looked at its deadlines (POSIX seconds)",
            registry=registry,
        )
        self._timeouts = Counter(
            PREFIX + "clock_timeouts", "Seats the turn clock timed out", registry=registry
        )
        self._clock_failures = Counter(
            PREFIX + "clock_failures",
            "Looks of the turn clock that failed (the store did not answer)",
            registry=registry,
        )

    # --- counting -------------------------------------------------------------------------

    def request(self, operation: str, status: int | None, seconds: float) -> None:
        """One request answered (`status` None: the client left before any answer)."""
        key = (operation, status)
        counted = self._counted.get(key)
        if counted is None:
            label = "none" if status is None else str(status)
            counted = self._counted[key] = self._requests.labels(operation, label)
        counted.inc()
        timed = self._timed.get(operation)
        if timed is None:
            timed = self._timed[operation] = self._latency.labels(operation)
        timed.observe(seconds)

    def request_cut(self, operation: str) -> None:
        """A request cut by a stop before its answer was done (`service.api.observe`)."""
        self._cut.labels(operation).inc()

    def turn_recorded(self, game: str) -> None:
        counted = self._games.get(game)
        if counted is None:
            counted = self._games[game] = self._turns.labels(game)
        counted.inc()

    def refused(self, status: int, code: str, rule: str | None) -> None:
        self._refusals.labels(str(status), code, rule or "").inc()

    def lookups(self, cache: str) -> Callable[[bool], None]:
        """What a cache calls at each lookup: found (a hit) or not (a miss)."""
        hit, miss = self._lookups.labels(cache, "hit"), self._lookups.labels(cache, "miss")

        def looked(found: bool) -> None:
            (hit if found else miss).inc()

        return looked

    def committed(self, writes: int, seconds: float, conflicts: int = 0) -> None:
        """A transaction stored `writes` writes (`conflicts` more were refused in it); one
        that stored none is only its conflicts."""
        if writes:
            self._commit_seconds.observe(seconds)
            self._commit_writes.observe(writes)
        if conflicts:
            self._conflicts.inc(conflicts)

    def commit_failed(self) -> None:
        self._commit_failures.inc()

    def clock_looked(self, due: int, lag: float, timed_out: int) -> None:
        """The turn clock looked: `due` games were overdue, the oldest by `lag` seconds."""
        self._clock_due.set(due)
        self._clock_lag.set(lag)
        self._clock_looked.set_to_current_time()
        if timed_out:
            self._timeouts.inc(timed_out)

    def clock_failed(self) -> None:
        self._clock_failures.inc()

    def watch(self, name: str, documentation: str, labels: Iterable[str], read: Reading) -> None:
        """A gauge read at each scrape (`read` answers each label tuple's value)."""
        self._watched.gauges.append((PREFIX + name, documentation, tuple(labels), read))

    # --- serving --------------------------------------------------------------------------

    def exposition(self, accept: str | None) -> tuple[bytes, str]:
        """Every figure in the format `accept` asks for (Prometheus text by default, or
        OpenMetrics), and its media type."""
        encoder, media_type = choose_encoder(accept or "")
        return encoder(_Labelled(self.registry, self.process)), media_type


class _Watched(Collector):
    """The gauges read at each scrape (`Metrics.watch`)."""

    def __init__(self) -> None:
        self.gauges: list[tuple[str, str, tuple[str, ...], Reading]] = []

    def describe(self) -> Iterable[Metric]:
        return ()

    def collect(self) -> Iterable[Metric]:
        for name, documentation, labels, read in self.gauges:
            family = GaugeMetricFamily(name, documentation, labels=labels)
            for values, value in read().items():
                family.add_metric(values, value)
            yield family


class _LogFigures(Collector):
    """The log's queue (`service.logs.Lines`), read at each scrape: the process's one
    handler, whichever app serves (none in a process that configured no logging: 0)."""

    def describe(self) -> Iterable[Metric]:
        return ()

    def collect(self) -> Iterable[Metric]:
        writing = logs.writing()
        yield CounterMetricFamily(
            PREFIX + "log_lines_dropped",
            "Log lines dropped because standard error was not read as fast as they came "
            "(PENANG_RUMMY_LOG_QUEUE_LINES were waiting)",
            value=writing.dropped if writing else 0,
        )
        yield GaugeMetricFamily(
            PREFIX + "log_lines_queued",
            "Log lines waiting to be written to standard error",
            value=writing.queued() if writing else 0,
        )


class _Labelled(Collector):
    """A registry's figures with a `process` label on every sample."""

    def __init__(self, registry: CollectorRegistry, process: str) -> None:
        self._registry = registry
        self._process = process

    def collect(self) -> Iterable[Metric]:
        for family in self._registry.collect():
            labelled = Metric(family.name, family.documentation, family.type, family.unit)
            labelled.samples = [
                sample._replace(labels={**sample.labels, "process": self._process})
                for sample in family.samples
            ]
            yield labelled
