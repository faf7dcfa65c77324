"""The rules spec's `Driver` over HTTP: every command and every read is a request.

`HttpDriver` speaks to the service through a Litestar `TestClient` (the caller opens
it as a context manager, so the app's lifespan runs). It deals with an explicit deck
(`Settings.allow_deck`), keeps the seat tokens `POST /games` hands out, and answers in
the shapes `DomainDriver` gives: the API's envelopes (`TurnResult`, `EventsPage`,
`MovesView`) are unwrapped, and a refusal's `application/problem+json` body becomes
the same `Refusal(code, rule, action_index, message)`. Nothing is translated beyond
unwrapping: where the service answers otherwise than the engine, the steps see it.

A turn clock runs out with no request: the service's clock settles the game
(`service.usecases.timeouts.settle`, what its background task runs) at the deadline
the game's view shows, as it would once that time has come, and the driver reads the
events it recorded back over HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from litestar.testing import TestClient

from service.store import GameStore
from service.store.clocks import ClockRow
from service.usecases import timeouts

from .drivers import Json, Outcome, Refusal

PROBLEM_MEDIA_TYPE = "application/problem+json"


class HttpDriverError(RuntimeError):
    """The service answered in a way no rule explains: a bad token, a crash, no problem."""


class HttpDriver:
    """One game at a time, over the service's REST API."""

    def __init__(self, client: TestClient[Any]) -> None:
        self._client = client
        self._game: str | None = None
        self._tokens: tuple[str, ...] = ()

    # --- commands ------------------------------------------------------------------

    def start(
        self,
        players: Sequence[str],
        deck: Sequence[str],
        rules: Mapping[str, Any],
        dealer: int,
        *,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        body = {"players": list(players), "rules": dict(rules), "dealer": dealer, **(table or {})}
        response = self._client.post("/games", json={**body, "deck": list(deck)})
        if response.status_code != 201:
            return Outcome(refusal=_refusal(response))
        created = response.json()
        self._game = str(created["game_id"])
        self._tokens = tuple(created["tokens"])
        # createGame answers with the spectator view; the deal's events are read back.
        return Outcome(events=tuple(self.events(None)))

    def play(self, seat: int, actions: Sequence[Mapping[str, Any]]) -> Outcome:
        return self._command(seat, "turns", {"actions": [dict(action) for action in actions]})

    def declare_dead(self, seat: int) -> Outcome:
        return self._command(seat, "dead", None)

    def time_out(self, seat: int) -> Outcome:
        view = self.view(None)
        deadline = view.get("turn_deadline")
        if view["turn"] != seat or deadline is None:
            raise HttpDriverError(
                f"the clock times out the seat on turn of a clocked game: {view['turn']}, "
                f"deadline {deadline}"
            )
        store = self._client.app.state.store
        assert isinstance(store, GameStore)
        due = datetime.fromisoformat(deadline)
        row = ClockRow(UUID(self._path().rsplit("/", 1)[-1]), view["version"], due)
        if not timeouts.settle(store, row, due):
            raise HttpDriverError(f"the clock recorded no timeout at {deadline}")
        page = self._read(self._path(f"/events?since={view['version']}"), seat)
        return Outcome(events=tuple(_object(record["event"]) for record in page["events"]))

    # --- reading -------------------------------------------------------------------

    def view(self, viewer: int | None) -> Json:
        path = self._path() if viewer is None else self._path(f"/seats/{viewer}")
        return self._read(path, viewer)

    def legal_moves(self, seat: int) -> Json:
        return _object(self._read(self._path(f"/seats/{seat}/moves"), seat)["moves"])

    def events(self, viewer: int | None) -> list[Json]:
        page = self._read(self._path("/events"), viewer)
        return [_object(record["event"]) for record in page["events"]]

    def next_dealer(self, points_recorded: bool) -> int:
        raise NotImplementedError("the API does not choose the next dealer: a domain-only step")

    def first_dealer(self, seats: int, seed: str) -> int:
        raise NotImplementedError("the API does not draw a first dealer: a domain-only step")

    # --- helpers -------------------------------------------------------------------

    def _path(self, rest: str = "") -> str:
        if self._game is None:
            raise RuntimeError("no game has been started")
        return f"/games/{self._game}{rest}"

    def _auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self._tokens[seat]}"}

    def _command(self, seat: int, operation: str, body: Json | None) -> Outcome:
        response = self._client.post(
            self._path(f"/seats/{seat}/{operation}"), json=body, headers=self._auth(seat)
        )
        if response.status_code != 200:
            return Outcome(refusal=_refusal(response))
        records = response.json()["events"]
        return Outcome(events=tuple(_object(record["event"]) for record in records))

    def _read(self, path: str, viewer: int | None) -> Json:
        response = self._client.get(path, headers=self._auth(viewer))
        if response.status_code != 200:
            raise HttpDriverError(f"GET {path}: {response.status_code} {response.text}")
        return _object(response.json())


def _refusal(response: Any) -> Refusal:
    """The refusal a problem answer carries; anything but a refusal of the command raises.

    401 and 403 (tokens), 5xx and answers that are not problems say the driver or the
    service is broken, not that a rule refused the command.
    """
    status = response.status_code
    media_type = response.headers.get("content-type", "").split(";")[0].strip()
    if status in (401, 403) or status >= 500 or media_type != PROBLEM_MEDIA_TYPE:
        request = response.request
        raise HttpDriverError(f"{request.method} {request.url}: {status} {response.text}")
    problem = _object(response.json())
    return Refusal(
        code=str(problem["code"]),
        rule=problem.get("rule"),
        action_index=problem.get("action_index"),
        message=str(problem["detail"]),
    )


def _object(value: Any) -> Json:
    if not isinstance(value, dict):
        raise HttpDriverError(f"expected a JSON object, got {type(value).__name__}")
    return value
