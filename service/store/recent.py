"""A bounded, thread-safe map of the most recently used entries (the store's caches)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most `size` entries; the least recently kept one goes first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._entries.get(key)

    def keep(self, key: K, value: V, replaces: Callable[[V], bool] | None = None) -> None:
        """Keep `value` for `key`; where one is kept already, only if `replaces(old)`."""
        with self._lock:
            old = self._entries.get(key)
            if old is None or replaces is None or replaces(old):
                self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
