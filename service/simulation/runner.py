"""Running a simulation: every planned game, in process or over HTTP, until done or stopped.

Each finished game (or match) is handed to `on_game` in the calling thread, in the order games
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
from typing import Any

import httpx

from service.simulation.local import run_local
from service.simulation.outcomes import Played
from service.simulation.plan import Plan, SimulationOptions, plans
from service.simulation.remote import RemoteGame, Stopped

__all__ = ["OnGame", "Played", "run_local", "run_remote"]

OnGame = Callable[[Played], None]


def run_remote(options: SimulationOptions, url: str, clients: int, on_game: OnGame) -> None:
    """Play every planned game (or match) against the service at `url`, `clients` at a
    time."""

    def play(http: httpx.Client, plan: Plan, stop: threading.Event) -> Played:
        return RemoteGame(http, plan, stop).play()

    _run_clients(plans(options), play, url, clients, on_game)


def _run_clients(
    items: Iterator[Any],
    play: Callable[[httpx.Client, Any, threading.Event], Played],
    url: str,
    clients: int,
    on_game: OnGame,
) -> None:
    """`clients` threads, each playing one planned item at a time with its own client."""
    stop = threading.Event()
    pending = _Shared(items)
    results: queue.Queue[Played | BaseException] = queue.Queue()

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
