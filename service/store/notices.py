"""Write notices: which game and match streams a write moved, told to whoever listens.

A notice is a hint, never data: "game G has something up to version N". Listeners
(the live-update hub) read the store, the one source of truth, after a notice; a lost
notice costs latency, never an event (the hub also reads each open stream again every
few seconds).

- In the writing process, `GameStore` tells its `Listeners` after every committed
  write, in the writing thread: a listener must be quick and thread-safe.
- Across processes (PostgreSQL), a notice per stream moved is sent inside the
  transaction that stores the write (PostgreSQL delivers it at commit, and drops it on
  a rollback), with the payload `game:<uuid>:<version>` or `match:<uuid>:<version>`, on
  the channel `CHANNEL`: by the group writer (`pg_writer`), one statement per batch
  with one notice per stream its writes moved; by `NotifyingRecorder` (eventsourcing's
  recorder, a transaction per write), one per stream of each write.
  `PostgresListener`, one thread and one connection per process, hands each notice it
  receives to a callback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import sql

from domain.events import Event
from domain.match.events import MatchEvent
from service.settings import Settings
from service.store.envelopes import EVENT_TOPIC_PREFIX, MATCH_TOPIC_PREFIX, Envelope

#: The PostgreSQL channel of the notices.
CHANNEL: Final = "penang_rummy_streams"
Kind = Literal["game", "match"]
_log = logging.getLogger("service.store.notices")


@dataclass(frozen=True, slots=True)
class Change:
    """A stream of a game or a match now holds events up to `version` (at least)."""

    kind: Kind
    stream: UUID
    version: int

    @property
    def payload(self) -> str:
        return f"{self.kind}:{self.stream}:{self.version}"


Listener = Callable[[Sequence[Change]], None]


def parse(payload: str) -> Change | None:
    """The change a NOTIFY payload names; None for anything else."""
    kind, _, rest = payload.partition(":")
    stream, _, version = rest.rpartition(":")
    if kind not in ("game", "match") or not version.isdigit():
        return None
    try:
        return Change("game" if kind == "game" else "match", UUID(stream), int(version))
    except ValueError:
        return None


def _latest(moved: Iterable[tuple[Kind, UUID, int]]) -> list[Change]:
    latest: dict[UUID, Change] = {}
    for kind, stream, version in moved:
        known = latest.get(stream)
        if known is None or known.version < version:
            latest[stream] = Change(kind, stream, version)
    return list(latest.values())


def changes(envelopes: Iterable[Envelope]) -> list[Change]:
    """The game and match streams `envelopes` move, each with its highest version."""
    return _latest(
        ("game" if isinstance(envelope.event, Event) else "match", *_place(envelope))
        for envelope in envelopes
        if isinstance(envelope.event, (Event, MatchEvent))
    )


def _place(envelope: Envelope) -> tuple[UUID, int]:
    return envelope.originator_id, envelope.originator_version


def stored_changes(stored: Iterable[StoredEvent]) -> list[Change]:
    """The same as `changes`, read from the stored form (the topic names the family)."""
    moved: list[tuple[Kind, UUID, int]] = []
    for event in stored:
        stream = event.originator_id
        stream = stream if isinstance(stream, UUID) else UUID(str(stream))
        if event.topic.startswith(EVENT_TOPIC_PREFIX):
            moved.append(("game", stream, event.originator_version))
        elif event.topic.startswith(MATCH_TOPIC_PREFIX):
            moved.append(("match", stream, event.originator_version))
    return _latest(moved)


class Listeners:
    """Callbacks told of every committed write in this process (any thread may add)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []

    def add(self, listener: Listener) -> Callable[[], None]:
        """Start telling `listener`; answers the function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def remove() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    def publish(self, found: Sequence[Change]) -> None:
        """Tell every listener; a failing listener is logged, never the writer's failure."""
        if not found:
            return
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(found)
            except Exception:
                _log.exception("a write listener failed")


class NotifyingRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL recorder, also sending a NOTIFY per stream moved.

    `_insert_events` is the recorder's hook that runs in the insert's transaction
    before the events are inserted (eventsourcing's process recorder writes its
    tracking record there), so the notices commit, or roll back, with the events.
    """

    def _insert_events(
        self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> None:
        super()._insert_events(curs, stored_events, **kwargs)
        for change in stored_changes(stored_events):
            curs.execute(sql.SQL("SELECT pg_notify(%s, %s)"), (CHANNEL, change.payload))


#: The recorder's topic, for eventsourcing's `APPLICATION_RECORDER_TOPIC`.
RECORDER_TOPIC: Final = f"{__name__}:{NotifyingRecorder.__name__}"


class PostgresListener:
    """One thread that LISTENs on `CHANNEL` and hands each notice to `listener`.

    On every (re)connection it calls `on_connect`: notices sent while it was not
    listening are lost, so whoever listens reads everything again. A connection that
    fails is retried after `retry` seconds until `close`.
    """

    def __init__(
        self,
        settings: Settings,
        listener: Listener,
        on_connect: Callable[[], None],
        retry: float = 1.0,
    ) -> None:
        self._settings = settings
        self._listener = listener
        self._on_connect = on_connect
        self._retry = retry
        self._stop = threading.Event()
        self.listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="penang-rummy-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except psycopg.Error as failure:
                self.listening.clear()
                _log.warning("listening for PostgreSQL notices failed (%s); retrying", failure)
                self._stop.wait(self._retry)

    def _listen(self) -> None:
        settings = self._settings
        with psycopg.connect(
            host=settings.postgres_host,
            port=settings.postgres_port,
            dbname=settings.postgres_db,
            user=settings.postgres_user,
            password=settings.postgres_password,
            autocommit=True,
            connect_timeout=5,
        ) as connection:
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
            self.listening.set()
            self._tell_connected()
            while not self._stop.is_set():
                # Each notice is handed on as it arrives; the timeout only lets `close` in.
                for notice in connection.notifies(timeout=0.5):
                    change = parse(notice.payload)
                    if change is not None:
                        self._tell([change])

    def _tell_connected(self) -> None:
        try:
            self._on_connect()
        except Exception:
            _log.exception("a notice listener failed")

    def _tell(self, found: Sequence[Change]) -> None:
        try:
            self._listener(found)
        except Exception:
            _log.exception("a notice listener failed")
