"""The rules spec's `Driver` over HTTP: every command and every read is a request.

`HttpDriver` speaks to the service through a Litestar `TestClient` (the caller opens
it as a context manager, so the app's lifespan runs). It deals with an explicit deck
(`Settings.allow_deck`), keeps the seat tokens `POST /games` hands out, and answers in
the shapes `DomainDriver` gives: the API's envelopes (`TurnResult`, `EventsPage`,
`MovesView`) are unwrapped, and a refusal's `application/problem+json` body becomes
the same `Refusal(code, rule, action_index, message)`. Nothing is translated beyond
unwrapping: where the service answers otherwise than the engine, the steps see it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.testing import TestClient

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

    @property
    def game_id(self) -> str:
        """The game being played (for the live-update streams)."""
        if self._game is None:
            raise RuntimeError("no game has been started")
        return self._game

    @property
    def tokens(self) -> tuple[str, ...]:
        """Each seat's bearer token, by seat."""
        return self._tokens

    # --- commands ------------------------------------------------------------------

    def start(
        self, players: Sequence[str], deck: Sequence[str], rules: Mapping[str, Any], dealer: int
    ) -> Outcome:
        body = {"players": list(players), "rules": dict(rules), "dealer": dealer}
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
