"""The rules spec's `Driver` over HTTP: every command and every read is a request.

`HttpDriver` speaks to the service through any httpx client: a Litestar `TestClient`
over the app in process (the caller opens it as a context manager, so the app's
lifespan runs), or an `httpx.Client(base_url=URL)` to a server anywhere (the
conformance kit, conformance.py). It deals with an explicit deck where the server
allows one (`Settings.allow_deck`); a server that refuses it (403 `deck-not-allowed`)
has the scenario skipped, saying why. It keeps the seat tokens `POST /games` hands
out, and answers in the shapes `DomainDriver` gives: the API's envelopes (`TurnResult`,
`EventsPage`, `MovesView`) are unwrapped, and a refusal's `application/problem+json` body becomes
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

import httpx
import pytest

from domain.games import DEFAULT_GAME, GAMES
from service.store import GameStore
from service.store.clocks import ClockRow
from service.usecases import timeouts

from .conformance import CLOCK_IN_PROCESS, DECK_REFUSED
from .drivers import Json, Outcome, Refusal

PROBLEM_MEDIA_TYPE = "application/problem+json"
_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


class HttpDriverError(RuntimeError):
    """The service answered in a way no rule explains: a bad token, a crash, no problem."""


class HttpDriver:
    """One game at a time, over the service's REST API."""

    def __init__(self, client: httpx.Client) -> None:
        self._client = client
        self._game: str | None = None
        self._tokens: tuple[str | None, ...] = ()
        self._match: str | None = None
        self._host = ""
        self._claims: dict[int, str] = {}
        self._seen = 0

    @property
    def game_id(self) -> str:
        """The game being played (for the live-update streams)."""
        if self._game is None:
            raise RuntimeError("no game has been started")
        return self._game

    @property
    def tokens(self) -> tuple[str | None, ...]:
        """Each seat's bearer token, by seat (None for a bot's seat, R33)."""
        return self._tokens

    @property
    def client(self) -> httpx.Client:
        """The client the driver speaks through (for the records of bot seats' games)."""
        return self._client

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
        return self._created(self._client.post("/games", json={**body, "deck": list(deck)}))

    def _created(self, response: httpx.Response) -> Outcome:
        _skip_if_decks_are_refused(response)
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
        app = getattr(self._client, "app", None)
        if app is None:
            # A server elsewhere (the conformance kit): its clock runs on its own time.
            pytest.skip(f"{CLOCK_IN_PROCESS} (the turn runs out at {deadline})")
        store = app.state.store
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

    # --- the draw games ---------------------------------------------------------------

    def start_hand(
        self,
        game: str,
        players: Sequence[str],
        deck: Sequence[str] | None,
        rules: Mapping[str, Any],
        dealer: int | None,
        *,
        number: int = 1,
        seed: str | None = None,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Deal a hand of a draw game: `POST /games` with its `game`, `draw_rules` (tagged
        with the game) and `hand`, from an explicit deck, or from the seed, which draws the
        dealer too (the service takes a dealer only with a deck, P6)."""
        body: Json = {
            "players": list(players),
            "game": game,
            "draw_rules": {"game": game, **rules},
            "hand": number,
            **(table or {}),
        }
        if deck is not None:
            body.update(deck=list(deck), dealer=dealer or 0)
        else:
            if dealer is not None:
                raise HttpDriverError("the service draws the dealer from the seed (P6)")
            body["seed"] = seed
        return self._created(self._client.post("/games", json=body))

    def match_winners(
        self, game: str, totals: Sequence[int], played: int, target: int | None, hands: int | None
    ) -> list[int] | None:
        raise NotImplementedError("a match of a draw game's hands is a domain-only step so far")

    # --- bot seats (R33, R34) --------------------------------------------------------

    def start_with_bots(self, bots: Sequence[str | None], body: Mapping[str, Any]) -> Outcome:
        """Deal a game (`POST /games` with `body`) whose seats are the people of `_NAMES`
        and, where `bots` names one, that seat's bot (`{"bot": name}`)."""
        players: list[Any] = [
            _NAMES[seat] if bot is None else {"bot": bot} for seat, bot in enumerate(bots)
        ]
        return self._created(self._client.post("/games", json={**body, "players": players}))

    def open_match_with_bots(
        self,
        bots: Sequence[str | None],
        options: Mapping[str, Any],
        seed: str,
        table: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Open a match of open seats whose `bots` the service plays (R34): one entry per
        seat, a bot's name or None for a seat a person claims; `table` holds the service's
        table options (`turn_seconds`)."""
        entries = [None if bot is None else {"bot": bot} for bot in bots]
        body = {"seats": len(bots), "bots": entries, "options": dict(options), "seed": seed}
        return self._open({**body, **(table or {})})

    # --- matches -------------------------------------------------------------------

    def start_match(
        self,
        seats: int,
        options: Mapping[str, Any],
        decks: Sequence[Sequence[str]],
        dealer: int,
    ) -> Outcome:
        body = {"players": list(_NAMES[:seats]), "options": dict(options), "dealer": dealer}
        return self._open({**body, "decks": [list(deck) for deck in decks]})

    def open_match(self, seats: int, options: Mapping[str, Any], seed: str, named: bool) -> Outcome:
        table: Json = {"players": list(_NAMES[:seats])} if named else {"seats": seats}
        return self._open({**table, "options": dict(options), "seed": seed})

    def claim_seat(self, seat: int, name: str, seat_seed: str | None) -> Outcome:
        body = {"name": name, "seat_seed": seat_seed}
        response = self._client.post(self._match_path(f"/seats/{seat}/claim"), json=body)
        if response.status_code == 201:
            self._claims[seat] = response.json()["token"]
        return self._match_answer(response, 201)

    def leave_seat(self, seat: int) -> Outcome:
        token = self._claims.get(seat, "")
        response = self._client.post(
            self._match_path(f"/seats/{seat}/leave"),
            headers={"Authorization": f"Bearer {token}"},
        )
        return self._match_answer(response, 200)

    def close_match(self) -> Outcome:
        response = self._client.post(
            self._match_path("/close"), headers={"Authorization": f"Bearer {self._host}"}
        )
        return self._match_answer(response, 200)

    def match_view(self) -> Json:
        return self._read(self._match_path(), None)

    def game_dealt(self, number: int) -> Json:
        game = self.match_view()["games"][number - 1]["game_id"]
        page = self._read(f"/games/{game}/events", None)
        return _object(page["events"][0]["event"])

    def _open(self, body: Json) -> Outcome:
        response = self._client.post("/matches", json=_draw_match(body))
        _skip_if_decks_are_refused(response)
        if response.status_code != 201:
            return Outcome(refusal=_refusal(response))
        created = response.json()
        self._match, self._host = str(created["match_id"]), str(created["host_token"])
        self._tokens = tuple(created["tokens"])
        self._claims = {}
        self._follow()
        return self._match_events(0)

    def _match_answer(self, response: Any, status: int) -> Outcome:
        if response.status_code != status:
            return Outcome(refusal=_refusal(response))
        version = response.json()["version"]
        self._follow()
        return self._match_events(self._seen, upto=version)

    def _match_events(self, since: int, upto: int | None = None) -> Outcome:
        page = self._read(self._match_path(f"/events?since={since}"), None)
        records = [r for r in page["events"] if upto is None or r["version"] <= upto]
        self._seen = max([since, *(r["version"] for r in records)])
        return Outcome(events=tuple(_object(record["event"]) for record in records))

    def _follow(self) -> None:
        """Play on in the match's game being played (or its last game, once it is over)."""
        view = self.match_view()
        games = view["games"]
        if games:
            self._game = view["current_game"] or games[-1]["game_id"]
        if self._claims:
            # A seat not claimed (a bot's, R34) has no token: None.
            self._tokens = tuple(self._claims.get(seat) for seat in range(len(view["seats"])))

    def _match_path(self, rest: str = "") -> str:
        if self._match is None:
            raise RuntimeError("no match has been opened")
        return f"/matches/{self._match}{rest}"

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
        if self._match is not None:
            self._follow()
        return Outcome(events=tuple(_object(record["event"]) for record in records))

    def _read(self, path: str, viewer: int | None) -> Json:
        response = self._client.get(path, headers=self._auth(viewer))
        if response.status_code != 200:
            raise HttpDriverError(f"GET {path}: {response.status_code} {response.text}")
        return _object(response.json())


def _draw_match(body: Json) -> Json:
    """A match of a draw game as `POST /matches` takes it: the scenario's options name the
    `game`, which the body names beside them, and its `rules`, which are the body's
    `draw_rules` (tagged with the game); a draw match's options are `games` or `target`."""
    options = dict(body.get("options", {}))
    game = options.pop("game", DEFAULT_GAME)
    if not GAMES[game].has_stock:
        return body
    rules = options.pop("rules", {})
    drawn = {**body, "game": game, "options": options, "draw_rules": {"game": game, **rules}}
    if not drawn.get("decks"):
        drawn.pop("decks", None)
        drawn.pop("dealer", None)
    return drawn


def _skip_if_decks_are_refused(response: httpx.Response) -> None:
    """A server that allows no explicit deck cannot run a scenario dealt from one."""
    if response.status_code == 403 and _problem_code(response) == "deck-not-allowed":
        pytest.skip(DECK_REFUSED)


def _problem_code(response: httpx.Response) -> object:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


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
