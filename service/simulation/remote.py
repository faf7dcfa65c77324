"""Simulated play against a running service, over HTTP (httpx), through its API alone.

A single game is created with `POST /games` (the plan's players, game, rules and seed),
a match with `POST /matches` (its players, game, rules, how it ends and its seed: the
same match seed, so the same first dealer and hands as in process,
`service.simulation.local`). Then each command is sent by the seat whose turn it is,
through that seat's own token: its bot reads the seat's view (`GET
/games/{id}/seats/{seat}`, of the game's view type, `Game.view_types`) and sends one
command (`POST .../turns`), or declares dead (`POST .../dead`), naming the version it saw
(`If-Match`). The turn that ends a hand of a match names the next one (`next_game`).
When the game or match is over, its record is the service's own export (`GET
/games/{id}/record`, `GET /matches/{id}/record`: signed, as `penang-rummy verify` reads
it). A run asked to stop leaves the game between two requests. `check_service` asks the
service whether it is ready before any game is planned, so that a wrong or dead URL is
one line, not a summary of no games.
"""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

import httpx
import msgspec

from domain.bots.seats import bots_of
from domain.fair import bot_seed, game_seed
from domain.match.draw_options import DrawMatchOptions
from domain.match.records import load_match_record
from domain.records import load_record
from service.simulation.outcomes import Played
from service.simulation.plan import Plan
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


class _Seen(msgspec.Struct, frozen=True):
    turn: int | None


class _CreatedGame(msgspec.Struct, frozen=True):
    game_id: UUID
    tokens: tuple[str, ...]
    view: _Seen


class _CreatedMatch(msgspec.Struct, frozen=True):
    match_id: UUID
    tokens: tuple[str, ...]
    game_id: UUID | None


class _MatchGame(msgspec.Struct, frozen=True):
    number: int
    game_id: str


class _Match(msgspec.Struct, frozen=True):
    games: tuple[_MatchGame, ...]


class _Answered(msgspec.Struct, frozen=True):
    view: _Seen
    next_game: UUID | None = None


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
    """The plan's game or match, played through a service's API by one client."""

    def __init__(self, client: httpx.Client, plan: Plan, stop: threading.Event) -> None:
        kind = "game" if plan.match is None else "match"
        super().__init__(client, stop, f"{kind} {plan.number}")
        self.plan = plan
        self.spec = plan.spec
        self.decisions = 0

    def play(self) -> Played:
        """The finished game or match, with its record as the service exported it."""
        if self.plan.match is not None:
            return self._match(self.plan.match)
        created = self._call("POST", "/games", _CreatedGame, 201, json=self._body())
        game, tokens = created.game_id, created.tokens
        self._play_out(game, tokens, self.plan.server_seed, created.view.turn)
        record = self._send("GET", f"/games/{created.game_id}/record", 200).content
        return Played(self.plan, load_record(record), self.decisions, record)

    def _body(self) -> dict[str, Any]:
        # A game without a stock takes `rules`, a draw game `draw_rules` (Game.has_stock).
        rules = "draw_rules" if self.spec.has_stock else "rules"
        return {
            "players": list(self.plan.players),
            "game": self.plan.game,
            rules: msgspec.to_builtins(self.plan.rules),
            "seed": self.plan.seed,
        }

    def _match(self, options: DrawMatchOptions) -> Played:
        body = self._body()
        ending = {"games": options.games, "target": options.target}
        if any(value is not None for value in ending.values()):
            body["options"] = {k: v for k, v in ending.items() if v is not None}
        created = self._call("POST", "/matches", _CreatedMatch, 201, json=body)
        match, game = created.match_id, created.game_id
        while game is not None:
            # The hand's number, as the match lists it, names the seed it was dealt from.
            games = self._call("GET", f"/matches/{match}", _Match, 200).games
            number = next((hand.number for hand in games if hand.game_id == str(game)), None)
            if number is None:
                raise RemoteError(f"GET /matches/{match}: no hand {game} among its games")
            seed = game_seed(self.plan.server_seed, number)
            turn = self._call("GET", f"/games/{game}", _Seen, 200).turn
            game = self._play_out(game, created.tokens, seed, turn)
        record = self._send("GET", f"/matches/{match}/record", 200).content
        return Played(self.plan, load_match_record(record), self.decisions, record)

    def _play_out(
        self, game: UUID, tokens: tuple[str, ...], server_seed: bytes, turn: int | None
    ) -> UUID | None:
        """Every command of the game from `turn` on, each seeded as in process; the next
        hand of the match dealt after it, if any."""
        view_type = self.spec.view_types[0]  # a seat's view
        plays = [bots_of(self.spec)[bot] for bot in self.plan.bots]
        while turn is not None:
            auth = {"Authorization": f"Bearer {tokens[turn]}"}
            seat = f"/games/{game}/seats/{turn}"
            view = self._call("GET", seat, view_type, 200, headers=auth)
            actions = plays[turn](view, bot_seed(server_seed, turn, view.version))
            headers = {**auth, "If-Match": f'"{view.version}"'}
            self.decisions += 1
            answer: _Answered
            if actions is None:
                answer = self._call("POST", f"{seat}/dead", _Answered, 200, headers=headers)
            else:
                headers["Content-Type"] = "application/json"
                content = msgspec.json.encode({"actions": actions})
                answer = self._call(
                    "POST", f"{seat}/turns", _Answered, 200, headers=headers, content=content
                )
            turn = answer.view.turn
            if turn is None:
                return answer.next_game
        return None
