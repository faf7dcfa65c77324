"""A whole match played by four clients that learn whose turn it is only from their
streams, against real `penang-rummy serve` processes (P9, P10, P5, R3).

Each client holds one seat's token of a match opened with the players named, and
follows the match stream as that seat. When a `turn` message says it is its seat's
turn, it picks a turn from `getLegalMoves` (which lists sendable turns) and sends it;
it never polls the game. One client drops its stream in the middle of the first game
and resumes with `Last-Event-ID` while the others play on: the events it gets, before
and after, are every event of the match once, in order. Every message of every seat's
stream, and of a spectator's, is scanned: while a game runs no stream shows another
seat's hand or an undealt card.

Over SQLite one process serves everything. Over PostgreSQL two processes share the
database: seat 0 follows its stream on one and plays through the other, the other
seats the other way round, so every stream shows turns another process recorded
(PostgreSQL LISTEN/NOTIFY, `service.store.notices`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.settings import Settings

from .live_support import Sse, SseReader, assert_stream_keeps_secrets, event_of, play_turn, served

Json = dict[str, Any]
SEATS = 4
#: The client that drops its stream, and after how many of its own turns.
DROPPER, DROP_AFTER = 2, 1
STORES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


@pytest.fixture(params=STORES)
def servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Where clients stream and where they play: one process, or two over PostgreSQL."""
    if request.param == "sqlite":
        env = {"PENANG_RUMMY_SQLITE_PATH": str(tmp_path / "match.sqlite")}
        with served(env, tmp_path) as base:
            yield base, base
        return
    settings: Settings = request.getfixturevalue("postgres_settings")
    env = {
        "PENANG_RUMMY_STORE": "postgres",
        "PENANG_RUMMY_POSTGRES_HOST": settings.postgres_host,
        "PENANG_RUMMY_POSTGRES_PORT": str(settings.postgres_port),
        "PENANG_RUMMY_POSTGRES_DB": settings.postgres_db,
        "PENANG_RUMMY_POSTGRES_USER": settings.postgres_user,
        "PENANG_RUMMY_POSTGRES_PASSWORD": settings.postgres_password,
        # Only a notice can bring another process's turn within the test's patience.
        "PENANG_RUMMY_STREAM_RECHECK_SECONDS": "600",
    }
    with ExitStack() as stack:
        first = stack.enter_context(served(env, tmp_path))
        second = stack.enter_context(served(env, tmp_path))
        yield first, second


@dataclass
class Seat:
    """One client: its seat, token, where it streams and plays, and what it received."""

    seat: int
    token: str
    stream: str
    play: str
    received: list[Sse] = field(default_factory=list)
    turns_played: int = 0
    resumed_after: int | None = None
    #: Where, in `received`, the resumed stream's messages begin.
    resumed_at: int = 0
    failure: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as failure:
            self.failure = failure

    def _play(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        reader = SseReader(self.stream, headers)
        acted: set[tuple[str, int]] = set()
        with httpx.Client(base_url=self.play, timeout=30) as client:
            while True:
                reader.wait(lambda r: r.ended or self._due(r, acted) is not None, timeout=60)
                due = self._due(reader, acted)
                if due is None:
                    assert reader.status == 200 and reader.failure is None, reader.failure
                    self.received += reader.messages
                    return
                acted.add(due)
                response = play_turn(client, due[0], self.seat, self.token)
                assert response.status_code == 200, response.text
                self.turns_played += 1
                if self.seat == DROPPER and self.turns_played == DROP_AFTER:
                    reader = self._drop_and_resume(reader, headers)

    def _due(self, reader: SseReader, acted: set[tuple[str, int]]) -> tuple[str, int] | None:
        """The (game, version) of the last turn message, when it names this seat anew."""
        turn = reader.last_turn()
        if turn is None or turn["over"] or turn["turn"] != self.seat:
            return None
        key = (turn["game_id"], turn["version"])
        return None if key in acted else key

    def _drop_and_resume(self, reader: SseReader, headers: dict[str, str]) -> SseReader:
        reader.drop()
        self.received += reader.messages
        self.resumed_after, self.resumed_at = reader.last_id(), len(self.received)
        time.sleep(0.5)  # the others play on meanwhile
        resumed = {**headers, "Last-Event-ID": str(self.resumed_after)}
        return SseReader(self.stream, resumed)


def _events(messages: list[Sse]) -> list[Sse]:
    return [message for message in messages if message.id is not None]


def test_four_seats_play_a_whole_match_from_their_streams(servers: tuple[str, str]) -> None:
    first, second = servers
    body = {
        "players": ["Aminah", "Ben", "Chen", "Devi"],
        "options": {"games": 2, "rules": {"cards_per_player": 7}},
        # Seat 2 opens the first game (then drops its stream while seats 3 and 1 play), and
        # every seat plays a turn in the match; the games are short (seven cards each).
        "seed": "live-match-16",
    }
    created = httpx.post(first + "/matches", json=body)
    assert created.status_code == 201, created.text
    match = created.json()
    path = f"/matches/{match['match_id']}/stream"
    spectator = SseReader(second + path)
    seats = [
        Seat(
            seat,
            match["tokens"][seat],
            stream=(first if seat == 0 else second) + path,
            play=second if seat == 0 else first,
        )
        for seat in range(SEATS)
    ]
    threads = [threading.Thread(target=seat.run) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    for seat in seats:
        assert seat.failure is None, f"seat {seat.seat}: {seat.failure!r}"
    spectator.join()

    view = httpx.get(f"{first}/matches/{match['match_id']}").json()
    assert view["status"] == "over" and len(view["games"]) == 2
    whole = _events(spectator.messages)
    assert [message.id for message in whole] == list(range(1, len(whole) + 1))
    assert whole[-2].event == "MatchEnded"
    dropper = seats[DROPPER]
    assert dropper.resumed_after is not None and 1 < dropper.resumed_after < len(whole)
    # Its resumed stream began with the turns played while it was away.
    missed = []
    for message in dropper.received[dropper.resumed_at :]:
        if message.event == "turn":
            break
        missed.append(message)
    assert {event_of(message).get("seat") for message in missed} >= {3, 1}, missed
    for seat in seats:
        events = _events(seat.received)
        # Every event once, in order: the resumed client too (no gap, no repeat).
        assert [message.id for message in events] == [message.id for message in whole]
        assert [message.event for message in events] == [message.event for message in whole]
        for own, public in zip(events, whole, strict=True):
            if own.event != "Dealt":  # the deal shows the seat its hand; the rest is public
                assert own.data == public.data
        assert seat.turns_played > 0
        assert_stream_keeps_secrets(seat.received, seat.seat)
    assert_stream_keeps_secrets(spectator.messages, None)
    # The seats' hands in their streams are the hands they were dealt.
    for seat in seats:
        for message in _events(seat.received):
            if message.event == "Dealt":
                game = message.data["game_id"]
                record = httpx.get(f"{first}/games/{game}/events").json()["events"][0]
                assert event_of(message)["hands"][seat.seat] == record["event"]["hands"][seat.seat]
