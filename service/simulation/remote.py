"""One simulated game against a running service, over HTTP (httpx).

The game is created with `POST /games` (the plan's players, rules and seed), then each
turn is played by the seat whose turn it is, through that seat's own token: its bot
reads the seat's view (`GET /games/{id}/seats/{seat}`: its own hand, the table, the
hand sizes) and sends its whole turn (`POST .../turns`), or declares dead
(`POST .../dead`), naming the version it saw (`If-Match`). When the game is over, its
record is the service's own export (`GET /games/{id}/record`: signed, as `penang-rummy
verify` reads it). A run asked to stop leaves the game between two requests.
`check_service` asks the service whether it is ready before any game is planned, so
that a wrong or dead URL is one line, not a summary of no games.
"""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

import httpx
import msgspec

from domain.events import Event
from domain.penang.views import GameView
from domain.records import load_record
from service.simulation.plan import GamePlan
from service.usecases.open_types import dec_hook


class RemoteError(Exception):
    """The service did not answer as a game in play should: the request and the answer."""


class Stopped(Exception):
    """The run was asked to stop before this game ended."""


class _Health(msgspec.Struct, frozen=True):
    status: str


def check_service(url: str) -> None:
    """Return if a Penang Rummy service at `url` is ready to play (`GET /ready`: the
    process and its event store answer); else RemoteError, in one line saying what
    answered, if anything did."""
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            response = client.get("/ready")
    except (httpx.HTTPError, httpx.InvalidURL) as error:
        raise RemoteError(
            f"no service answers at {url}: {error} (start one with `penang-rummy serve`)"
        ) from None
    try:
        ready = msgspec.json.decode(response.content, type=_Health).status == "ok"
    except msgspec.DecodeError:
        ready = False
    if response.status_code != 200 or not ready:
        answer = " ".join([str(response.status_code), *response.text[:200].split()])
        raise RemoteError(f"{url} is not a Penang Rummy service ready to play: GET /ready {answer}")


class _Created(msgspec.Struct, frozen=True):
    game_id: UUID
    tokens: tuple[str, ...]
    view: GameView


class _Answered(msgspec.Struct, frozen=True):
    view: GameView


class ApiCalls:
    """One client's calls to a service, each answer checked; none once `stop` is set."""

    def __init__(self, client: httpx.Client, stop: threading.Event, playing: str) -> None:
        self.client = client
        self.stop = stop
        #: What the calls play ("game 3"), as a stop names what it left unfinished.
        self.playing = playing

    def _call(self, method: str, path: str, answer: type[Any], status: int, **kwargs: Any) -> Any:
        response = self._send(method, path, status, **kwargs)
        try:
            return msgspec.json.decode(response.content, type=answer, dec_hook=dec_hook)
        except msgspec.DecodeError as error:
            raise RemoteError(f"{method} {path}: an unexpected answer: {error}") from None

    def _send(self, method: str, path: str, status: int, **kwargs: Any) -> httpx.Response:
        if self.stop.is_set():
            raise Stopped(f"{self.playing} was left unfinished")
        try:
            response = self.client.request(method, path, **kwargs)
        except httpx.HTTPError as error:
            raise RemoteError(f"{method} {path}: {error}") from None
        if response.status_code != status:
            raise RemoteError(
                f"{method} {path}: {response.status_code} {response.text[:300].strip()}"
            )
        return response


class RemoteGame(ApiCalls):
    """The plan's game, played through a service's API by one client."""

    def __init__(self, client: httpx.Client, plan: GamePlan, stop: threading.Event) -> None:
        super().__init__(client, stop, f"game {plan.number}")
        self.plan = plan

    def play(self) -> tuple[list[Event], bytes]:
        """Every event of the game, and its record as the service exported it."""
        body = {
            "players": list(self.plan.players),
            "rules": msgspec.to_builtins(self.plan.rules),
            "seed": self.plan.seed,
        }
        created = self._call("POST", "/games", _Created, 201, json=body)
        game, tokens, turn = created.game_id, created.tokens, created.view.turn
        bots = self.plan.seat_bots()
        while turn is not None:
            auth = {"Authorization": f"Bearer {tokens[turn]}"}
            seat = f"/games/{game}/seats/{turn}"
            view = self._call("GET", seat, GameView, 200, headers=auth)
            decision = bots[turn].turn(view)
            headers = {**auth, "If-Match": f'"{view.version}"'}
            if decision is None:
                answer = self._call("POST", f"{seat}/dead", _Answered, 200, headers=headers)
            else:
                headers["Content-Type"] = "application/json"
                content = msgspec.json.encode(decision)
                answer = self._call(
                    "POST", f"{seat}/turns", _Answered, 200, headers=headers, content=content
                )
            turn = answer.view.turn
        record = self._send("GET", f"/games/{game}/record", 200).content
        return list(load_record(record).events), record
