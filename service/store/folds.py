"""Folded states of one kind of stream (games, matches), cached and kept up to date.

A cached state is brought up to date by reading only the events after its version, so
several processes over one database stay correct: a read always ends at the store's
latest event. The cache is a bounded LRU: `size` states at most. A stream is read with
one plain SELECT (`reading`), its events folded at once. With `first_load` (games: a
finished game's snapshot, `snapshots`), a stream not cached is loaded by it: a state
at the stream's latest version, or the events to fold, and told back (`folded`) when
that fold is over.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any, Generic, Protocol, TypeVar
from uuid import UUID

from service.errors import VersionNotFound
from service.store.reading import ReadStream


class Versioned(Protocol):
    @property
    def version(self) -> int: ...

    @property
    def over(self) -> bool: ...


E = TypeVar("E")
S = TypeVar("S", bound=Versioned)


class FoldedStreams(Generic[E, S]):
    """The streams whose records are events of `kind`, folded by `fold` into states."""

    def __init__(
        self,
        read: ReadStream,
        kind: type[Any],
        fold: Callable[[Iterable[E], S | None], S],
        not_found: Callable[[UUID], Exception],
        size: int,
        *,
        looked: Callable[[bool], None] = lambda found: None,
        first_load: Callable[[UUID], tuple[S | None, list[Any] | None]] | None = None,
        folded: Callable[[UUID, S], None] = lambda stream, state: None,
    ) -> None:
        self._read = read
        self._kind = kind
        self._fold = fold
        self._not_found = not_found
        self._size = size
        #: Told of each lookup of a cached state: found or not (the cache's figures).
        self._looked = looked
        #: A stream's state kept at its latest version, else its events (module doc).
        self._first_load = first_load
        #: Told of each state over that a first load folded from the events.
        self._folded = folded
        self._lock = threading.Lock()
        self._states: OrderedDict[UUID, S] = OrderedDict()

    def __len__(self) -> int:
        with self._lock:
            return len(self._states)

    def events(self, stream: UUID, after: int = 0, upto: int | None = None) -> list[E]:
        """The stream's events after version `after` (up to version `upto`), in order.

        Only a stream of this kind is one: the id of any other stream (a secrets or
        idempotency stream, which a client could derive, or a stream of another kind) is
        answered not found, and its records never decoded into a response.
        """
        return self._checked(stream, self._read(stream, after, upto))

    def _checked(self, stream: UUID, found: list[Any]) -> list[E]:
        # Checked in C, event by event: a rebuild reads every event of the stream.
        if not all(map(isinstance, found, repeat(self._kind))):
            raise self._not_found(stream)
        return found

    def state(self, stream: UUID) -> S:
        """The stream's current state, or not found."""
        cached = self.cached(stream)
        if cached is None and self._first_load is not None:
            return self._loaded(stream, self._first_load)
        after = 0 if cached is None else cached.version
        new = self.events(stream, after)
        if not new:
            if cached is None:
                raise self._not_found(stream)
            return cached
        state = self._fold(new, cached)
        self.remember(stream, state)
        return state

    def _loaded(
        self, stream: UUID, first_load: Callable[[UUID], tuple[S | None, list[Any] | None]]
    ) -> S:
        """The state of a stream not cached, by `first_load` (module doc)."""
        kept, found = first_load(stream)
        if kept is None:
            new = self._checked(stream, found or [])
            if not new:
                raise self._not_found(stream)
            kept = self._fold(new, None)
            if kept.over:
                self._folded(stream, kept)
        self.remember(stream, kept)
        return kept

    def state_at(self, stream: UUID, version: int, current: S | None = None) -> tuple[S, S]:
        """The state at `version` and the current state (`current`, where the caller
        has read it already).

        Raises not found, or VersionNotFound for a version the stream has not reached
        (eventsourcing would silently answer the latest state).
        """
        current = self.state(stream) if current is None else current
        if not 1 <= version <= current.version:
            raise VersionNotFound(version, current.version)
        if version == current.version:
            return current, current
        return self._fold(self.events(stream, upto=version), None), current

    def cached(self, stream: UUID) -> S | None:
        """The cached state, which may be behind the store."""
        with self._lock:
            found = self._states.get(stream)
        self._looked(found is not None)
        return found

    def peek(self, stream: UUID) -> S | None:
        """The cached state, as `cached`, not counted as a lookup (the cache's figures)."""
        with self._lock:
            return self._states.get(stream)

    def remember(self, stream: UUID, state: S) -> None:
        """Cache `state` unless a newer one is cached already."""
        with self._lock:
            cached = self._states.get(stream)
            if cached is None or cached.version < state.version:
                self._states[stream] = state
            self._states.move_to_end(stream)
            while len(self._states) > self._size:
                self._states.popitem(last=False)
