"""The streams a live-updates scenario opens (features/penang/live_updates.feature).

`Streams` opens a game's stream for a viewer (a seat with its token, or a spectator)
on a running server and keeps a reader per viewer (`tests/api/live_support.py`), and
what each received before a drop, so that a resumed stream can be checked whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from api.live_support import Sse, SseReader

from .http_driver import HttpDriver

Viewer = int | None


@dataclass
class Streams:
    """The readers of one scenario, by viewer; closed at its end."""

    base: str
    driver: HttpDriver
    readers: dict[Viewer, SseReader] = field(default_factory=dict)
    dropped: dict[Viewer, list[Sse]] = field(default_factory=dict)

    def open(self, viewer: Viewer, after: int | None = None) -> SseReader:
        headers = {}
        if viewer is not None:
            headers["Authorization"] = f"Bearer {self.driver.tokens[viewer]}"
        if after is not None:
            headers["Last-Event-ID"] = str(after)
        url = f"{self.base}/games/{self.driver.game_id}/stream"
        reader = self.readers[viewer] = SseReader(url, headers)
        return reader

    def reader(self, viewer: Viewer) -> SseReader:
        assert viewer in self.readers, f"{_name(viewer)} follows no stream"
        return self.readers[viewer]

    def drop(self, viewer: Viewer) -> None:
        reader = self.readers.pop(viewer)
        reader.drop()
        self.dropped[viewer] = self.dropped.get(viewer, []) + reader.messages

    def received(self, viewer: Viewer) -> list[Sse]:
        """Every message the viewer got: before its drops, and since."""
        return self.dropped.get(viewer, []) + self.reader(viewer).messages

    def close(self) -> None:
        for reader in self.readers.values():
            if not reader.ended:
                reader.drop()


def _name(viewer: Viewer) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"
