"""Running a simulation: every planned game, in process or over HTTP, until done or stopped.

Each finished game is handed to `on_game` in the calling thread, in the order games
finish. In process the games are played one after another in the calling thread, so
an interrupt (Ctrl-C) abandons the game being played and keeps those already handed
over. Over HTTP `clients` threads each play one game at a time with their own client;
when the calling thread is interrupted, or a game fails, `stop` is set, every client
leaves its game before its next request, and the interrupt or the failure goes on to
the caller once they all have.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

from domain.events import Event
from domain.games import GAMES
from service.simulation import local
from service.simulation.draw_local import draw_plans
from service.simulation.draw_remote import RemoteDrawMatch
from service.simulation.plan import GamePlan, SimulationOptions, plans
from service.simulation.remote import RemoteGame, Stopped
from service.simulation.summary import Outcome, outcome


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game: its plan, its events, and over HTTP the service's record."""

    plan: GamePlan
    events: list[Event]
    exported: bytes | None = None

    @property
    def name(self) -> str:
        """The record's file name."""
        return f"game-{self.plan.number:06d}.json"

    def record(self) -> bytes:
        """The game's record: the service's export, or one written here (unsigned)."""
        if self.exported is not None:
            return self.exported
        return local.record_bytes(self.plan, self.events)

    def outcome(self) -> Outcome:
        return outcome(self.plan, self.events)


class Finished(Protocol):
    """A finished game of Penang, or match of a draw game: its record and its outcome."""

    @property
    def name(self) -> str: ...

    def record(self) -> bytes: ...

    def outcome(self) -> Outcome: ...


OnGame = Callable[[Finished], None]


def run_local(options: SimulationOptions, on_game: OnGame) -> None:
    """Play every planned game in process."""
    for plan in plans(options):
        on_game(Played(plan, local.play_game(plan)))


def run_remote(options: SimulationOptions, url: str, clients: int, on_game: OnGame) -> None:
    """Play every planned game (or match of a draw game) against the service at `url`,
    `clients` at a time."""
    items: Iterator[Any]
    if not GAMES[options.game].has_stock:
        items = plans(options)

        def play(http: httpx.Client, plan: Any, stop: threading.Event) -> Finished:
            return Played(plan, *RemoteGame(http, plan, stop).play())
    else:
        items = draw_plans(options)

        def play(http: httpx.Client, plan: Any, stop: threading.Event) -> Finished:
            return RemoteDrawMatch(http, plan, stop).play()

    _run_clients(items, play, url, clients, on_game)


def _run_clients(
    items: Iterator[Any],
    play: Callable[[httpx.Client, Any, threading.Event], Finished],
    url: str,
    clients: int,
    on_game: OnGame,
) -> None:
    """`clients` threads, each playing one planned item at a time with its own client."""
    stop = threading.Event()
    pending = _Shared(items)
    results: queue.Queue[Finished | BaseException] = queue.Queue()

    def client() -> None:
        try:
            with httpx.Client(base_url=url, timeout=60) as http:
                while (plan := pending.next()) is not None and not stop.is_set():
                    results.put(play(http, plan, stop))
        except Stopped:
            pass
        except BaseException as failure:  # handed to the caller, whatever it is
            stop.set()
            results.put(failure)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    try:
        while any(thread.is_alive() for thread in threads) or not results.empty():
            try:
                item = results.get(timeout=0.1)
            except queue.Empty:
                continue
            if isinstance(item, BaseException):
                raise item
            on_game(item)
    finally:
        stop.set()
        for thread in threads:
            thread.join()


class _Shared:
    """The plans, taken one at a time by several threads."""

    def __init__(self, items: Iterator[Any]) -> None:
        self._items = items
        self._lock = threading.Lock()

    def next(self) -> Any:
        with self._lock:
            return next(self._items, None)
